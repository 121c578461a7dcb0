import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { grantStatusWhere } from "./authority-status.js";
import { AuthorityGrantRef } from "./authority-types.js";
import { findMatter } from "./service.js";
import { AuthorityGrantStatusEnum } from "./types.js";

/** A grant of this matter, or 404 (param authority_id). */
export async function findGrant(ctx: RequestContext, matterId: string, id: string) {
  const grant = await ctx.db.authorityGrant.findFirst({ where: { id, matterId } });
  if (!grant)
    throw new ApiError("resource_missing", {
      param: "authority_id",
      message: `No such authority grant: '${id}'.`,
    });
  return grant;
}

export function registerAuthorityQueries() {
  builder.queryField("authorityGrants", (t) =>
    t.field({
      type: connectionOf(AuthorityGrantRef, "AuthorityGrant"),
      description: "A matter's authority grants, newest first.",
      gate: { scope: "authority:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        status: t.arg({
          type: AuthorityGrantStatusEnum,
          description: "Only grants showing this status now.",
        }),
        createdAfter: t.arg({
          type: "DateTime",
          description: "Recorded strictly after this time.",
        }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Recorded strictly before this time.",
        }),
      },
      resolve: async (_root, args, ctx) => {
        await findMatter(ctx, args.matterId);
        return paginate((q) => ctx.db.authorityGrant.findMany(q), args, {
          matterId: args.matterId,
          ...(args.status ? grantStatusWhere(args.status, new Date()) : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        });
      },
    }),
  );
}
