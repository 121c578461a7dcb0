import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { ClaimantRef } from "./claimant-types.js";
import { findMatter } from "./service.js";
import { ClaimantRoleEnum } from "./types.js";

/** The claimant if the caller can reach its matter; otherwise 404 (param claimant_id). */
export async function findClaimant(ctx: RequestContext, id: string) {
  const claimant = await ctx.db.claimant.findUnique({ where: { id } });
  if (!claimant)
    throw new ApiError("resource_missing", {
      param: "claimant_id",
      message: `No such claimant: '${id}'.`,
    });
  return claimant;
}

export function registerClaimantQueries() {
  builder.queryField("claimant", (t) =>
    t.field({
      type: ClaimantRef,
      description: "One claimant.",
      gate: { scope: "claimants:read" },
      args: { id: t.arg.id({ required: true, description: "Claimant id (clm_…)." }) },
      resolve: (_root, { id }, ctx) => findClaimant(ctx, id),
    }),
  );

  builder.queryField("claimants", (t) =>
    t.field({
      type: connectionOf(ClaimantRef, "Claimant"),
      description: "A matter's claimants, newest first.",
      gate: { scope: "claimants:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        role: t.arg({ type: ClaimantRoleEnum, description: "Only claimants with this role." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: async (_root, args, ctx) => {
        await findMatter(ctx, args.matterId);
        return paginate((q) => ctx.db.claimant.findMany(q), args, {
          matterId: args.matterId,
          ...(args.role ? { role: args.role } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        });
      },
    }),
  );
}
