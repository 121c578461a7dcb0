/**
 * Enforcement profiles and the enforcement plan (CONTRACT §8, §9, §13), as pure functions.
 *
 * Pressure levels: 0 observe, 1 prepare, 2 preserve, 3 discover, 4 freeze_block,
 * 5 seize_turnover, 6 recover_distribute. A profile sets a starting level and a cap;
 * the plan never proposes an action above the cap, nor above what a constraint allows:
 * - bankruptcy known → nothing above `prepare` (11 U.S.C. 362(a) bars acts to collect);
 * - appeal stay known → nothing above `prepare` (execution and proceedings to enforce stayed);
 * - a failed validation gate → nothing above `prepare` until it passes;
 * - sanctions review pending → nothing above `discover` (ordinary collection paused; blocked
 *   property needs an OFAC licence);
 * - consumer debt → nothing above `discover` until an FDCPA review clears coercive steps.
 * Every suppressed action is listed in `blocked_actions`, and each active constraint gets one
 * entry there even if it suppressed nothing, so the reason is always visible.
 * Actions come only from what is given: one watch per wallet, one preservation packet per
 * exchange, a discovery action always, renewal reminders for open deadlines, and freeze,
 * turnover and ledger steps only when wallets or exchanges are known.
 */
import type { Deadline } from "./deadlines.js";
import { daysBetween } from "./deadlines.js";
import type { Gate } from "./validation.js";

export const PRESSURE_NAMES = [
  "observe",
  "prepare",
  "preserve",
  "discover",
  "freeze_block",
  "seize_turnover",
  "recover_distribute",
] as const;
export type PressureName = (typeof PRESSURE_NAMES)[number];

export const PROFILES = {
  measured: { start: 1, cap: 3 },
  assertive: { start: 2, cap: 5 },
  maximum_lawful: { start: 3, cap: 6 },
} as const;
export type ProfileName = keyof typeof PROFILES;

export function pressureName(level: number): PressureName {
  const name = PRESSURE_NAMES[level];
  if (name === undefined) throw new RangeError(`pressure level must be 0-6, got ${level}`);
  return name;
}

/** "measured", "Maximum Lawful", "maximum-lawful" → profile key; null when unknown. */
export function normalizeProfile(name: string): ProfileName | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return key in PROFILES ? (key as ProfileName) : null;
}

export interface ProfileResult {
  profile: ProfileName;
  pressure_level: number;
  pressure_name: PressureName;
  pressure_cap: number;
}

/** Starting pressure and cap of a profile; throws RangeError for an unknown profile. */
export function profileFor(name: string): ProfileResult {
  const profile = normalizeProfile(name);
  if (!profile) throw new RangeError(`unknown enforcement profile '${name}'`);
  const { start, cap } = PROFILES[profile];
  return { profile, pressure_level: start, pressure_name: pressureName(start), pressure_cap: cap };
}

export interface PlanConstraints {
  consumer_debt?: boolean;
  bankruptcy_known?: boolean;
  appeal_stay_known?: boolean;
  sanctions_review_required?: boolean;
}

export interface PlanInput {
  profile: string;
  constraints?: PlanConstraints;
  knownWallets?: readonly string[];
  knownExchanges?: readonly string[];
  deadlines?: readonly Deadline[];
  gates?: readonly Gate[];
  /** When given, renewal deadlines within 180 days get high priority. */
  today?: string;
}

export type ActionPriority = "high" | "normal" | "low";

export interface PlannedAction {
  type: string;
  title: string;
  priority: ActionPriority;
  reason: string;
  pressure_level: number;
  pressure_name: PressureName;
  /** The wallet, exchange or deadline date the action is about, if any. */
  target?: string;
}

export interface BlockedAction {
  type: string;
  reason: string;
}

export interface EnforcementPlanResult {
  profile: ProfileName;
  pressure_level: number;
  pressure_cap: number;
  /** The highest level this plan may use after constraints. */
  effective_cap: number;
  priority_actions: PlannedAction[];
  blocked_actions: BlockedAction[];
  review_required: boolean;
}

interface Limit {
  max: number;
  type: string;
  reason: string;
}

const PRIORITY_RANK: Record<ActionPriority, number> = { high: 0, normal: 1, low: 2 };

function uniqueTrimmed(values: readonly string[] | undefined, caseInsensitive: boolean): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values ?? []) {
    const t = v.trim();
    const key = caseInsensitive ? t.toLowerCase() : t;
    if (t === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

function action(
  level: number,
  type: string,
  title: string,
  priority: ActionPriority,
  reason: string,
  target?: string,
): PlannedAction {
  return {
    type,
    title,
    priority,
    reason,
    pressure_level: level,
    pressure_name: pressureName(level),
    ...(target === undefined ? {} : { target }),
  };
}

function candidates(input: PlanInput, wallets: string[], exchanges: string[]): PlannedAction[] {
  const out: PlannedAction[] = [];
  for (const d of input.deadlines ?? []) {
    if (d.status !== "open") continue;
    const soon = input.today !== undefined && daysBetween(input.today, d.date) <= 180;
    const what = d.scope === "real_property_lien" ? "real-property lien" : "judgment";
    out.push(
      action(
        1,
        "legal_process",
        `Renew the ${what} before ${d.date}`,
        soon ? "high" : "normal",
        d.basis,
        d.date,
      ),
    );
  }
  for (const w of wallets) {
    out.push(
      action(
        0,
        "watch",
        `Watch and trace wallet ${w}`,
        "normal",
        "Known debtor wallet: monitor movements and trace flows to exchanges and issuers.",
        w,
      ),
    );
  }
  for (const e of exchanges) {
    out.push(
      action(
        2,
        "exchange",
        `Send a preservation packet to ${e}`,
        "high",
        "Known exchange relationship: ask it to preserve account records and balances.",
        e,
      ),
    );
  }
  out.push(
    action(
      3,
      "discovery",
      "Serve post-judgment discovery on the debtor and third parties",
      "high",
      "Discovery in aid of execution (FRCP 69(a)(2) or the state equivalent) finds assets not yet known.",
    ),
  );
  for (const e of exchanges) {
    out.push(
      action(
        4,
        "legal_process",
        `Seek a restraining notice or freeze order for accounts at ${e}`,
        "high",
        "Known exchange: restrain the debtor's balances before they move.",
        e,
      ),
    );
  }
  if (exchanges.length > 0 || wallets.length > 0) {
    out.push(
      action(
        5,
        "legal_process",
        "Move for a turnover order or writ of execution over located assets",
        "normal",
        "Assets located at known exchanges or wallets can be reached by turnover or execution.",
      ),
    );
    out.push(
      action(
        6,
        "ledger",
        "Prepare the recovery ledger and distribution waterfall",
        "low",
        "Recoveries from located assets must be recorded and distributed by the waterfall.",
      ),
    );
  }
  return out;
}

function limitsOf(input: PlanInput): Limit[] {
  const c = input.constraints ?? {};
  const limits: Limit[] = [];
  if (c.bankruptcy_known) {
    limits.push({
      max: 1,
      type: "enforcement",
      reason:
        "Bankruptcy known: the automatic stay (11 U.S.C. 362(a)) bars acts to enforce the judgment or collect the debt; obtain relief from the stay first.",
    });
  }
  if (c.appeal_stay_known) {
    limits.push({
      max: 1,
      type: "execution",
      reason: "Appeal stay known: execution and proceedings to enforce the judgment are stayed.",
    });
  }
  for (const g of input.gates ?? []) {
    if (g.status === "fail") {
      limits.push({
        max: 1,
        type: "enforcement",
        reason: `Validation gate '${g.gate}' failed${g.reasons[0] ? `: ${g.reasons[0]}` : ""}`,
      });
    }
  }
  if (c.sanctions_review_required) {
    limits.push({
      max: 3,
      type: "freeze_block",
      reason:
        "Sanctions review pending: ordinary collection is paused and blocked property needs an OFAC licence.",
    });
  }
  if (c.consumer_debt) {
    limits.push({
      max: 3,
      type: "freeze_block",
      reason: "Consumer debt: FDCPA review required before freezing, seizing or recovering.",
    });
  }
  return limits;
}

/** The enforcement plan; throws RangeError for an unknown profile. */
export function plan(input: PlanInput): EnforcementPlanResult {
  const prof = profileFor(input.profile);
  const wallets = uniqueTrimmed(input.knownWallets, false);
  const exchanges = uniqueTrimmed(input.knownExchanges, true);
  const limits = limitsOf(input);
  const effectiveCap = Math.min(prof.pressure_cap, ...limits.map((l) => l.max));

  const priority: PlannedAction[] = [];
  const blocked: BlockedAction[] = limits.map((l) => ({ type: l.type, reason: l.reason }));
  for (const a of candidates(input, wallets, exchanges)) {
    if (a.pressure_level > prof.pressure_cap) continue; // outside the profile: not proposed at all
    if (a.pressure_level <= effectiveCap) {
      priority.push(a);
      continue;
    }
    const why = limits.filter((l) => a.pressure_level > l.max).map((l) => l.reason);
    blocked.push({ type: a.type, reason: `${a.title}: ${why.join(" ")}` });
  }
  // Stable sort: priority first, then the order the candidates were built in.
  priority.sort((x, y) => PRIORITY_RANK[x.priority] - PRIORITY_RANK[y.priority]);

  const gateReview = (input.gates ?? []).some((g) => g.status !== "pass");
  return {
    profile: prof.profile,
    pressure_level: Math.min(prof.pressure_level, effectiveCap),
    pressure_cap: prof.pressure_cap,
    effective_cap: effectiveCap,
    priority_actions: priority,
    blocked_actions: blocked,
    review_required: limits.length > 0 || gateReview,
  };
}
