import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { projectPath } from "../../src/paths.js";
import { addressKey, isNetwork, type Network } from "./networks.js";

/**
 * The reference data of data/ (stablecoins.json, exchange-labels.json), read once and put in the
 * shapes the stations use. Rows the data marks unknown stay unknown: a deployment without
 * confirmed decimals is left out (its amounts could not be read), never guessed.
 */
const DATA_DIR = projectPath("data");
const readJson = (file: string) => JSON.parse(readFileSync(resolve(DATA_DIR, file), "utf8"));

/** issuer_can_freeze: the issuer's contract has a freeze/blacklist control (per the data). */
export type FreezeCapability = "issuer_can_freeze" | "no_issuer_freeze" | "unconfirmed";

export interface StablecoinDeployment {
  symbol: string;
  issuer: string;
  network: Network;
  contract: string;
  decimals: number;
  freezeCapability: FreezeCapability;
  /** What the data says about freezing and recovering this deployment's tokens. */
  freezeNotes: string;
  /** Functions a remediation packet can name (freeze, burn/wipe of a frozen balance). */
  freezeFunction: string | null;
  burnFunction: string | null;
  /** Some facts are not confirmed by the sources (medium/low confidence, bridged copies). */
  uncertain: boolean;
  source: string;
}

export interface ExchangeLabel {
  exchange: string;
  label: string | null;
  network: Network;
  address: string;
  sources: string[];
}

type Json = Record<string, any>;

/** The leading function signature of a note ("wipeFrozenAddress(address) - …"), if it has one. */
const signatureOf = (text: unknown): string | null =>
  typeof text === "string" ? (/^[A-Za-z_]\w*\([^)]*\)/.exec(text)?.[0] ?? null) : null;

function freezeFacts(coin: Json, variant: string | null, network: Network) {
  const f = coin.freeze as Json;
  if (variant === "bridged")
    return {
      capability: "unconfirmed" as const,
      notes: `Bridged copy of ${coin.symbol}: controlled by the bridge operator, not ${coin.issuer}.`,
      freeze: null,
      burn: null,
      uncertain: true,
    };
  if (coin.symbol === "USDe") {
    const staked = variant === "sUSDe";
    return {
      capability: staked ? ("issuer_can_freeze" as const) : ("no_issuer_freeze" as const),
      notes: staked ? `sUSDe: ${f.susde.freeze}. ${f.note}` : `USDe: ${f.usde}`,
      freeze: staked ? String(f.susde.freeze) : null,
      // redistributeLockedAmount burns a fully restricted holder's sUSDe and mints it elsewhere.
      burn: staked ? signatureOf(f.susde.burn_frozen_balance) : null,
      uncertain: staked,
    };
  }
  if (f.can_freeze !== true)
    return {
      capability: "no_issuer_freeze" as const,
      notes: String(f.note ?? "No issuer freeze control."),
      freeze: null,
      burn: null,
      uncertain: false,
    };
  if (network === "solana" && typeof f.solana === "string")
    return {
      capability: "unconfirmed" as const,
      notes: f.solana,
      freeze: null,
      burn: null,
      uncertain: true,
    };
  const legacy = f.ethereum_tron_legacy_contract as Json | undefined;
  if (legacy && (network === "ethereum" || network === "tron"))
    return {
      capability: "issuer_can_freeze" as const,
      notes: `${legacy.freeze}; ${legacy.burn_frozen_balance}. ${f.burn_and_reissue ?? ""}`.trim(),
      freeze: String(legacy.freeze),
      burn: signatureOf(legacy.burn_frozen_balance),
      uncertain: false,
    };
  if (legacy)
    return {
      capability: "issuer_can_freeze" as const,
      notes: String(
        f.newer_deployments?.note ?? "Freeze functions of this deployment unconfirmed.",
      ),
      freeze: null,
      burn: null,
      uncertain: true,
    };
  const burn = typeof f.burn_frozen_balance === "string" ? f.burn_frozen_balance : null;
  return {
    capability: "issuer_can_freeze" as const,
    notes: [f.freeze ?? f.note, burn, f.freeze ? f.note : null].filter(Boolean).join("; "),
    freeze: typeof f.freeze === "string" ? f.freeze : null,
    burn: signatureOf(burn),
    uncertain: !f.freeze || typeof f.confidence === "string",
  };
}

/** "polygon (bridged USDC.e)" → network and variant; null when not a token we can read. */
function parseNetwork(text: string): { network: Network; variant: string | null } | null {
  const m = /^([a-z]+)(?:\s*\((.*)\))?$/.exec(text.trim());
  if (!m || !isNetwork(m[1]!)) return null;
  const note = m[2] ?? "";
  if (/adapter/i.test(note)) return null;
  if (/sUSDe/.test(note)) return { network: m[1] as Network, variant: "sUSDe" };
  if (/bridged/i.test(note)) return { network: m[1] as Network, variant: "bridged" };
  return { network: m[1] as Network, variant: null };
}

export function loadStablecoins(raw: Json = readJson("stablecoins.json")): StablecoinDeployment[] {
  const out: StablecoinDeployment[] = [];
  for (const coin of raw.stablecoins as Json[]) {
    for (const d of coin.deployments as Json[]) {
      const parsed = parseNetwork(String(d.network));
      if (!parsed || typeof d.decimals !== "number") continue;
      const facts = freezeFacts(coin, parsed.variant, parsed.network);
      const pegged = typeof d.issuer_note === "string";
      const symbol =
        parsed.variant === "sUSDe"
          ? "sUSDe"
          : parsed.variant === "bridged" && /USDC\.e/.test(d.network)
            ? "USDC.e"
            : String(coin.symbol);
      out.push({
        symbol,
        issuer: pegged ? `${String(d.issuer_note).split(/[;,.]/)[0]}` : String(coin.issuer),
        network: parsed.network,
        contract: String(d.address),
        decimals: d.decimals,
        freezeCapability: pegged ? "unconfirmed" : facts.capability,
        freezeNotes: pegged ? `${d.issuer_note} ${facts.notes}` : facts.notes,
        freezeFunction: pegged ? null : facts.freeze,
        burnFunction: pegged ? null : facts.burn,
        uncertain: pegged || facts.uncertain,
        source: `data/stablecoins.json (${raw.generated}): ${(d.sources as string[]).join("; ")}`,
      });
    }
  }
  return out;
}

/** The exchange a label row of another EVM chain belongs to: a known exchange its tag starts with. */
function exchangeOfTag(tag: string, names: readonly string[]): string {
  const lower = tag.toLowerCase();
  const hit = names.find((n) =>
    n
      .toLowerCase()
      .split(/[ ()]+/)
      .filter((w) => w.length > 2)
      .some((w) => lower.startsWith(w)),
  );
  return (
    hit ??
    tag
      .split(":")[0]!
      .replace(/\s+\d+$/, "")
      .trim()
  );
}

export function loadExchangeLabels(raw: Json = readJson("exchange-labels.json")): ExchangeLabel[] {
  const out: ExchangeLabel[] = [];
  const names = (raw.exchanges as Json[]).map((e) => String(e.exchange));
  for (const e of raw.exchanges as Json[]) {
    for (const network of ["ethereum", "tron", "bitcoin"] as const) {
      for (const row of (e[network] ?? []) as Json[]) {
        out.push({
          exchange: String(e.exchange),
          label: row.label ?? null,
          network,
          address: String(row.address),
          sources: row.sources ?? [],
        });
      }
    }
  }
  for (const row of raw.other_evm_chains.addresses as Json[]) {
    if (!isNetwork(row.chain)) continue;
    out.push({
      exchange: exchangeOfTag(String(row.label), names),
      label: row.label ?? null,
      network: row.chain,
      address: String(row.address),
      sources: [String(row.source)],
    });
  }
  return out;
}

/** Lookups over the reference data, built once per process. */
export class ReferenceData {
  readonly labelsByNetwork = new Map<Network, ExchangeLabel[]>();
  private readonly labels = new Map<string, ExchangeLabel>();
  private readonly tokens = new Map<string, StablecoinDeployment>();

  constructor(
    readonly stablecoins: StablecoinDeployment[],
    labels: ExchangeLabel[],
  ) {
    for (const l of labels) {
      const key = `${l.network}:${addressKey(l.network, l.address)}`;
      if (this.labels.has(key)) continue; // first listed exchange wins (the data notes one overlap)
      this.labels.set(key, l);
      const list = this.labelsByNetwork.get(l.network) ?? [];
      list.push(l);
      this.labelsByNetwork.set(l.network, list);
    }
    for (const s of stablecoins)
      this.tokens.set(`${s.network}:${addressKey(s.network, s.contract)}`, s);
  }

  /** Adds tokens (e.g. configured test contracts); later entries replace earlier ones. */
  withTokens(extra: readonly StablecoinDeployment[]): ReferenceData {
    if (!extra.length) return this;
    const byKey = new Map(
      this.stablecoins.map((s) => [`${s.network}:${addressKey(s.network, s.contract)}`, s]),
    );
    for (const s of extra) byKey.set(`${s.network}:${addressKey(s.network, s.contract)}`, s);
    return new ReferenceData([...byKey.values()], [...this.labels.values()]);
  }

  labelOf(network: Network, address: string): ExchangeLabel | undefined {
    return this.labels.get(`${network}:${addressKey(network, address)}`);
  }

  token(network: Network, contract: string): StablecoinDeployment | undefined {
    return this.tokens.get(`${network}:${addressKey(network, contract)}`);
  }

  tokensOn(network: Network): StablecoinDeployment[] {
    return this.stablecoins.filter((s) => s.network === network);
  }

  symbols(): Set<string> {
    return new Set(this.stablecoins.map((s) => s.symbol));
  }
}

let cached: ReferenceData | null = null;
export function referenceData(): ReferenceData {
  cached ??= new ReferenceData(loadStablecoins(), loadExchangeLabels());
  return cached;
}
