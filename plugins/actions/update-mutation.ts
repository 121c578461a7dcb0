/** updateAction (PATCH /v1/actions/{action_id}). */
import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { UpdateActionInput } from "./inputs.js";
import {
  checkOwner,
  checkTitle,
  completionData,
  findAction,
  recordCompletion,
  refuseMove,
  updateFrom,
} from "./service.js";
import type { ActionStatus } from "./state-machine.js";
import { ActionRef } from "./types.js";

type Input = typeof UpdateActionInput.$inferInput;

const WIRE: Record<string, string> = { ownerId: "owner_id", dueAt: "due_at" };

function checkInput(input: Input) {
  checkTitle(input.title);
  for (const key of ["status", "priority"] as const)
    if (input[key] === null) throw invalid(key, `${key} cannot be null.`);
}

/** Body checks, the action (404), then a new owner (404/400): all before the gate. */
async function checked(ctx: RequestContext, id: string, input: Input) {
  checkInput(input);
  const action = await findAction(ctx, id);
  if (input.ownerId) await checkOwner(ctx, input.ownerId, action.matterId);
  return action;
}

export function registerUpdateActionMutation() {
  builder.mutationField("updateAction", (t) =>
    t.field({
      type: ActionRef,
      description:
        "Updates a live action's title, status, priority, owner or due time (PATCH /v1/actions/{action_id}); authority gate. Moving to `completed` completes it as completeAction does; a completed or cancelled action is final (409 invalid_state_transition).",
      gate: {
        scope: "actions:write",
        authority: matterOf.record((a: { id: string; input: Input }, c) =>
          checked(c, a.id, a.input),
        ),
      },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Action id (act_…)." }),
        input: t.arg({ type: UpdateActionInput, required: true, description: "Fields to change." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const current = await checked(ctx, id, input);
        await assertMatterWritable(ctx, current.matterId);
        const from = current.status as ActionStatus;
        const to = (input.status ?? from) as ActionStatus;
        refuseMove(current, to);
        const now = new Date();
        const changes: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(input))
          if (value !== undefined) changes[key] = value;
        const ownerChanged = input.ownerId !== undefined && input.ownerId !== current.ownerId;
        // A final status was refused above, so this is a move into `completed`.
        const completing = to === "completed";
        const data = {
          ...changes,
          ...(ownerChanged
            ? { assignedAt: input.ownerId ? now : null, assignmentNotes: null }
            : {}),
          ...(completing ? completionData(ctx, {}, now) : {}),
          updatedAt: now,
        };
        return write(ctx, async (rec) => {
          const updated = await updateFrom(rec, id, from, to, data);
          await rec.audit({
            eventType: "action.updated",
            objectType: "action",
            objectId: id,
            matterId: current.matterId,
            details: {
              changed: Object.keys(changes).map((k) => WIRE[k] ?? k),
              from_status: from,
              to_status: to,
            },
          });
          if (completing) await recordCompletion(rec, updated, from);
          return updated;
        });
      },
    }),
  );
}
