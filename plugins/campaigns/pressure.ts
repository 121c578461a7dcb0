/**
 * Pressure rules of a campaign (CONTRACT.md §8), pure. A profile (`mode`) sets the starting
 * level and the cap; a level of 4 (freeze_block) or above needs a counsel approval reference;
 * the cap holds after every change, a change of mode included.
 */
import {
  COUNSEL_APPROVAL_FROM,
  type CampaignMode,
  type CampaignStatus,
  CAMPAIGN_STATUSES,
  MAX_PRESSURE,
  PROFILES,
} from "./values.js";

export interface PressureState {
  mode: CampaignMode;
  level: number;
}

export interface PressureRequest {
  /** A new mode (PATCH); absent keeps the current one. */
  mode?: CampaignMode;
  /** A new level (PATCH or POST …/pressure); absent keeps the current one. */
  level?: number;
  counselApprovalId?: string | null;
}

export type PressureOutcome =
  | { ok: true; state: PressureState }
  | {
      ok: false;
      code: "counsel_approval_required" | "pressure_exceeds_profile";
      state: PressureState;
      cap: number;
    };

export const capOf = (mode: CampaignMode): number => PROFILES[mode].cap;
export const startOf = (mode: CampaignMode): number => PROFILES[mode].start;

/**
 * The state after a request, or why it is refused. Counsel approval is asked of the level being
 * set: keeping an approved level of 4+ while changing only the mode needs no new approval.
 * The approval check (403) comes before the cap (422), as CONTRACT.md §2 orders permission
 * errors before state rules.
 */
export function applyPressure(current: PressureState, request: PressureRequest): PressureOutcome {
  const state: PressureState = {
    mode: request.mode ?? current.mode,
    level: request.level ?? current.level,
  };
  if (!Number.isInteger(state.level) || state.level < 0 || state.level > MAX_PRESSURE)
    throw new RangeError(`pressure level must be an integer 0–${MAX_PRESSURE}`);
  const cap = capOf(state.mode);
  if (
    request.level !== undefined &&
    request.level >= COUNSEL_APPROVAL_FROM &&
    !request.counselApprovalId?.trim()
  )
    return { ok: false, code: "counsel_approval_required", state, cap };
  if (state.level > cap) return { ok: false, code: "pressure_exceeds_profile", state, cap };
  return { ok: true, state };
}

/** Status moves (SPEC.md leaves them open): a closed campaign is final. */
export const STATUS_MOVES: Record<CampaignStatus, readonly CampaignStatus[]> = {
  active: ["paused", "closed"],
  paused: ["active", "closed"],
  closed: [],
};

export const isCampaignStatus = (v: string): v is CampaignStatus =>
  (CAMPAIGN_STATUSES as readonly string[]).includes(v);
