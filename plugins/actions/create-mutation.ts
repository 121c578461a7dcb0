/** createAction (POST /v1/actions). */
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { CreateActionInput } from "./inputs.js";
import { checkActionFields, checkNewAction, createAction, type NewAction } from "./service.js";
import { ActionRef } from "./types.js";

type Input = typeof CreateActionInput.$inferInput;

/** Body checks (400), the matter (404), then links and owner (404/400): all before the gate. */
async function checked(ctx: RequestContext, input: Input) {
  const action: NewAction = input;
  checkActionFields(action);
  const matter = await findMatter(ctx, input.matterId);
  await checkNewAction(ctx, action);
  return { matter, action };
}

export function registerCreateActionMutation() {
  builder.mutationField("createAction", (t) =>
    t.field({
      type: ActionRef,
      description:
        "Creates an `open` action under a matter (POST /v1/actions); authority gate. An owner must be a user of the organization who may access the matter.",
      gate: {
        scope: "actions:write",
        authority: async (args, ctx) => (await checked(ctx, args.input)).matter.id,
      },
      extensions: { errors: ["matter_closed"] },
      args: {
        input: t.arg({ type: CreateActionInput, required: true, description: "The action." }),
      },
      resolve: async (_root, { input }, ctx) => {
        const { matter, action } = await checked(ctx, input);
        assertOpen(matter);
        return write(ctx, (rec) => createAction(ctx, rec, action));
      },
    }),
  );
}
