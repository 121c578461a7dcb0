/**
 * Where focus candidates come from: one source per target type, registered by the module that
 * owns the records in its manifest's register(): this module registers wallets, exchanges,
 * issuers and operator tasks (gatherers.ts), the packets module packets
 * (plugins/packets/focus-source.ts) and the actions module actions
 * (plugins/actions/focus-source.ts). Registering a target type again replaces the earlier
 * source. A source's `load` reads its records for every matter of the request in one statement
 * (through a request loader), which keeps the board's statement count fixed.
 *
 * A source that can tell which counterparties have a usable channel registers it with
 * registerChannelSource (the relationships module: plugins/relationships/channel-source.ts);
 * the `channel` criterion reads it.
 */
import type { RequestContext } from "../../src/context.js";
import type { MatterEvidence } from "./evidence.js";
import type { Candidate, Signals } from "./focus.js";
import type { TargetType } from "./values.js";

export interface TargetSet {
  /** Attribution wallet ids (`wal_…`) of the matter. */
  wallets: string[];
  /** Exchange names the matter's exchange hypotheses name. */
  exchanges: string[];
  /** Stablecoin issuer names the matter's stablecoin exposures name. */
  issuers: string[];
  /** Debtor ids (`dbt_…`) of the matter. */
  debtors: string[];
}

/** What a source sees of a campaign. */
export interface CampaignFacts {
  campaignId: string;
  matterId: string;
  judgmentId: string;
  pressureLevel: number;
  targetSet: TargetSet;
  evidence: MatterEvidence;
  /** True when a usable channel to this counterparty (exchange, issuer) is known. */
  hasChannel(counterparty: string): boolean;
  /** Today (UTC), the day deadlines are measured from. */
  today: string;
}

/**
 * A candidate before amounts are compared: `amountUsd` becomes the `amount` signal once every
 * candidate of the campaign is known (amount.ts).
 */
export interface RawCandidate {
  targetType: TargetType;
  targetId: string;
  label: string;
  amountUsd: number;
  signals: Omit<Signals, "amount">;
  /** The next claw action when this target tops the focus (Candidate.step). */
  step?: Candidate["step"];
}

export interface CandidateSource<F = unknown> {
  targetType: TargetType;
  /** The source's own records for many matters at once (a fixed number of SQL statements). */
  load?: (ctx: RequestContext, matterIds: readonly string[]) => Promise<Map<string, F>>;
  /** The campaign's candidates of this type, pure over the loaded facts. */
  gather: (facts: CampaignFacts, own: F | undefined) => RawCandidate[];
}

export type ChannelSource = (
  ctx: RequestContext,
  matterIds: readonly string[],
) => Promise<Map<string, ReadonlySet<string>>>;

const sources = new Map<TargetType, CandidateSource<any>>();
const channelSources = new Map<string, ChannelSource>();

export function registerCandidateSource<F>(source: CandidateSource<F>): void {
  sources.set(source.targetType, source);
}

export function candidateSources(): CandidateSource<any>[] {
  return [...sources.values()];
}

/**
 * `load` returns, per matter, the names of counterparties with a usable channel in their
 * comparison form (`normalizeName` of plugins/core/names.ts); `hasChannel` compares in that form.
 */
export function registerChannelSource(name: string, load: ChannelSource): void {
  channelSources.set(name, load);
}

export function channelSourceList(): Array<[string, ChannelSource]> {
  return [...channelSources.entries()];
}
