import { builder } from "../../src/schema/builder.js";
import { SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import { grantStatus } from "./authority-status.js";
import { AuthorityBasisEnum, AuthorityGrantStatusEnum } from "./types.js";

export const AuthorityGrantRef = builder.prismaNode("AuthorityGrant", {
  id: { field: "id", description: "Global id, the same as the `auth_` id." },
  description: "A recorded authority to act for a matter; the authority gate needs one in effect.",
  fields: (t) => ({
    authorityId: t.exposeString("id", { description: "Authority grant id (prefix `auth_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the grant is for." }),
    basis: t.field({
      type: AuthorityBasisEnum,
      description: "Legal basis.",
      resolve: (g) => g.basis as never,
    }),
    status: t.field({
      type: AuthorityGrantStatusEnum,
      description: "granted, revoked, or expired once expires_at has passed.",
      resolve: (g) => grantStatus(g, new Date()),
    }),
    grantedBy: t.exposeString("grantedBy", {
      description: "Who gave the authority (client, court, assignor…).",
    }),
    scope: t.exposeStringList("scope", {
      description: "What the authority covers, as free-text labels.",
    }),
    effectiveAt: t.expose("effectiveAt", {
      type: "DateTime",
      description: "From when the grant is in effect.",
    }),
    expiresAt: t.expose("expiresAt", {
      type: "DateTime",
      nullable: true,
      description: "When the grant lapses; null: no expiry.",
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Documents evidencing the authority.",
      resolve: (g) => sourceRefsOf(g.sourceRefs),
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the grant was recorded.",
    }),
    revokedAt: t.expose("revokedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the grant was revoked, if it was.",
    }),
    revokeReason: t.exposeString("revokeReason", {
      nullable: true,
      description: "Why the grant was revoked.",
    }),
  }),
});
