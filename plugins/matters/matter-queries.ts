import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { matterDashboard } from "./dashboard.js";
import { MatterDashboardRef, MatterRef } from "./matter-types.js";
import { findMatter } from "./service.js";
import { MatterStatusEnum } from "./types.js";

export function registerMatterQueries() {
  builder.queryField("matter", (t) =>
    t.field({
      type: MatterRef,
      description: "One matter.",
      gate: { scope: "matters:read" },
      args: { id: t.arg.id({ required: true, description: "Matter id (mat_…)." }) },
      resolve: (_root, { id }, ctx) => findMatter(ctx, id),
    }),
  );

  builder.queryField("matters", (t) =>
    t.field({
      type: connectionOf(MatterRef, "Matter"),
      description:
        "Matters the caller may see (limited by the key's and user's matter lists), newest first.",
      gate: { scope: "matters:read" },
      args: {
        ...pageArgs(t),
        status: t.arg({ type: MatterStatusEnum, description: "Only matters with this status." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.matter.findMany(q), args, {
          ...(args.status ? { status: args.status } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  builder.queryField("matterDashboard", (t) =>
    t.field({
      type: MatterDashboardRef,
      description:
        "A matter's headline figures: judgment value, exposure, open work and economics.",
      gate: { scope: "matters:read" },
      args: { matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }) },
      resolve: async (_root, { matterId }, ctx) =>
        matterDashboard(ctx, (await findMatter(ctx, matterId)).id),
    }),
  );
}
