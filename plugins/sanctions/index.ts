import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerGateCheck } from "../../src/gates.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerCapabilitiesField } from "./capabilities.js";
import { requireSanctionsClearance } from "./gate.js";
import { registerOfacReportMutations } from "./ofac-report-mutations.js";
import { registerSanctionsQueries } from "./queries.js";
import { registerReviewMutations } from "./review-mutations.js";
import { sanctionsRoutes } from "./routes.js";
import { registerScreenMutation } from "./screen-mutation.js";

/**
 * Sanctions: OFAC SDN screening of wallets and names, reviews and their decisions, OFAC reports,
 * and the sanctions gate (CONTRACT.md §7) every `gate.sanctions` field passes through.
 */
export const sanctionsModule: ModuleManifest = {
  name: "sanctions",
  // alerts: raises `sanctions` alerts; debtors: its wallet address checks; control-plane: the
  // capabilities type gets `sanctions_list`; judgments: owns the Deadline type the reports add to.
  dependsOn: ["core", "matters", "alerts", "debtors", "control-plane", "judgments"],
  capabilities: ["sanctions_screening", "sanctions_reviews", "ofac_reports", "sanctions_gate"],
  register() {
    registerNode("scr", {
      typename: "SanctionsScreenResult",
      scope: "sanctions:read",
      load: (ctx, ids) => ctx.db.sanctionsScreen.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("srv", {
      typename: "SanctionsReview",
      scope: "sanctions:read",
      load: (ctx, ids) => ctx.db.sanctionsReview.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("ofr", {
      typename: "OfacReport",
      scope: "sanctions:read",
      load: (ctx, ids) => ctx.db.ofacReport.findMany({ where: { id: { in: ids } } }),
    });
    registerGateCheck("sanctions", requireSanctionsClearance);
    registerSanctionsQueries();
    registerScreenMutation();
    registerReviewMutations();
    registerOfacReportMutations();
    registerCapabilitiesField();
  },
  routes: sanctionsRoutes,
};
