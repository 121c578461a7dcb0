/**
 * Action status of CONTRACT.md §8, as pure functions. SPEC.md names the statuses and the one
 * move `complete → completed`; the rest is decided here: a live action (open, in_progress,
 * blocked) may move to any other status, and completed and cancelled are final: no move, and
 * no change of any other field, leaves them.
 */
export const ACTION_STATUSES = [
  "open",
  "in_progress",
  "blocked",
  "completed",
  "cancelled",
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

const MOVES: Record<ActionStatus, readonly ActionStatus[]> = {
  open: ["in_progress", "blocked", "completed", "cancelled"],
  in_progress: ["open", "blocked", "completed", "cancelled"],
  blocked: ["open", "in_progress", "completed", "cancelled"],
  completed: [],
  cancelled: [],
};

/** Where an action may move from `from` (never `from` itself). */
export function allowedTargets(from: ActionStatus): ActionStatus[] {
  return [...MOVES[from]];
}

/** A final action takes no write at all. */
export const isFinal = (status: ActionStatus): boolean => MOVES[status].length === 0;

/** completed and cancelled: the statuses no write leaves. */
export const FINAL_STATUSES: readonly ActionStatus[] = ACTION_STATUSES.filter(isFinal);

export type MoveVerdict = { ok: true } | { ok: false; allowed: ActionStatus[] };

/**
 * Whether a write that leaves the action in `to` may be made from `from`. Keeping the status
 * (renaming an open action, say) is no move and is allowed unless the action is final.
 */
export function checkMove(from: ActionStatus, to: ActionStatus): MoveVerdict {
  if (to === from ? !isFinal(from) : MOVES[from].includes(to)) return { ok: true };
  return { ok: false, allowed: allowedTargets(from) };
}
