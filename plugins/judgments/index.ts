import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerIntakeMutation } from "./intake.js";
import { registerPlanMutation } from "./plan.js";
import { registerJudgmentQueries } from "./queries.js";
import { judgmentRoutes } from "./routes.js";
import { registerSetProfileMutation } from "./set-profile.js";
import { registerUpdateMutation } from "./update.js";
import { registerValidateMutation } from "./validate.js";

/** Judgments: intake, validation, deadlines, balance, enforcement profile and plan (CONTRACT.md §9). */
export const judgmentsModule: ModuleManifest = {
  name: "judgments",
  dependsOn: ["core", "matters"],
  capabilities: ["judgments", "judgment_validation", "enforcement_plans"],
  register() {
    registerNode("jdg", {
      typename: "Judgment",
      scope: "judgments:read",
      load: (ctx, ids) => ctx.db.judgment.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("ddl", {
      typename: "Deadline",
      scope: "judgments:read",
      load: (ctx, ids) => ctx.db.deadline.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("jvl", {
      typename: "JudgmentValidation",
      scope: "judgments:read",
      load: (ctx, ids) => ctx.db.judgmentValidation.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("pln", {
      typename: "EnforcementPlan",
      scope: "judgments:read",
      load: (ctx, ids) => ctx.db.enforcementPlan.findMany({ where: { id: { in: ids } } }),
    });
    registerJudgmentQueries();
    registerIntakeMutation();
    registerUpdateMutation();
    registerValidateMutation();
    registerSetProfileMutation();
    registerPlanMutation();
  },
  routes: judgmentRoutes,
};
