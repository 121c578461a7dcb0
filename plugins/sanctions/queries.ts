import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { OfacReportRef, SanctionsReviewRef, SanctionsScreenRef } from "./types.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";

const absent = (what: string, id: string, param?: string) =>
  new ApiError("resource_missing", {
    message: `No such ${what}: '${id}'.`,
    ...(param ? { param } : {}),
  });

export async function findScreen(ctx: RequestContext, id: string, param?: string) {
  const found = await ctx.db.sanctionsScreen.findUnique({ where: { id } });
  if (!found) throw absent("sanctions screen", id, param);
  return found;
}

export async function findReview(ctx: RequestContext, id: string, param?: string) {
  const found = await ctx.db.sanctionsReview.findUnique({ where: { id } });
  if (!found) throw absent("sanctions review", id, param);
  return found;
}

export async function findOfacReport(ctx: RequestContext, id: string) {
  const found = await ctx.db.ofacReport.findUnique({ where: { id } });
  if (!found) throw absent("OFAC report", id);
  return found;
}

export function registerSanctionsQueries() {
  builder.queryField("sanctionsReview", (t) =>
    t.field({
      type: SanctionsReviewRef,
      description: "One sanctions review (GET /v1/sanctions/{review_id}).",
      gate: { scope: "sanctions:read" },
      args: { id: t.arg.id({ required: true, description: "Review id (srv_…)." }) },
      resolve: (_root, { id }, ctx) => findReview(ctx, id),
    }),
  );
  builder.queryField("sanctionsScreen", (t) =>
    t.field({
      type: SanctionsScreenRef,
      description: "One stored sanctions screen.",
      gate: { scope: "sanctions:read" },
      args: { id: t.arg.id({ required: true, description: "Screen id (scr_…)." }) },
      resolve: (_root, { id }, ctx) => findScreen(ctx, id),
    }),
  );
  builder.queryField("ofacReport", (t) =>
    t.field({
      type: OfacReportRef,
      description: "One OFAC report.",
      gate: { scope: "sanctions:read" },
      args: { id: t.arg.id({ required: true, description: "OFAC report id (ofr_…)." }) },
      resolve: (_root, { id }, ctx) => findOfacReport(ctx, id),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "sanctionsScreens", (t) =>
    t.field({
      type: connectionOf(SanctionsScreenRef, "SanctionsScreenResult"),
      description: "The matter's sanctions screens, newest first (the sanctions gate reads them).",
      gate: { scope: "sanctions:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("sanctionsScreens", "SanctionsScreen", "sanctions_screens", (q) =>
            ctx.db.sanctionsScreen.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "sanctionsReviews", (t) =>
    t.field({
      type: connectionOf(SanctionsReviewRef, "SanctionsReview"),
      description: "The matter's sanctions reviews, newest first.",
      gate: { scope: "sanctions:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("sanctionsReviews", "SanctionsReview", "sanctions_reviews", (q) =>
            ctx.db.sanctionsReview.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "ofacReports", (t) =>
    t.field({
      type: connectionOf(OfacReportRef, "OfacReport"),
      description: "The matter's OFAC report workflows, newest first.",
      gate: { scope: "sanctions:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("ofacReports", "OfacReport", "ofac_reports", (q) =>
            ctx.db.ofacReport.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );
}
