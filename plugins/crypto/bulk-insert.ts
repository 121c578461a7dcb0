import type { RequestContext } from "../../src/context.js";
import type { ScopedTx } from "../../src/db/tenant-scope.js";

/** Column → PostgreSQL type of the rows a station inserts in bulk. */
type Columns = Record<string, string>;

const HYPOTHESIS_COLUMNS: Columns = {
  id: "text",
  organization_id: "text",
  environment: "text",
  matter_id: "text",
  asset_map_id: "text",
  exchange: "text",
  wallet: "text",
  network: "text",
  hop: "text",
  basis: "jsonb",
  confidence: "double precision",
  evidence_tier: "text",
  label: "text",
  packet_readiness: "jsonb",
  source_refs: "jsonb",
  source_type: "text",
  created_at: "timestamptz",
};

const EXPOSURE_COLUMNS: Columns = {
  id: "text",
  organization_id: "text",
  environment: "text",
  matter_id: "text",
  asset_map_id: "text",
  issuer: "text",
  asset: "text",
  network: "text",
  wallet: "text",
  contract: "text",
  amount: "numeric",
  freeze_capability: "text",
  freeze_capability_notes: "text",
  remediation_candidates: "jsonb",
  review_required: "boolean",
  source_type: "text",
  created_at: "timestamptz",
};

const MAP_COLUMNS: Columns = {
  id: "text",
  organization_id: "text",
  environment: "text",
  matter_id: "text",
  chains: "text[]",
  include_stablecoins: "boolean",
  include_exchanges: "boolean",
  wallets: "jsonb",
  token_exposures: "jsonb",
  source_refs: "jsonb",
  source_type: "text",
  review_state: "jsonb",
  created_at: "timestamptz",
};

const TABLES = {
  crypto_asset_maps: MAP_COLUMNS,
  exchange_hypotheses: HYPOTHESIS_COLUMNS,
  stablecoin_exposures: EXPOSURE_COLUMNS,
} as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts rows as one JSON parameter (`jsonb_to_recordset`): an asset map of 50 wallets stores
 * hundreds of hypotheses and exposures and a large wallet list, and Prisma's per-value
 * parameters cost seconds on the embedded database. Raw SQL bypasses the scoped client's stamping, so the tenant columns are
 * set here from the principal, exactly as the scoped client would; callers insert only under
 * a matter they already found through the scoped client.
 */
export async function insertRows(
  tx: ScopedTx,
  ctx: RequestContext,
  table: keyof typeof TABLES,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  if (!rows.length) return;
  const columns = TABLES[table];
  const { organizationId, environment } = ctx.principal;
  const payload = rows.map((r) => {
    const out: Record<string, unknown> = { organization_id: organizationId, environment };
    for (const [k, v] of Object.entries(r))
      if (k !== "organizationId" && k !== "environment") out[snake(k)] = v;
    return out;
  });
  const names = Object.keys(columns);
  const shape = names.map((n) => `${n} ${columns[n]}`).join(", ");
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (${names.join(", ")}) SELECT ${names.join(", ")} FROM jsonb_to_recordset($1::jsonb) AS x(${shape})`,
    JSON.stringify(payload),
  );
}
