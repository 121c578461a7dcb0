/**
 * Focus ranking (CONTRACT.md §13), pure: each candidate's signals (each in [0, 1]) weighed by
 * the selected criteria. score = Σ wᵢ·sᵢ / Σ wᵢ over the selected criteria, rounded to 4
 * places, so it stays in [0, 1]; higher first, ties by target id (then target type).
 * Invariants (test/plugins/campaigns-domain.test.ts): deterministic, scores in [0, 1], ties by
 * id, and raising one of a target's signals never lowers its rank (weights are never negative
 * and rounding is monotone).
 */
import { invalid } from "../../src/errors.js";
import {
  type ClawActionKind,
  FOCUS_CRITERIA,
  type FocusCriterion,
  type TargetType,
} from "./values.js";

export type Signals = Record<FocusCriterion, number>;

export interface Candidate {
  targetType: TargetType;
  targetId: string;
  /** How a person names the target (an address, an exchange, "renewal deadline 2027-01-15"). */
  label: string;
  signals: Signals;
  /**
   * What working on the target means, when its source knows (packets and actions): the next
   * claw action when it tops the focus. Targets without one get the step of their pressure level.
   */
  step?: { kind: ClawActionKind; text: string };
}

export interface RankedTarget extends Candidate {
  focusScore: number;
  /** The criteria that drove the score, strongest first, with their values. */
  reason: string;
}

export interface FocusSettings {
  criteria: readonly FocusCriterion[];
  weights: Partial<Record<FocusCriterion, number>>;
}

export const DEFAULT_WEIGHT = 1;
export const MAX_WEIGHT = 100;
export const DEFAULT_FOCUS: FocusSettings = { criteria: FOCUS_CRITERIA, weights: {} };

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const two = (x: number) => x.toFixed(2);

/**
 * 400s of a focus request: criteria without repeats, weights 0–100 for selected criteria only,
 * and at least one selected criterion with a positive weight. Returns the settings to store.
 */
export function checkFocusSettings(
  criteria: readonly FocusCriterion[] | null | undefined,
  weights: Partial<Record<FocusCriterion, number | null>> | null | undefined,
): FocusSettings {
  const selected = criteria ?? FOCUS_CRITERIA;
  if (!selected.length) throw invalid("criteria", "criteria must name at least one criterion.");
  selected.forEach((c, i) => {
    if (selected.indexOf(c) !== i) throw invalid(`criteria[${i}]`, `'${c}' is listed twice.`);
  });
  const kept: Partial<Record<FocusCriterion, number>> = {};
  for (const [key, value] of Object.entries(weights ?? {}) as Array<[FocusCriterion, unknown]>) {
    if (value === undefined) continue;
    const param = `weights.${key}`;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_WEIGHT)
      throw invalid(param, `${param} must be a number from 0 to ${MAX_WEIGHT}.`);
    if (!selected.includes(key))
      throw invalid(param, `${param} weighs a criterion that criteria does not select.`);
    kept[key] = value;
  }
  const settings = { criteria: [...selected], weights: kept };
  if (!weighed(settings).some(([, w]) => w > 0))
    throw invalid("weights", "At least one selected criterion needs a weight above 0.");
  return settings;
}

/** The selected criteria with their weights, in the documented criterion order. */
export function weighed(settings: FocusSettings): Array<[FocusCriterion, number]> {
  return FOCUS_CRITERIA.filter((c) => settings.criteria.includes(c)).map((c) => [
    c,
    settings.weights[c] ?? DEFAULT_WEIGHT,
  ]);
}

export function scoreOf(signals: Signals, settings: FocusSettings): number {
  const weights = weighed(settings);
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  if (total <= 0) return 0;
  const sum = weights.reduce((acc, [c, w]) => acc + w * clamp01(signals[c]), 0);
  return clamp01(round4(sum / total));
}

/** Names the criteria that make up most of the score: strongest contributions first, up to 3. */
export function reasonOf(signals: Signals, settings: FocusSettings): string {
  const parts = weighed(settings)
    .map(([c, w]) => ({ c, w, s: clamp01(signals[c]), v: w * clamp01(signals[c]) }))
    .filter((p) => p.v > 0)
    .sort((a, b) => b.v - a.v || FOCUS_CRITERIA.indexOf(a.c) - FOCUS_CRITERIA.indexOf(b.c));
  if (!parts.length) return "No selected criterion scored above 0.";
  const total = parts.reduce((sum, p) => sum + p.v, 0);
  const drivers: typeof parts = [];
  let covered = 0;
  for (const p of parts) {
    if (drivers.length === 3 || (drivers.length && covered >= 0.8 * total)) break;
    drivers.push(p);
    covered += p.v;
  }
  const text = drivers
    .map((p) => `${p.c} ${two(p.s)}${p.w === DEFAULT_WEIGHT ? "" : ` × weight ${p.w}`}`)
    .join(", ");
  return `Driven by ${text}.`;
}

const byRank = (a: RankedTarget, b: RankedTarget) =>
  b.focusScore - a.focusScore ||
  (a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0) ||
  (a.targetType < b.targetType ? -1 : a.targetType > b.targetType ? 1 : 0);

export function rankTargets(
  candidates: readonly Candidate[],
  settings: FocusSettings = DEFAULT_FOCUS,
): RankedTarget[] {
  return candidates
    .map((c) => ({
      ...c,
      focusScore: scoreOf(c.signals, settings),
      reason: reasonOf(c.signals, settings),
    }))
    .sort(byRank);
}
