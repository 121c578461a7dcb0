/** assignAction (POST /v1/actions/{action_id}/assign). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { AssignActionInput } from "./inputs.js";
import { checkOwner, findAction, refuseMove, updateFrom } from "./service.js";
import type { ActionStatus } from "./state-machine.js";
import { ActionRef } from "./types.js";

type Input = typeof AssignActionInput.$inferInput;

/** The action (404), then the owner (404/400): both before the gate. */
async function checked(ctx: RequestContext, id: string, input: Input) {
  const action = await findAction(ctx, id);
  await checkOwner(ctx, input.ownerId, action.matterId);
  return action;
}

export function registerAssignActionMutation() {
  builder.mutationField("assignAction", (t) =>
    t.field({
      type: ActionRef,
      description:
        "Assigns a live action to a user of the organization who may access its matter (POST /v1/actions/{action_id}/assign); authority gate. The status is kept; a completed or cancelled action is final (409 invalid_state_transition).",
      gate: {
        scope: "actions:write",
        authority: matterOf.record((a: { id: string; input: Input }, c) =>
          checked(c, a.id, a.input),
        ),
      },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Action id (act_…)." }),
        input: t.arg({ type: AssignActionInput, required: true, description: "The new owner." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const current = await checked(ctx, id, input);
        await assertMatterWritable(ctx, current.matterId);
        const status = current.status as ActionStatus;
        refuseMove(current, status);
        return write(ctx, async (rec) => {
          const now = new Date();
          const updated = await updateFrom(rec, id, status, status, {
            ownerId: input.ownerId,
            assignmentNotes: input.notes ?? null,
            assignedAt: now,
            updatedAt: now,
          });
          await rec.audit({
            eventType: "action.assigned",
            objectType: "action",
            objectId: id,
            matterId: current.matterId,
            details: {
              owner_id: input.ownerId,
              previous_owner_id: current.ownerId,
              notes: input.notes ?? null,
            },
          });
          return updated;
        });
      },
    }),
  );
}
