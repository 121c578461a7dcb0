import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { reviewStateOf } from "../core/shared-types.js";
import { ClaimantRef } from "./claimant-types.js";
import { findClaimant } from "./claimant-queries.js";
import { storedEconomics } from "./economics.js";
import { CreateClaimantInput, UpdateClaimantInput } from "./inputs.js";
import { assertMatterWritable } from "./service.js";

const notNull = (input: Record<string, unknown>, keys: Record<string, string>) => {
  for (const [key, param] of Object.entries(keys)) {
    if (input[key] === null) throw invalid(param, `${param} cannot be null.`);
  }
};

export function registerClaimantMutations() {
  builder.mutationField("createClaimant", (t) =>
    t.field({
      type: ClaimantRef,
      description: "Adds a claimant to an open matter.",
      gate: { scope: "claimants:write" },
      args: {
        matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        input: t.arg({ type: CreateClaimantInput, required: true, description: "The claimant." }),
      },
      resolve: async (_root, { matterId, input }, ctx) => {
        if (!input.name.trim()) throw invalid("name", "name must not be empty.");
        const economics = storedEconomics(input.economics);
        await assertMatterWritable(ctx, matterId);
        return write(ctx, async ({ tx, audit }) => {
          const claimant = await tx.claimant.create({
            data: {
              id: newId("claimant"),
              matterId,
              name: input.name,
              role: input.role,
              economics,
              sourceRefs: (input.sourceRefs ?? []) as object[],
              reviewState: { reviewRequired: false, reviewStatus: "not_required" },
            } as never,
          });
          await audit({
            eventType: "claimant.created",
            objectType: "claimant",
            objectId: claimant.id,
            matterId,
            details: { role: claimant.role },
          });
          return claimant;
        });
      },
    }),
  );

  builder.mutationField("updateClaimant", (t) =>
    t.field({
      type: ClaimantRef,
      description: "Updates a claimant's name, economics or review state; its matter must be open.",
      gate: { scope: "claimants:write" },
      args: {
        id: t.arg.id({ required: true, description: "Claimant id (clm_…)." }),
        input: t.arg({
          type: UpdateClaimantInput,
          required: true,
          description: "Fields to change.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        notNull(input, { name: "name", economics: "economics", reviewState: "review_state" });
        if (typeof input.name === "string" && !input.name.trim())
          throw invalid("name", "name must not be empty.");
        const economics = input.economics ? storedEconomics(input.economics) : undefined;
        const current = await findClaimant(ctx, id);
        await assertMatterWritable(ctx, current.matterId);
        const review = input.reviewState
          ? Object.fromEntries(Object.entries(input.reviewState).filter(([, v]) => v !== undefined))
          : undefined;
        const data = {
          ...(input.name ? { name: input.name } : {}),
          ...(economics ? { economics } : {}),
          ...(review
            ? { reviewState: { ...reviewStateOf(current.reviewState), ...review } as object }
            : {}),
        };
        return write(ctx, async ({ tx, audit }) => {
          const claimant = await tx.claimant.update({ where: { id }, data });
          await audit({
            eventType: "claimant.updated",
            objectType: "claimant",
            objectId: id,
            matterId: current.matterId,
            details: { changed: Object.keys(data) },
          });
          return claimant;
        });
      },
    }),
  );
}
