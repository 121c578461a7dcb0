/** completeAction (POST /v1/actions/{action_id}/complete). */
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { CompleteActionInput } from "./inputs.js";
import { completionData, findAction, recordCompletion, refuseMove, updateFrom } from "./service.js";
import type { ActionStatus } from "./state-machine.js";
import { ActionRef } from "./types.js";

export function registerCompleteActionMutation() {
  builder.mutationField("completeAction", (t) =>
    t.field({
      type: ActionRef,
      description:
        "Completes a live action (POST /v1/actions/{action_id}/complete); authority gate. Stores the completion notes and evidence, always writes an `action.completed` audit event with the request id, and emits the `action.completed` event. A completed or cancelled action is final (409 invalid_state_transition).",
      gate: {
        scope: "actions:write",
        authority: matterOf.record((a: { id: string }, c) => findAction(c, a.id)),
      },
      extensions: { errors: ["matter_closed", "invalid_state_transition"] },
      args: {
        id: t.arg.id({ required: true, description: "Action id (act_…)." }),
        input: t.arg({
          type: CompleteActionInput,
          description: "Completion notes and evidence; both optional.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const current = await findAction(ctx, id);
        await assertMatterWritable(ctx, current.matterId);
        const from = current.status as ActionStatus;
        refuseMove(current, "completed");
        return write(ctx, async (rec) => {
          const now = new Date();
          const updated = await updateFrom(rec, id, from, "completed", {
            ...completionData(ctx, input ?? {}, now),
            updatedAt: now,
          });
          await recordCompletion(rec, updated, from);
          return updated;
        });
      },
    }),
  );
}
