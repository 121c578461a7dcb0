import type { ModuleManifest } from "../../rest-bridge/types.js";
import { registerNode } from "../../src/schema/node-registry.js";
import { registerRelationshipChannels } from "./channel-source.js";
import { registerContactLogMutation } from "./contact-log-mutation.js";
import { registerRelationshipQueries } from "./queries.js";
import { registerRelationshipMutations } from "./relationship-mutations.js";
import { relationshipRoutes } from "./routes.js";

export { findRelationship } from "./queries.js";
export { RelationshipRef, CounterpartyHistoryRef } from "./types.js";

/**
 * The relationship registry: counterparties (organization-level records of their own), the
 * channels to them and who may use each, and the matter-tied contact log.
 */
export const relationshipsModule: ModuleManifest = {
  name: "relationships",
  // matters: contact logs are matter-tied (404 / matter_closed); attribution: its text checks;
  // crypto: the exchange and issuer names its descriptions suggest; campaigns: the `channel`
  // focus signal it provides.
  dependsOn: ["core", "matters", "attribution", "crypto", "campaigns"],
  capabilities: ["relationships", "counterparties", "contact_log"],
  register() {
    registerNode("cpt", {
      typename: "Counterparty",
      scope: "relationships:read",
      load: (ctx, ids) => ctx.db.counterparty.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("rel", {
      typename: "Relationship",
      scope: "relationships:read",
      load: (ctx, ids) => ctx.db.relationship.findMany({ where: { id: { in: ids } } }),
    });
    registerNode("ctl", {
      typename: "ContactLog",
      scope: "relationships:read",
      load: (ctx, ids) => ctx.db.contactLog.findMany({ where: { id: { in: ids } } }),
    });
    registerRelationshipQueries();
    registerRelationshipMutations();
    registerContactLogMutation();
    registerRelationshipChannels();
  },
  routes: relationshipRoutes,
};
