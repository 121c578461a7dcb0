import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { DebtorRef, DebtorTypeEnum } from "./types.js";

export async function findDebtor(ctx: RequestContext, id: string) {
  const debtor = await ctx.db.debtor.findUnique({ where: { id } });
  if (!debtor) throw notFound("debtor", id);
  return debtor;
}

export function registerDebtorQueries() {
  builder.queryField("debtor", (t) =>
    t.field({
      type: DebtorRef,
      description: "One debtor.",
      gate: { scope: "debtors:read" },
      args: { id: t.arg.id({ required: true, description: "Debtor id (dbt_…)." }) },
      resolve: (_root, { id }, ctx) => findDebtor(ctx, id),
    }),
  );

  builder.queryField("debtors", (t) =>
    t.field({
      type: connectionOf(DebtorRef, "Debtor"),
      description: "Debtors of the matters the caller can see, newest first, optionally filtered.",
      gate: { scope: "debtors:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ description: "Only debtors of this matter." }),
        type: t.arg({ type: DebtorTypeEnum, description: "Only debtors of this type." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.debtor.findMany(q), args, {
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...(args.type ? { type: args.type } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  // A field this module adds to the matters module's type lives here, with the feature that owns
  // it; naming the Prisma model avoids importing the matters module's files.
  builder.prismaObjectField("Matter", "debtors", (t) =>
    t.field({
      type: connectionOf(DebtorRef, "Debtor"),
      description: "The matter's debtors, newest first.",
      gate: { scope: "debtors:read" },
      args: {
        ...pageArgs(t),
        type: t.arg({ type: DebtorTypeEnum, description: "Only debtors of this type." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("debtors", "Debtor", "debtors", (q) => ctx.db.debtor.findMany(q)),
          m.id,
          args,
          {
            ...(args.type ? { type: args.type } : {}),
            ...createdRange(args.createdAfter, args.createdBefore),
          },
        ),
    }),
  );
}
