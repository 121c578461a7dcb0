import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerCertificateMutation } from "./certificate-mutation.js";
import { registerPacketMutations } from "./packet-mutations.js";
import { registerRemediationQueries } from "./queries.js";
import { issuerRemediationRoutes } from "./routes.js";
import { registerUpdateMutation } from "./update-mutation.js";

/**
 * Issuer remediation: freeze and burn-and-reissue requests prepared for stablecoin issuers
 * from the matter's stablecoin exposure and the issuers' published controls, destination
 * wallet certificates screened against the sanctions list, and the remediation workflow
 * status. The service prepares; it never freezes, burns, mints or transfers (CONTRACT.md §13).
 */
export const issuerRemediationModule: ModuleManifest = {
  name: "issuer-remediation",
  // crypto: stablecoin exposure and reference data; sanctions: screening and clearance;
  // attribution: address checks per network; debtors: wallet and text checks.
  dependsOn: ["core", "matters", "debtors", "attribution", "crypto", "sanctions"],
  capabilities: [
    "issuer_freeze_packets",
    "issuer_burn_reissue_packets",
    "destination_wallet_certificates",
  ],
  register() {
    registerNode("irm", {
      typename: "IssuerRemediation",
      scope: "issuer:read",
      load: (ctx, ids) => ctx.db.issuerRemediation.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("dwc", {
      typename: "DestinationWalletCertificate",
      scope: "issuer:read",
      load: (ctx, ids) =>
        ctx.db.destinationWalletCertificate.findMany({ where: { id: { in: ids } } }),
    });
    registerRemediationQueries();
    registerPacketMutations();
    registerCertificateMutation();
    registerUpdateMutation();
  },
  routes: issuerRemediationRoutes,
};
