import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerPaymentSource } from "../judgments/service.js";
import { judgmentPayments } from "./payments.js";
import { registerLedgerQueries } from "./queries.js";
import { registerRecoveryMutation } from "./recovery-mutation.js";
import { registerRemittanceMutation } from "./remittance-mutation.js";
import { ledgerRoutes } from "./routes.js";
import { registerWaterfallMutation } from "./waterfall-mutation.js";

/**
 * Ledger and waterfall (SPEC.md "Ledger and waterfall", CONTRACT.md §13): recovery and
 * remittance events, the matter ledger, waterfall calculations and their remittance
 * constraints; the ledger's recoveries are the payments of the judgments' balances.
 */
export const ledgerModule: ModuleManifest = {
  name: "ledger",
  // matters: the matter guard, claimants and economics; judgments: balances take the ledger's
  // payments; attribution: the shared body checks (text, id lists); packets: the packet a
  // recovery cites.
  dependsOn: ["core", "matters", "judgments", "attribution", "packets"],
  capabilities: ["ledger", "waterfall"],
  register() {
    registerNode("rce", {
      typename: "RecoveryEvent",
      scope: "ledger:read",
      load: (ctx, ids) => ctx.db.recoveryEvent.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("rme", {
      typename: "RemittanceEvent",
      scope: "ledger:read",
      load: (ctx, ids) => ctx.db.remittanceEvent.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("wfl", {
      typename: "Waterfall",
      scope: "waterfall:read",
      load: (ctx, ids) => ctx.db.waterfall.findMany({ where: { id: { in: ids } } }),
    });
    registerPaymentSource(judgmentPayments);
    registerLedgerQueries();
    registerRecoveryMutation();
    registerRemittanceMutation();
    registerWaterfallMutation();
  },
  routes: ledgerRoutes,
};
