import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerAuditMutations } from "./mutations.js";
import { registerAuditQueries } from "./queries.js";
import { auditRoutes } from "./routes.js";

export const auditModule: ModuleManifest = {
  name: "audit",
  dependsOn: ["core"],
  capabilities: ["audit", "audit_verify"],
  register() {
    registerNode("aud", {
      typename: "AuditEvent",
      scope: "audit:read",
      load: (ctx, ids) => ctx.db.auditEvent.findMany({ where: { id: { in: ids } } }),
    });
    registerAuditQueries();
    registerAuditMutations();
  },
  routes: auditRoutes,
};
