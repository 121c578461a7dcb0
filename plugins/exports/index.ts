import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerExportQueries } from "./queries.js";
import { exportsRoutes } from "./routes.js";

/**
 * Exports (CONTRACT.md §12): packets and reports rendered as PDF, ZIP or JSON under a redaction
 * profile, stored in the database and served by id. The owning modules build an ExportDocument
 * (document.ts) and call createExport (service.ts) inside their export write.
 */
export const exportsModule: ModuleManifest = {
  name: "exports",
  dependsOn: ["core", "matters"],
  capabilities: ["exports_pdf", "exports_zip", "exports_json", "export_redaction"],
  register() {
    registerNode("exp", {
      typename: "Export",
      scope: "exports:read",
      load: (ctx, ids) => ctx.db.export.findMany({ where: { id: { in: ids } } }),
    });
    registerExportQueries();
  },
  routes: exportsRoutes,
};
