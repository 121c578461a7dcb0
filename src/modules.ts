import type { ModuleManifest } from "../rest-bridge/types.js";
import { coreModule } from "../plugins/core/index.js";
import { controlPlaneModule } from "../plugins/control-plane/index.js";
import { mattersModule } from "../plugins/matters/index.js";
import { judgmentsModule } from "../plugins/judgments/index.js";
import { operationsModule } from "../plugins/operations/index.js";
import { auditModule } from "../plugins/audit/index.js";
import { webhooksModule } from "../plugins/webhooks/index.js";
import { debtorsModule } from "../plugins/debtors/index.js";
import { attributionModule } from "../plugins/attribution/index.js";
import { networkModule } from "../plugins/network/index.js";
import { alertsModule } from "../plugins/alerts/index.js";
import { sanctionsModule } from "../plugins/sanctions/index.js";
import { cryptoModule } from "../plugins/crypto/index.js";

/** The explicit, ordered module list: the only place src/ reaches into plugins/. */
export const MODULES: ModuleManifest[] = [
  coreModule,
  controlPlaneModule,
  mattersModule,
  judgmentsModule,
  operationsModule,
  webhooksModule,
  auditModule,
  debtorsModule,
  attributionModule,
  networkModule,
  alertsModule,
  sanctionsModule,
  cryptoModule,
];
