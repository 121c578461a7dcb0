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
import { relationshipsModule } from "../plugins/relationships/index.js";
import { packetsModule } from "../plugins/packets/index.js";
import { ledgerModule } from "../plugins/ledger/index.js";
import { campaignsModule } from "../plugins/campaigns/index.js";
import { issuerRemediationModule } from "../plugins/issuer-remediation/index.js";
import { actionsModule } from "../plugins/actions/index.js";
import { monitoringModule } from "../plugins/monitoring/index.js";
import { exportsModule } from "../plugins/exports/index.js";
import { reportsModule } from "../plugins/reports/index.js";

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
  // Before the modules that register into its focus registry (relationships, packets, actions).
  campaignsModule,
  relationshipsModule,
  exportsModule,
  packetsModule,
  ledgerModule,
  issuerRemediationModule,
  actionsModule,
  monitoringModule,
  reportsModule,
];
