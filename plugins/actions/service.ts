/**
 * The actions service other modules import (campaign actions, alert triage): one way to create
 * an action, inside the caller's write(), and the checks every action write shares.
 */
import { toSnake } from "../../rest-bridge/case.js";
import { mattersOfUser } from "../../src/auth/principal.js";
import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import type { Action, User } from "../../src/generated/prisma/client.js";
import { newId } from "../../src/ids.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import type { Recorder } from "../../src/write.js";
import type { SourceRefShape } from "../core/shared-types.js";
import { assertCampaignOpen } from "../campaigns/service.js";
import { type ActionLinks, checkActionLinks, checkLinkShapes } from "./links.js";
import { type ActionStatus, allowedTargets, checkMove } from "./state-machine.js";
import { ACTION_PRIORITIES, ACTION_TYPES, type ActionPriority, type ActionType } from "./values.js";

export { checkActionLinks } from "./links.js";
export type { ActionStatus } from "./state-machine.js";
export type { ActionPriority, ActionType } from "./values.js";

/** The action if the caller can reach its matter; otherwise 404 (param action_id). */
export async function findAction(ctx: RequestContext, id: string): Promise<Action> {
  const action = await ctx.db.action.findUnique({ where: { id } });
  if (!action)
    throw new ApiError("resource_missing", {
      param: "action_id",
      message: `No such action: '${id}'.`,
    });
  return action;
}

/** Users of the caller's organization by id, batched and cached for the request. */
function usersById(ctx: RequestContext) {
  return requestLoader(ctx, "actions.usersById", async (ids: readonly string[]) => {
    const rows = await ctx.services.root.user.findMany({
      where: { id: { in: [...ids] }, organizationId: ctx.principal.organizationId },
    });
    return ids.map((id) => rows.find((u) => u.id === id) ?? null);
  });
}

/** A user may own a matter's action when the user may reach the matter. */
export function mayOwnActionsOf(user: Pick<User, "roles" | "matterIds">, matterId: string) {
  const matters = mattersOfUser(user);
  return matters === null || matters.includes(matterId);
}

/**
 * An owner must be a user of the caller's organization (404 otherwise, like any id the caller
 * cannot see) who may access the action's matter (400 otherwise: the user exists, but cannot
 * be given this matter's work).
 */
export async function checkOwner(ctx: RequestContext, ownerId: string, matterId: string) {
  const user = await usersById(ctx).load(ownerId);
  if (!user)
    throw new ApiError("resource_missing", {
      param: "owner_id",
      message: `No such user: '${ownerId}'.`,
    });
  if (!mayOwnActionsOf(user, matterId))
    throw invalid(
      "owner_id",
      `User '${ownerId}' may not access matter '${matterId}', so cannot own its actions.`,
      { matter_id: matterId },
    );
}

/** Titles are required text: present and not blank. */
export function checkTitle(title: string | null | undefined): void {
  if (title === null) throw invalid("title", "title cannot be null.");
  if (title !== undefined && !title.trim()) throw invalid("title", "title must not be empty.");
}

/** 409 invalid_state_transition for a write the action's status does not allow. */
export function refuseMove(action: Pick<Action, "id" | "status">, to: ActionStatus) {
  const from = action.status as ActionStatus;
  const verdict = checkMove(from, to);
  if (verdict.ok) return;
  throw new ApiError("invalid_state_transition", {
    message:
      verdict.allowed.length === 0
        ? `Action '${action.id}' is ${from}, which is final; it cannot be changed.`
        : `Cannot move action '${action.id}' from '${from}' to '${to}'.`,
    details: { from, to, allowed: verdict.allowed },
  });
}

/**
 * Applies `data` to the action if its status is still `from`, so of two racing writes only one
 * lands; the loser gets 409 as if it had read the winner's status. Returns the updated row.
 */
export async function updateFrom(
  rec: Recorder,
  id: string,
  from: ActionStatus,
  to: ActionStatus,
  data: Record<string, unknown>,
): Promise<Action> {
  const [updated] = await rec.tx.action.updateManyAndReturn({
    where: { id, status: from },
    data: data as never,
  });
  if (updated) return updated;
  const now = await rec.tx.action.findUniqueOrThrow({ where: { id } });
  refuseMove(now, to);
  throw new ApiError("invalid_state_transition", {
    message: `Action '${id}' changed while this write was being made; read it and retry.`,
    details: { from: now.status, to, allowed: allowedTargets(now.status as ActionStatus) },
  });
}

export interface NewAction extends ActionLinks {
  matterId: string;
  type: ActionType;
  title: string;
  ownerId?: string | null;
  priority?: ActionPriority | null;
  dueAt?: Date | null;
  /** Counsel or operator review before the action is worked (campaign actions' review_required). */
  reviewRequired?: boolean | null;
}

/** The checks of a new action's own fields and link shapes (400), which need no lookup. */
export function checkActionFields(
  action: Pick<NewAction, "type" | "priority" | "title" | "campaignId" | "linkedPacketId">,
) {
  if (!ACTION_TYPES.includes(action.type))
    throw invalid("type", `type must be one of: ${ACTION_TYPES.join(", ")}.`);
  if (action.priority != null && !ACTION_PRIORITIES.includes(action.priority))
    throw invalid("priority", `priority must be one of: ${ACTION_PRIORITIES.join(", ")}.`);
  checkTitle(action.title);
  checkLinkShapes(action);
}

/**
 * The checks of a new action short of its matter's: its fields (400), its links and its owner
 * (404/400). Mutations run them before the authority gate, for the order of CONTRACT.md §2;
 * createAction runs them again inside its write (the owner lookup is cached per request).
 */
export async function checkNewAction(
  ctx: RequestContext,
  action: NewAction,
  db?: Parameters<typeof checkActionLinks>[3],
) {
  checkActionFields(action);
  const links = await checkActionLinks(ctx, action.matterId, action, db);
  if (action.ownerId != null) await checkOwner(ctx, action.ownerId, action.matterId);
  return links;
}

/**
 * The one way to create an action, inside the caller's write(): stored `open` and audited as
 * `action.created`. The caller has found the matter within reach, passed the gates its endpoint
 * carries (the authority gate at least) and refused a closed matter. A closed campaign takes no
 * new actions (409 invalid_state_transition), whichever endpoint links the action to it.
 */
export async function createAction(
  ctx: RequestContext,
  rec: Recorder,
  action: NewAction,
): Promise<Action> {
  const { campaign } = await checkNewAction(ctx, action, rec.tx);
  if (campaign) assertCampaignOpen(campaign);
  const now = new Date();
  const created = await rec.tx.action.create({
    data: {
      id: newId("action"),
      matterId: action.matterId,
      campaignId: action.campaignId ?? null,
      linkedPacketId: action.linkedPacketId ?? null,
      type: action.type,
      title: action.title,
      ownerId: action.ownerId ?? null,
      priority: action.priority ?? "normal",
      status: "open",
      dueAt: action.dueAt ?? null,
      reviewState: action.reviewRequired
        ? { reviewRequired: true, reviewStatus: "pending" }
        : { reviewRequired: false, reviewStatus: "not_required" },
      assignedAt: action.ownerId ? now : null,
      createdAt: now,
      updatedAt: now,
    } as never,
  });
  await rec.audit({
    eventType: "action.created",
    objectType: "action",
    objectId: created.id,
    matterId: created.matterId,
    details: {
      type: created.type,
      priority: created.priority,
      owner_id: created.ownerId,
      campaign_id: created.campaignId,
      linked_packet_id: created.linkedPacketId,
    },
  });
  return created;
}

export interface Completion {
  completionNotes?: string | null;
  evidenceRefs?: SourceRefShape[] | null;
}

/** The columns a completion sets. */
export function completionData(ctx: RequestContext, completion: Completion, at: Date) {
  return {
    status: "completed",
    completionNotes: completion.completionNotes ?? null,
    evidenceRefs: (completion.evidenceRefs ?? []) as object[],
    completedAt: at,
    completedBy: ctx.principal.actorId,
  };
}

/**
 * What every completion records, in the same write as the change (CONTRACT.md §10, §11): the
 * audit event (with this request's id, as every audit event has) and `action.completed`.
 */
export async function recordCompletion(rec: Recorder, action: Action, from: string) {
  const evidence = (action.evidenceRefs as SourceRefShape[]).map((ref) =>
    Object.fromEntries(Object.entries(ref).map(([k, v]) => [toSnake(k), v])),
  );
  await rec.audit({
    eventType: "action.completed",
    objectType: "action",
    objectId: action.id,
    matterId: action.matterId,
    details: {
      from_status: from,
      completion_notes: action.completionNotes,
      evidence_refs: evidence,
    },
  });
  await rec.emit("action.completed", {
    matter_id: action.matterId,
    action_id: action.id,
    campaign_id: action.campaignId,
    type: action.type,
    title: action.title,
    owner_id: action.ownerId,
    completed_by: action.completedBy,
    completed_at: action.completedAt?.toISOString() ?? null,
    evidence_count: evidence.length,
  });
}
