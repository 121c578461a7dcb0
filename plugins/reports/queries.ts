import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { ReportRef, ReportStatusEnum, ReportTypeEnum } from "./types.js";

export async function findReport(ctx: RequestContext, id: string) {
  const report = await ctx.db.report.findUnique({ where: { id } });
  if (!report) throw notFound("report", id);
  return report;
}

export function registerReportQueries() {
  builder.queryField("report", (t) =>
    t.field({
      type: ReportRef,
      description:
        "One report with its snapshot, source manifest, review, content_uri and exports (GET /v1/reports/{report_id}).",
      gate: { scope: "reports:read" },
      args: { id: t.arg.id({ required: true, description: "Report id (rpt_…)." }) },
      resolve: (_root, { id }, ctx) => findReport(ctx, id),
    }),
  );

  builder.prismaObjectField("Matter", "reports", (t) =>
    t.field({
      type: connectionOf(ReportRef, "Report"),
      description: "The matter's reports, newest first.",
      gate: { scope: "reports:read" },
      args: {
        ...pageArgs(t),
        type: t.arg({ type: ReportTypeEnum, description: "Only reports of this type." }),
        status: t.arg({ type: ReportStatusEnum, description: "Only reports with this status." }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("reports", "Report", "reports", (q) => ctx.db.report.findMany(q)),
          m.id,
          args,
          {
            ...(args.type ? { type: args.type } : {}),
            ...(args.status ? { status: args.status } : {}),
          },
        ),
    }),
  );
}
