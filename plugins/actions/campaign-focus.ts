/**
 * What the actions module adds to claw campaigns' focus: live actions (open, in_progress,
 * blocked) of the campaign, and of its matter outside any campaign, as candidates of type
 * `action` (registry of plugins/campaigns/registry.ts). Actions of another campaign of the
 * matter belong to that campaign's focus.
 *
 * Signals of an action, each in [0, 1]:
 * - urgency: from `due_at`, as a deadline's (due or overdue 1, falling to 0 at 90 days); 0
 *   without a due time;
 * - readiness: 1 when it can be worked now, 0.5 while its review is pending, 0 when blocked;
 * - confidence 1 (a task is a fact, not an inference); amount, freezability and channel 0.
 * When an action tops the focus, the next claw action is the action itself (its type and title).
 */
import type { RequestContext } from "../../src/context.js";
import type { Action } from "../../src/generated/prisma/client.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { deadlineUrgency } from "../campaigns/gatherers.js";
import {
  type CampaignFacts,
  type RawCandidate,
  registerCandidateSource,
} from "../campaigns/registry.js";
import type { ClawActionKind } from "../campaigns/values.js";
import { daysBetween } from "../judgments/domain/deadlines.js";
import type { ActionStatus } from "./state-machine.js";

export const LIVE_ACTION_STATUSES: readonly ActionStatus[] = ["open", "in_progress", "blocked"];

/** Each matter's live actions, oldest first; one statement per request for every matter. */
function liveActionsOf(ctx: RequestContext) {
  return requestLoader<string, Action[]>(ctx, "actions.liveByMatter", async (ids) => {
    const rows = await ctx.db.action.findMany({
      where: { matterId: { in: [...ids] }, status: { in: [...LIVE_ACTION_STATUSES] } },
      orderBy: { id: "asc" },
    });
    return ids.map((id) => rows.filter((a) => a.matterId === id));
  });
}

/** Readiness of an action: can it be worked now? */
export function actionReadiness(a: Pick<Action, "status" | "reviewState">): number {
  if (a.status === "blocked") return 0;
  const review = (a.reviewState ?? {}) as { reviewRequired?: boolean; reviewStatus?: string };
  return review.reviewRequired && review.reviewStatus === "pending" ? 0.5 : 1;
}

/** Urgency of an action from its due time, measured from `today` (UTC date). */
export function actionUrgency(dueAt: Date | null, today: string): number {
  if (!dueAt) return 0;
  return deadlineUrgency(daysBetween(today, dueAt.toISOString().slice(0, 10)));
}

export function actionCandidates(
  facts: CampaignFacts,
  actions: readonly Action[] = [],
): RawCandidate[] {
  return actions
    .filter((a) => a.campaignId === null || a.campaignId === facts.campaignId)
    .map((a) => {
      const due = a.dueAt ? `, due ${a.dueAt.toISOString().slice(0, 10)}` : "";
      return {
        targetType: "action" as const,
        targetId: a.id,
        label: `${a.type} action: ${a.title} (${a.status}${due})`,
        amountUsd: 0,
        signals: {
          confidence: 1,
          freezability: 0,
          channel: 0,
          urgency: actionUrgency(a.dueAt, facts.today),
          readiness: actionReadiness(a),
        },
        step: { kind: a.type as ClawActionKind, text: `${a.title} (action ${a.id})` },
      };
    });
}

export function registerActionCampaignFocus(): void {
  registerCandidateSource<Action[]>({
    targetType: "action",
    load: async (ctx, matterIds) => {
      const lists = await liveActionsOf(ctx).loadMany(matterIds);
      return new Map(matterIds.map((id, i) => [id, lists[i] instanceof Error ? [] : lists[i]!]));
    },
    gather: actionCandidates,
  });
}
