import type { ModuleManifest } from "../rest-bridge/types.js";
import { coreModule } from "../plugins/core/index.js";
import { controlPlaneModule } from "../plugins/control-plane/index.js";
import { operationsModule } from "../plugins/operations/index.js";
import { auditModule } from "../plugins/audit/index.js";
import { webhooksModule } from "../plugins/webhooks/index.js";

/** The explicit, ordered module list: the only place src/ reaches into plugins/. */
export const MODULES: ModuleManifest[] = [coreModule, controlPlaneModule, operationsModule, webhooksModule, auditModule];
