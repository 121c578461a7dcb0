import { builder } from "../../src/schema/builder.js";
import { SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import { CryptoNetworkEnum } from "../crypto/service.js";
import { ActionTypeEnum, IssuerPacketTypeEnum, RemediationStatusEnum } from "./enums.js";
import type { PreparedRequest } from "./request.js";
import { PreparedRequestRef, type StatusChange, StatusChangeRef } from "./request-types.js";
import { allowedTargets } from "./state-machine.js";
import type { RemediationStatus } from "./values.js";

export type { StatusChange } from "./request-types.js";

export const RemediationRef = builder.prismaNode("IssuerRemediation", {
  id: { field: "id", description: "Global id, the same as the `irm_` id." },
  description:
    "An issuer remediation: a prepared freeze or burn-and-reissue request to a stablecoin issuer, with its workflow status and history. The service only prepares it (CONTRACT.md §13).",
  fields: (t) => ({
    remediationId: t.exposeString("id", { description: "Remediation id (prefix `irm_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    judgmentId: t.exposeString("judgmentId", {
      nullable: true,
      description: "The judgment enforced, if named.",
    }),
    issuer: t.exposeString("issuer", {
      description: "The token's issuer (from data/stablecoins.json).",
    }),
    asset: t.exposeString("asset", { description: "Token symbol." }),
    network: t.field({
      type: CryptoNetworkEnum,
      description: "Network of the token deployment.",
      resolve: (r) => r.network as never,
    }),
    actionType: t.field({
      type: ActionTypeEnum,
      description: "freeze_only or burn_reissue.",
      resolve: (r) => r.actionType as never,
    }),
    packetType: t.field({
      type: IssuerPacketTypeEnum,
      description: "issuer_freeze or issuer_burn_reissue.",
      resolve: (r) => r.packetType as never,
    }),
    status: t.field({
      type: RemediationStatusEnum,
      description: "Workflow status.",
      resolve: (r) => r.status as never,
    }),
    allowedStatuses: t.field({
      type: [RemediationStatusEnum],
      description: "Statuses a PATCH may move it to from here.",
      resolve: (r) => allowedTargets(r.status as RemediationStatus),
    }),
    destinationWalletCertificateId: t.exposeString("destinationWalletCertificateId", {
      nullable: true,
      description:
        "The destination wallet certificate (dwc_…) of a burn_reissue; null for a freeze.",
    }),
    destinationWalletCertificate: t.relation("destinationWalletCertificate", {
      nullable: true,
      description: "That certificate, with its approval as of this read.",
    }),
    wallets: t.exposeStringList("wallets", { description: "Target wallet addresses as sent." }),
    authorizedSender: t.exposeString("authorizedSender", {
      description: "Who sends the request to the issuer.",
    }),
    legalAuthorityId: t.exposeString("legalAuthorityId", {
      description: "The authority grant (auth_…) the request relies on.",
    }),
    preparedRequest: t.field({
      type: PreparedRequestRef,
      description: "The prepared request: contract, functions, targets, amounts.",
      resolve: (r) => r.request as unknown as PreparedRequest,
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Sources given with the request.",
      resolve: (r) => sourceRefsOf(r.sourceRefs),
    }),
    notes: t.exposeString("notes", { nullable: true, description: "Latest notes." }),
    statusHistory: t.field({
      type: [StatusChangeRef],
      description: "Every status change, oldest first, starting with the creation as draft.",
      resolve: (r) => r.statusHistory as unknown as StatusChange[],
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was prepared." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last change." }),
  }),
});
