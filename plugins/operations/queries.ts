import { notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import {
  OperationRef,
  OperationStateEnum,
  OperationTransitionRef,
  OperationTypeEnum,
} from "./types.js";
import type { RequestContext } from "../../src/context.js";

export async function findOperation(ctx: RequestContext, id: string) {
  const op = await ctx.db.operation.findUnique({ where: { id } });
  if (!op) throw notFound("operation", id);
  return op;
}

export function registerOperationQueries() {
  builder.queryField("operation", (t) =>
    t.field({
      type: OperationRef,
      description: "One operation.",
      gate: { scope: "operations:read" },
      args: { id: t.arg.id({ required: true, description: "Operation id (op_…)." }) },
      resolve: (_root, { id }, ctx) => findOperation(ctx, id),
    }),
  );

  builder.queryField("operations", (t) =>
    t.field({
      type: connectionOf(OperationRef, "Operation"),
      description: "Operations, newest first, optionally filtered.",
      gate: { scope: "operations:read" },
      args: {
        ...pageArgs(t),
        state: t.arg({ type: OperationStateEnum, description: "Only operations in this state." }),
        type: t.arg({ type: OperationTypeEnum, description: "Only operations of this type." }),
        matterId: t.arg.id({ description: "Only operations linked to this matter." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.operation.findMany(q), args, {
          ...(args.state ? { state: args.state } : {}),
          ...(args.type ? { type: args.type } : {}),
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "operations", (t) =>
    t.field({
      type: connectionOf(OperationRef, "Operation"),
      description: "Operations linked to the matter, newest first.",
      gate: { scope: "operations:read" },
      args: {
        ...pageArgs(t),
        state: t.arg({ type: OperationStateEnum, description: "Only operations in this state." }),
      },
      resolve: (matter, args, ctx) =>
        childPage(
          ctx,
          matterChildList("operations", "Operation", "operations", (q) =>
            ctx.db.operation.findMany(q),
          ),
          matter.id,
          args,
          args.state ? { state: args.state } : {},
        ),
    }),
  );

  builder.queryField("operationTransitions", (t) =>
    t.field({
      type: connectionOf(OperationTransitionRef, "OperationTransition"),
      description: "The recorded moves of one operation, newest first.",
      gate: { scope: "operations:read" },
      args: { ...pageArgs(t), id: t.arg.id({ required: true, description: "Operation id." }) },
      resolve: async (_root, args, ctx) => {
        await findOperation(ctx, args.id);
        return paginate((q) => ctx.db.operationTransition.findMany(q), args, {
          operationId: args.id,
        });
      },
    }),
  );
}
