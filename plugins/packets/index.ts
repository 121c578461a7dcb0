import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerPacketCampaignFocus } from "./campaign-focus.js";
import { registerCreateMutations } from "./create-mutations.js";
import { registerExportMutation } from "./export-mutation.js";
import { registerPacketQueries } from "./queries.js";
import { registerReviewMutation } from "./review-mutation.js";
import { packetRoutes } from "./routes.js";

export { packetDocument } from "./document.js";
export { findPacket } from "./queries.js";

/**
 * Packets: seven kinds prepared from a snapshot of the matter's records, with their source
 * manifest, sender and review (CONTRACT.md §7, §8, §13). The service only prepares them.
 */
export const packetsModule: ModuleManifest = {
  name: "packets",
  // The records a packet's content is assembled from (judgments, debtors, attribution, crypto,
  // authority), its channel (relationships), the review a sanctions packet opens (sanctions),
  // the organization named as sender (control-plane), and the campaigns whose focus and board
  // show open packets (campaigns).
  dependsOn: [
    "core",
    "control-plane",
    "matters",
    "judgments",
    "debtors",
    "attribution",
    "crypto",
    "sanctions",
    "relationships",
    "campaigns",
    // its exports (createExport, the export document and the Export type)
    "exports",
  ],
  capabilities: ["packets", "packet_review", "packet_export"],
  register() {
    registerNode("pkt", {
      typename: "Packet",
      scope: "packets:read",
      load: (ctx, ids) => ctx.db.packet.findMany({ where: { id: { in: ids } } }),
    });
    registerPacketQueries();
    registerCreateMutations();
    registerReviewMutation();
    registerPacketCampaignFocus();
    registerExportMutation();
  },
  routes: packetRoutes,
};
