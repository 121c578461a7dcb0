/**
 * `npm run demo`: one sandbox case walked through the nine stations of SPEC.md (authority grant,
 * adversary graph, attribution, packets, gates, actions, ledger, waterfall, audit) with real HTTP
 * requests, one line per step with the ids it made, then the waterfall table and the audit chain
 * verification. Exits non-zero at the first unexpected status.
 *
 *   npm run demo                                   # embedded server, fresh in-memory PGlite
 *   npm run demo -- --base-url URL --key md_test_… # a running server
 *
 * With --key, a key that may create organizations (the bootstrap admin's) makes a demo tenant
 * and a key of it; any other sandbox key with scope `*` runs the case in its own organization.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

/** An EVM address whose synthetic sandbox data holds stablecoins and reaches exchanges. */
const SANDBOX_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

export interface DemoOptions {
  baseUrl: string;
  key: string;
  /** Where the readable lines go (stdout by default). */
  print?: (line: string) => void;
}

export interface DemoResult {
  organizationId: string | null;
  matterId: string;
  waterfallId: string;
  auditValid: boolean;
  /** Every id the walk created, by what it is. */
  ids: Record<string, string>;
}

class DemoFailure extends Error {}

type Json = Record<string, any>;

/** Walks the case; throws DemoFailure naming the step at the first unexpected status. */
export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const base = options.baseUrl.replace(/\/+$/, "");
  const ids: Record<string, string> = {};
  let secret = options.key;
  let step = 0;

  async function call(
    method: string,
    path: string,
    body: unknown,
    expected: number,
    what: string,
  ): Promise<Json> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${secret}`,
      "MD-Version": "2026-06-11",
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== expected)
      throw new DemoFailure(
        `${what}: ${method} ${path} answered ${res.status}, expected ${expected}: ${text}`,
      );
    return JSON.parse(text) as Json;
  }
  const post = (path: string, body: unknown, what: string, expected = 201) =>
    call("POST", path, body, expected, what);
  const get = (path: string, what: string) => call("GET", path, undefined, 200, what);
  const line = (station: string, text: string, made: Record<string, string> = {}) => {
    Object.assign(ids, made);
    const named = Object.entries(made).map(([k, v]) => `${k}=${v}`);
    print(
      `${String(++step).padStart(2)}. [${station}] ${text}${named.length ? `  (${named.join(", ")})` : ""}`,
    );
  };

  // ---- the tenant -------------------------------------------------------------------------
  const health = await get("/v1/health", "health");
  line("setup", `server ${health.status}, version ${health.version}, ${health.environment}`);
  let organizationId: string | null = null;
  const probe = await fetch(`${base}/v1/organizations`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: `Demo Recovery ${randomBytes(3).toString("hex")}`,
      type: "recovery_operator",
    }),
  });
  const created = JSON.parse(await probe.text()) as Json;
  if (probe.status === 201) {
    organizationId = created.organization_id;
    const key = await post(
      `/v1/organizations/${organizationId}/api-keys`,
      { name: "demo operator", scopes: ["*"] },
      "issue the tenant's key",
    );
    secret = key.secret_once;
    line("setup", "tenant organization and its sandbox key", {
      organization: organizationId!,
      key: key.key_id,
    });
  } else if (probe.status === 403) {
    line("setup", "the key may not create organizations; the case runs in its own organization");
  } else {
    throw new DemoFailure(`create the demo tenant: ${probe.status} ${JSON.stringify(created)}`);
  }

  // ---- matter and authority ------------------------------------------------------------------
  const matter = await post(
    "/v1/matters",
    {
      name: "Acme Corp v. John Doe (demo)",
      mode: "small_judgment",
      lead_counsel: "Jordan Counsel, Esq.",
      economics: { holdback_percentage: 5, counsel_fee_percentage: 25, provider_percentage: 10 },
    },
    "create the matter",
  );
  const m = matter.matter_id as string;
  line("matter", `"${matter.name}" opened`, { matter: m });
  const jane = await post(
    `/v1/matters/${m}/claimants`,
    { name: "Jane Victim", role: "victim", economics: { share_percentage: 60 } },
    "add a claimant",
  );
  const acme = await post(
    `/v1/matters/${m}/claimants`,
    { name: "Acme Corp", role: "creditor", economics: { share_percentage: 40 } },
    "add a claimant",
  );
  line("matter", "claimants Jane Victim (60%) and Acme Corp (40%)", {
    claimant_jane: jane.claimant_id,
    claimant_acme: acme.claimant_id,
  });
  const grant = await post(
    `/v1/matters/${m}/authority`,
    {
      basis: "engagement_letter",
      granted_by: "Acme Corp (client)",
      source_refs: [{ source_type: "engagement_letter", title: "Signed engagement letter" }],
    },
    "grant authority",
  );
  line("1 authority", `authority granted (${grant.basis}), status ${grant.status}`, {
    authority: grant.authority_id,
  });

  // ---- judgment --------------------------------------------------------------------------------
  const entered = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const judgment = await post(
    "/v1/judgments/intake",
    {
      matter_id: m,
      court: "Superior Court of California, County of Los Angeles",
      case_number: `BC${randomBytes(3).toString("hex").toUpperCase()}`,
      jurisdiction: "CA",
      creditor: "Acme Corp",
      debtor: "John Doe",
      amount: { amount: 250000, currency: "USD" },
      date_entered: entered,
      source_refs: [{ source_type: "certified_judgment", title: "Certified copy of judgment" }],
    },
    "intake the judgment",
  );
  const j = judgment.judgment_id as string;
  line("1 authority", `judgment entered ${entered} for 250,000.00 USD`, { judgment: j });
  const validation = await post(`/v1/judgments/${j}/validate`, {}, "validate the judgment", 200);
  if (!validation.enforcement_ready)
    throw new DemoFailure(`validation not ready: ${JSON.stringify(validation.gates)}`);
  line(
    "1 authority",
    `validation: enforcement_ready, gates ${validation.gates.map((g: Json) => `${g.gate}=${g.status}`).join(" ")}`,
  );

  // ---- adversary graph ------------------------------------------------------------------------
  const debtor = await post(
    "/v1/debtors",
    { matter_id: m, type: "individual", legal_name: "John Doe", aliases: ["J. Doe"] },
    "create the debtor",
  );
  const graph = await post(
    `/v1/debtors/${debtor.debtor_id}/graph`,
    {},
    "build the debtor graph",
    200,
  );
  line(
    "2 adversary graph",
    `debtor and graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges`,
    {
      debtor: debtor.debtor_id,
      debtor_graph: graph.graph_id,
    },
  );

  // ---- attribution -----------------------------------------------------------------------------
  const imported = await post(
    "/v1/attribution/wallets/import",
    {
      matter_id: m,
      wallets: [
        {
          address: SANDBOX_WALLET,
          network: "ethereum",
          role: "debtor_controlled",
          source_refs: [{ source_type: "vasp_response", title: "Exchange KYC response" }],
        },
      ],
    },
    "import the debtor's wallet",
  );
  const walletId = imported.wallets[0].wallet_id as string;
  const claim = await post(
    "/v1/attribution/claims",
    {
      matter_id: m,
      subject: walletId,
      predicate: "controlled_by",
      object: debtor.debtor_id,
      source_type: "vasp_response",
      source_refs: [{ source_type: "vasp_response", title: "Exchange KYC response" }],
    },
    "claim control of the wallet",
  );
  const attribution = await post(
    "/v1/attribution/graph",
    { matter_id: m, wallet_ids: [walletId] },
    "build the attribution graph",
    200,
  );
  line(
    "3 attribution",
    `wallet ${SANDBOX_WALLET} controlled_by the debtor, confidence ${claim.confidence}`,
    {
      wallet: walletId,
      claim: claim.claim_id,
      attribution_graph: attribution.graph_id,
    },
  );
  const map = await post(
    "/v1/crypto/asset-map",
    { matter_id: m, wallets: [SANDBOX_WALLET] },
    "map the wallet's assets",
    200,
  );
  const exposure = map.token_exposures.reduce(
    (sum: number, e: Json) => sum + Math.round((e.usd_value ?? 0) * 100),
    0,
  );
  line(
    "3 attribution",
    `asset map: ${map.token_exposures.length} holdings worth ${money(exposure)} USD, ${map.exchange_hypotheses.length} exchange hypotheses, ${map.stablecoin_exposure.length} stablecoin exposures`,
    { asset_map: map.map_id },
  );

  // ---- gates: sanctions ---------------------------------------------------------------------
  const screen = await post(
    "/v1/sanctions/screen",
    { matter_id: m, wallets: [SANDBOX_WALLET], entities: ["John Doe"] },
    "screen the wallet and the debtor",
    200,
  );
  line("5 gates", `sanctions screen: ${screen.status}, ${screen.matches.length} matches`, {
    screen: screen.screen_id,
  });
  if (screen.status !== "clear") {
    const review = await post(
      "/v1/sanctions/review-packet",
      { matter_id: m, screen_id: screen.screen_id, notes: "Namesake check" },
      "open a sanctions review",
    );
    const decided = await post(
      `/v1/sanctions/${review.review_id}/decision`,
      {
        decision: "cleared",
        notes: "Not the listed person",
        counsel_owner: "Jordan Counsel, Esq.",
      },
      "clear the sanctions review",
      200,
    );
    line("5 gates", `sanctions review ${decided.status} by counsel`, { review: review.review_id });
  }

  // ---- packets -------------------------------------------------------------------------------
  const relationship = await post(
    "/v1/relationships",
    {
      counterparty_type: "exchange",
      counterparty_name: "Northwind Exchange",
      channel_type: "compliance_email",
      usable_by_provider: true,
      usable_by_counsel: true,
    },
    "register the exchange channel",
  );
  const packet = await post(
    "/v1/packets/exchange-freeze",
    {
      matter_id: m,
      judgment_id: j,
      wallets: [SANDBOX_WALLET],
      authorized_sender: "Jordan Counsel, Esq.",
      legal_authority_id: grant.authority_id,
      relationship_id: relationship.relationship_id,
      notes: "Freeze request for the debtor's deposits",
    },
    "prepare the exchange freeze packet",
  );
  line("4 packets", `exchange freeze packet prepared, status ${packet.status}`, {
    relationship: relationship.relationship_id,
    packet: packet.packet_id,
  });
  const approved = await post(
    `/v1/packets/${packet.packet_id}/review`,
    { decision: "approved", reviewer: "Jordan Counsel, Esq.", notes: "Ready to send" },
    "approve the packet",
    200,
  );
  line("5 gates", `packet review: ${approved.status}`);
  const contact = await post(
    `/v1/relationships/${relationship.relationship_id}/contact-log`,
    {
      matter_id: m,
      authorized_sender: "Jordan Counsel, Esq.",
      contact_type: "email",
      packet_id: packet.packet_id,
      outcome: "acknowledged",
    },
    "log the contact",
  );
  line("4 packets", "contact with the exchange logged: packet acknowledged", {
    contact_log: contact.contact_log_id,
  });

  // ---- actions -------------------------------------------------------------------------------
  const action = await post(
    "/v1/actions",
    {
      matter_id: m,
      type: "exchange",
      title: "Follow up on the freeze with Northwind Exchange",
      priority: "high",
      linked_packet_id: packet.packet_id,
    },
    "create the follow-up action",
  );
  const done = await post(
    `/v1/actions/${action.action_id}/complete`,
    { completion_notes: "Exchange confirmed the freeze and the turnover" },
    "complete the action",
    200,
  );
  line("6 actions", `action "${action.title}" ${done.status}`, { action: action.action_id });

  // ---- ledger ------------------------------------------------------------------------------
  const recovery = await post(
    "/v1/ledger/recovery-events",
    {
      matter_id: m,
      event_type: "turned_over",
      asset: "USDT",
      network: "ethereum",
      gross_amount: 25000,
      usd_value: 25000,
      source: "Northwind Exchange turnover",
      packet_id: packet.packet_id,
    },
    "record the recovery",
  );
  const ledger = await get(`/v1/ledger/matters/${m}`, "read the ledger");
  line(
    "7 ledger",
    `recovery recorded: 25,000 USDT turned over; total recovered ${money(Math.round(ledger.total_recovered.amount * 100))} USD`,
    {
      recovery_event: recovery.recovery_event_id,
    },
  );

  // ---- waterfall -----------------------------------------------------------------------------
  const waterfall = await post(
    "/v1/waterfall/calculate",
    {
      matter_id: m,
      recovery_event_ids: [recovery.recovery_event_id],
      costs: { court_costs: 1200, vendor_costs: 300 },
    },
    "calculate the waterfall",
    200,
  );
  line("8 waterfall", "waterfall calculated", { waterfall: waterfall.waterfall_id });
  const janeLine = waterfall.claimant_distributions.find(
    (c: Json) => c.claimant_id === jane.claimant_id,
  );
  const remittance = await post(
    "/v1/ledger/remittance-events",
    {
      matter_id: m,
      destination: "Jane Victim (client trust account)",
      amount: janeLine.amount,
      asset: "USDT",
      source_recovery_event_id: recovery.recovery_event_id,
      waterfall_id: waterfall.waterfall_id,
      claimant_id: jane.claimant_id,
    },
    "remit Jane's distribution",
  );
  line("8 waterfall", `remitted ${janeLine.amount} USDT to Jane Victim`, {
    remittance_event: remittance.remittance_event_id,
  });

  // ---- audit ---------------------------------------------------------------------------------
  const dashboard = await get(`/v1/matters/${m}/dashboard`, "read the dashboard");
  line(
    "summary",
    `dashboard: judgment ${money(Math.round(dashboard.judgment_value.amount * 100))}, exposure ${money(Math.round(dashboard.known_crypto_exposure.amount * 100))}, open actions ${dashboard.open_actions}, open packets ${dashboard.open_packets}, alerts ${dashboard.alerts}, recoveries ${dashboard.recovery_events}, provider ${money(Math.round(dashboard.provider_economics.amount * 100))}`,
  );
  const trail = await get(`/v1/audit/matters/${m}?limit=100`, "read the audit trail");
  const verify = await get(`/v1/audit/verify?matter_id=${m}`, "verify the audit chain");
  print("");
  for (const row of waterfallTable(waterfall, {
    [jane.claimant_id]: "Jane Victim",
    [acme.claimant_id]: "Acme Corp",
  }))
    print(`      ${row}`);
  print("");
  line(
    "9 audit",
    `audit chain ${verify.valid ? "VALID" : "INVALID"}: ${verify.events_checked} events checked, ${trail.items.length} on this matter, head ${String(verify.head_hash).slice(0, 16)}…`,
  );
  if (!verify.valid)
    throw new DemoFailure(`audit chain invalid at ${verify.first_invalid_event_id}`);
  return {
    organizationId,
    matterId: m,
    waterfallId: waterfall.waterfall_id,
    auditValid: verify.valid,
    ids,
  };
}

/** Cents as a readable amount: 2375000 → "23,750.00". */
function money(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}${units}.${String(abs % 100).padStart(2, "0")}`;
}

const centsOf = (amount: number) => Math.round(amount * 100);

/** The waterfall as a two-column table: each layer and what it takes, summing to gross. */
export function waterfallTable(w: Json, names: Record<string, string>): string[] {
  const rows: Array<[string, number]> = [["gross recovered", centsOf(w.gross_recovered.amount)]];
  rows.push(["costs", -centsOf(w.costs.total)]);
  for (const h of w.holdbacks) rows.push([`holdback: ${h.type}`, -centsOf(h.amount)]);
  rows.push(["counsel fees", -centsOf(w.counsel_fees.amount)]);
  rows.push(["provider economics", -centsOf(w.provider_economics.amount)]);
  for (const c of w.claimant_distributions)
    rows.push([`claimant: ${names[c.claimant_id] ?? c.claimant_id}`, -centsOf(c.amount)]);
  const rest = rows.reduce((sum, [, cents]) => sum + cents, 0);
  rows.push(["left undistributed", rest]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const out = rows.map(
    ([label, cents]) => `${label.padEnd(width)}  ${money(cents).padStart(14)} USD`,
  );
  out.splice(1, 0, "-".repeat(width + 20));
  return out;
}

/** Starts the embedded server on a free port with a fresh in-memory database. */
async function startEmbedded(): Promise<{ baseUrl: string; key: string; stop(): Promise<void> }> {
  const [{ createApp }, { loadConfig }, { createLogger }, { createHttpServer }] = await Promise.all(
    [
      import("../src/app.js"),
      import("../src/config.js"),
      import("../src/logger.js"),
      import("../src/http/node-server.js"),
    ],
  );
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const key = `md_test_${[...randomBytes(40)].map((b) => alphabet[b % 62]).join("")}`;
  const base = loadConfig({ ...process.env, MD_BOOTSTRAP_SECRET: key });
  const app = await createApp(
    {
      ...base,
      database: { kind: "pglite", dataDir: "memory://" },
      bootstrapSecret: key,
      logLevel: "silent",
      webhooks: { ...base.webhooks, workerEnabled: false },
      jobs: { intervalMs: 0 },
    },
    { logger: createLogger("silent") },
  );
  const server = createHttpServer((request) => app.fetch(request));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    key,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

/** The command line: returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { "base-url": { type: "string" }, key: { type: "string" } },
    strict: true,
  });
  if (Boolean(values["base-url"]) !== Boolean(values.key)) {
    process.stderr.write("demo: give both --base-url and --key, or neither\n");
    return 2;
  }
  let embedded: Awaited<ReturnType<typeof startEmbedded>> | null = null;
  try {
    if (!values["base-url"]) {
      embedded = await startEmbedded();
      process.stdout.write(`Embedded server on ${embedded.baseUrl} (in-memory PGlite)\n`);
    }
    const result = await runDemo({
      baseUrl: values["base-url"] ?? embedded!.baseUrl,
      key: values.key ?? embedded!.key,
    });
    process.stdout.write(`Demo complete: matter ${result.matterId}, audit chain verified.\n`);
    return 0;
  } catch (error) {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  } finally {
    await embedded?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await main(process.argv.slice(2)));
}
