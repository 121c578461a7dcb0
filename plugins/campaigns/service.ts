/**
 * Lookups and checks of the campaign writes: 400s first (pure), then what must exist in the
 * caller's reach and in the campaign's matter (404), as CONTRACT.md §2 orders them.
 */
import type { RequestContext } from "../../src/context.js";
import type { ScopedTx } from "../../src/db/tenant-scope.js";
import { ApiError, invalid } from "../../src/errors.js";
import type { Campaign } from "../../src/generated/prisma/client.js";
import { newId } from "../../src/ids.js";
import { findMatter } from "../matters/service.js";
import { findJudgment } from "../judgments/service.js";
import { STATUS_MOVES } from "./pressure.js";
import type { TargetSet } from "./registry.js";
import { forgetPressureHistory } from "./view.js";
import { type CampaignStatus, MAX_LEADS, MAX_PRESSURE } from "./values.js";

const absent = (what: string, id: string, param?: string) =>
  new ApiError("resource_missing", {
    message: `No such ${what}: '${id}'.`,
    ...(param ? { param } : {}),
  });

export async function findCampaign(ctx: RequestContext, id: string, param?: string) {
  const found = await ctx.db.campaign.findUnique({ where: { id } });
  if (!found) throw absent("campaign", id, param);
  return found;
}

/**
 * The campaign `id` if the caller can reach it and it belongs to `matterId`; otherwise 404
 * naming `param` (another matter's campaign is indistinguishable from an absent one). `db` is
 * the caller's scoped client, or the transaction of its write().
 */
export async function findCampaignOfMatter(
  ctx: RequestContext,
  matterId: string,
  id: string,
  param: string,
  db: Pick<ScopedTx, "campaign"> = ctx.db,
) {
  const found = await db.campaign.findFirst({ where: { id, matterId } });
  if (!found) throw absent(`campaign in matter '${matterId}'`, id, param);
  return found;
}

/** 409 for any write to a closed campaign (a closed campaign is final). */
export function assertCampaignOpen(c: Pick<Campaign, "id" | "status">): void {
  if (c.status !== "closed") return;
  throw new ApiError("invalid_state_transition", {
    message: `Campaign '${c.id}' is closed; it cannot be changed.`,
    details: { from: "closed", allowed: [] },
  });
}

export function checkStatusMove(c: Pick<Campaign, "id" | "status">, to: CampaignStatus): void {
  const allowed = STATUS_MOVES[c.status as CampaignStatus] ?? [];
  if (to === c.status || allowed.includes(to)) return;
  throw new ApiError("invalid_state_transition", {
    param: "status",
    message: `Campaign '${c.id}' cannot move from '${c.status}' to '${to}'.`,
    details: { from: c.status, to, allowed },
  });
}

/** null is never a value of these inputs: absent means "keep". */
export function refuseNulls(input: Record<string, unknown>, prefix = ""): void {
  for (const [key, value] of Object.entries(input)) {
    const param = `${prefix}${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
    if (value === null) throw invalid(param, `${param} cannot be null.`);
  }
}

export function checkPressureLevel(level: number | null | undefined, param = "pressure_level") {
  if (level === undefined || level === null) return;
  if (!Number.isInteger(level) || level < 0 || level > MAX_PRESSURE)
    throw invalid(param, `${param} must be an integer from 0 to ${MAX_PRESSURE}.`);
}

export function checkApproval(id: string | null | undefined) {
  if (id === undefined || id === null) return;
  if (!id.trim() || id.length > 255)
    throw invalid(
      "counsel_approval_id",
      "counsel_approval_id must be 1–255 characters and not blank.",
    );
}

export function checkMaxLeads(n: number | null | undefined) {
  if (n === undefined || n === null) return;
  if (!Number.isInteger(n) || n < MAX_LEADS.min || n > MAX_LEADS.max)
    throw invalid(
      "max_leads",
      `max_leads must be an integer from ${MAX_LEADS.min} to ${MAX_LEADS.max}.`,
    );
}

export function checkNoRepeats(values: readonly string[] | null | undefined, param: string) {
  const seen = new Set<string>();
  (values ?? []).forEach((v, i) => {
    const key = v.trim().toLowerCase();
    if (!key) throw invalid(`${param}[${i}]`, `${param}[${i}] must not be blank.`);
    if (seen.has(key)) throw invalid(`${param}[${i}]`, `${param}[${i}] repeats '${v}'.`);
    seen.add(key);
  });
}

export type TargetSetPatch = Partial<Record<keyof TargetSet, readonly string[] | null>>;

const LISTS = ["wallets", "exchanges", "issuers", "debtors"] as const;

export function checkTargetSet(input: TargetSetPatch | null | undefined) {
  if (!input) return;
  refuseNulls(input as Record<string, unknown>, "target_set.");
  for (const list of LISTS) checkNoRepeats(input[list], `target_set.${list}`);
}

/**
 * The lists given, each item found in the matter or 404 naming it: wallet and debtor ids
 * among the matter's records, exchange and issuer names among those its exchange hypotheses
 * and stablecoin exposures name (case-insensitively; stored as sent). Four statements at most.
 */
export async function resolveTargetSet(
  ctx: RequestContext,
  matterId: string,
  input: TargetSetPatch,
): Promise<Partial<TargetSet>> {
  const out: Partial<TargetSet> = {};
  const byId = async (
    list: "wallets" | "debtors",
    what: string,
    find: (ids: string[]) => Promise<Array<{ id: string }>>,
  ) => {
    const ids = input[list];
    if (!ids) return;
    const found = new Set((ids.length ? await find([...ids]) : []).map((r) => r.id));
    ids.forEach((id, i) => {
      if (!found.has(id)) throw absent(`${what} in this matter`, id, `target_set.${list}[${i}]`);
    });
    out[list] = [...ids];
  };
  const byName = async (
    list: "exchanges" | "issuers",
    what: string,
    known: () => Promise<string[]>,
  ) => {
    const names = input[list];
    if (!names) return;
    const have = new Set((names.length ? await known() : []).map((n) => n.trim().toLowerCase()));
    names.forEach((name, i) => {
      if (!have.has(name.trim().toLowerCase()))
        throw absent(`${what} in this matter's evidence`, name, `target_set.${list}[${i}]`);
    });
    out[list] = [...names];
  };
  await byId("wallets", "wallet", (ids) =>
    ctx.db.wallet.findMany({ where: { matterId, id: { in: ids } }, select: { id: true } }),
  );
  await byId("debtors", "debtor", (ids) =>
    ctx.db.debtor.findMany({ where: { matterId, id: { in: ids } }, select: { id: true } }),
  );
  await byName("exchanges", "exchange", async () =>
    (
      await ctx.db.exchangeHypothesis.findMany({
        where: { matterId },
        select: { exchange: true },
        distinct: ["exchange"],
      })
    ).map((h) => h.exchange),
  );
  await byName("issuers", "stablecoin issuer", async () =>
    (
      await ctx.db.stablecoinExposure.findMany({
        where: { matterId },
        select: { issuer: true },
        distinct: ["issuer"],
      })
    ).map((x) => x.issuer),
  );
  return out;
}

/** The judgment, which must belong to the matter (another matter's is 404 like an absent one). */
export async function findJudgmentOfMatter(ctx: RequestContext, matterId: string, id: string) {
  const judgment = await findJudgment(ctx, id);
  if (judgment.matterId !== matterId) throw absent("judgment in this matter", id, "judgment_id");
  return judgment;
}

export { findMatter };

export interface PressureChange {
  fromLevel: number | null;
  toLevel: number;
  mode: string;
  source: "create" | "update" | "pressure";
  reason: string | null;
  counselApprovalId: string | null;
}

/** Appends one entry to the campaign's pressure history (inside the caller's write). */
export async function recordPressureChange(
  tx: ScopedTx,
  ctx: RequestContext,
  campaign: { id: string; matterId: string },
  change: PressureChange,
) {
  forgetPressureHistory(ctx, campaign.id);
  return tx.campaignPressureChange.create({
    data: {
      id: newId("campaignPressureChange"),
      matterId: campaign.matterId,
      campaignId: campaign.id,
      ...change,
      actorId: ctx.principal.actorId,
      requestId: ctx.requestId,
      createdAt: new Date(),
    } as never,
  });
}

/** The pressure refusals of CONTRACT.md §2 for a refused outcome of applyPressure. */
export function pressureRefusal(
  outcome: { code: "counsel_approval_required" | "pressure_exceeds_profile"; cap: number } & {
    state: { mode: string; level: number };
  },
): ApiError {
  if (outcome.code === "counsel_approval_required")
    return new ApiError("counsel_approval_required", {
      param: "counsel_approval_id",
      message: `Pressure level ${outcome.state.level} needs counsel approval: send counsel_approval_id.`,
      details: { pressure_level: outcome.state.level, approval_required_from: 4 },
    });
  return new ApiError("pressure_exceeds_profile", {
    param: "pressure_level",
    message: `Pressure level ${outcome.state.level} exceeds the ${outcome.state.mode} cap of ${outcome.cap}.`,
    details: { pressure_level: outcome.state.level, mode: outcome.state.mode, cap: outcome.cap },
  });
}

/** Memoizes a per-field lookup by its input object (gates and resolver share one result). */
export function memoByInput<I extends object, T>(
  ctx: RequestContext,
  name: string,
  input: I,
  load: () => Promise<T>,
): Promise<T> {
  let byInput = ctx.memo.get(name) as WeakMap<I, Promise<T>> | undefined;
  if (!byInput) {
    byInput = new WeakMap();
    ctx.memo.set(name, byInput);
  }
  let found = byInput.get(input);
  if (!found) {
    found = load();
    byInput.set(input, found);
  }
  return found;
}

/** 409 when the campaign changed between its read and a conditional update. */
export const changedConcurrently = (id: string) =>
  new ApiError("invalid_state_transition", {
    message: `Campaign '${id}' changed while this request was served; read it again and retry.`,
    details: { allowed: [] },
  });
