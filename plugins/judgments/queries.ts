/** judgment, judgmentDeadlines and Matter.judgments. */
import { queryFromInfo } from "@pothos/plugin-prisma";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { DeadlineRef, JudgmentRef } from "./judgment-type.js";
import { findJudgment } from "./service.js";
import { DeadlineStatusEnum, DeadlineTypeEnum, JudgmentStatusEnum } from "./enums.js";

export function registerJudgmentQueries() {
  builder.queryField("judgment", (t) =>
    t.field({
      type: JudgmentRef,
      description: "One judgment, with its latest validation, deadlines, matter and balance.",
      gate: { scope: "judgments:read" },
      args: { id: t.arg.id({ required: true, description: "Judgment id (jdg_…)." }) },
      resolve: (_root, { id }, ctx) => findJudgment(ctx, id),
    }),
  );

  builder.queryField("judgmentDeadlines", (t) =>
    t.field({
      type: connectionOf(DeadlineRef, "Deadline"),
      description: "A judgment's deadlines, newest first.",
      gate: { scope: "judgments:read" },
      args: {
        ...pageArgs(t),
        judgmentId: t.arg.id({ required: true, description: "Judgment id (jdg_…)." }),
        type: t.arg({ type: DeadlineTypeEnum, description: "Only deadlines of this type." }),
        status: t.arg({
          type: DeadlineStatusEnum,
          description: "Only deadlines with this status.",
        }),
      },
      resolve: async (_root, args, ctx) => {
        await findJudgment(ctx, args.judgmentId);
        return paginate((q) => ctx.db.deadline.findMany(q), args, {
          judgmentId: args.judgmentId,
          ...(args.type ? { type: args.type } : {}),
          ...(args.status ? { status: args.status } : {}),
        });
      },
    }),
  );

  // Fields a module adds to another module's type live with the feature that owns them.
  builder.prismaObjectField("Matter", "judgments", (t) =>
    t.field({
      type: connectionOf(JudgmentRef, "Judgment"),
      description: "The matter's judgments, newest first.",
      gate: { scope: "judgments:read" },
      args: {
        ...pageArgs(t),
        status: t.arg({
          type: JudgmentStatusEnum,
          description: "Only judgments with this status.",
        }),
        createdAfter: t.arg({
          type: "DateTime",
          description: "Taken in strictly after this time.",
        }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Taken in strictly before this time.",
        }),
      },
      // The nodes' relations (validation, deadlines, matter) are loaded with the page, not per node.
      resolve: (matter, args, ctx, info) =>
        childPage(
          ctx,
          {
            // Keyed by the response name: aliases may select different relations.
            key: `Matter.judgments:${info.path.key}`,
            table: "judgments",
            parentColumn: "matter_id",
            parentField: "matterId",
            matterRelation: {
              field: "judgments",
              model: "Judgment",
              query: queryFromInfo({ context: ctx, info, path: ["edges", "node"] }),
            },
            findMany: (q) =>
              ctx.db.judgment.findMany({
                ...q,
                ...queryFromInfo({ context: ctx, info, path: ["edges", "node"] }),
              }),
          },
          matter.id,
          args,
          {
            ...(args.status ? { status: args.status } : {}),
            ...createdRange(args.createdAfter, args.createdBefore),
          },
        ),
    }),
  );
}
