import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { CryptoNetworkEnum } from "../crypto/service.js";
import { ScreenStatusEnum, screensWithReviews } from "../sanctions/service.js";
import { type Approval, certificateApproval } from "./approval.js";
import { ApprovalStatusEnum } from "./enums.js";

/** A certificate's approval, from its screen (batched per request); rejected if unreadable. */
export async function approvalOf(ctx: RequestContext, screenId: string): Promise<Approval> {
  const screen = await screensWithReviews(ctx).load(screenId);
  if (!screen) return { status: "rejected", reason: "Its sanctions screen cannot be read." };
  return certificateApproval(screen);
}

export const CertificateRef = builder.prismaNode("DestinationWalletCertificate", {
  id: { field: "id", description: "Global id, the same as the `dwc_` id." },
  description:
    "A wallet certified to receive reissued tokens: its network, owner, custodian and signer model, screened against the OFAC SDN list when made. Its approval is evaluated from that screen and its reviews whenever it is read or used.",
  fields: (t) => ({
    destinationWalletId: t.exposeString("id", {
      description:
        "Certificate id (prefix `dwc_`); a burn-reissue names it as destination_wallet_certificate_id.",
    }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    walletAddress: t.exposeString("walletAddress", {
      description: "The destination address, checked for its network.",
    }),
    network: t.field({
      type: CryptoNetworkEnum,
      description: "Network of the wallet.",
      resolve: (c) => c.network as never,
    }),
    purpose: t.exposeString("purpose", { description: "What the wallet receives funds for." }),
    owner: t.exposeString("owner", { description: "Who owns the wallet (screened)." }),
    custodian: t.exposeString("custodian", {
      nullable: true,
      description: "Who holds its keys, if not the owner (screened).",
    }),
    signerModel: t.exposeString("signerModel", {
      description: "How transactions are signed (e.g. 2-of-3 multisig, MPC, single key).",
    }),
    allowedAssets: t.exposeStringList("allowedAssets", {
      description:
        "Token symbols the wallet may receive; a burn-reissue of another asset is refused.",
    }),
    approvalStatus: t.field({
      type: ApprovalStatusEnum,
      description: "approved, pending_review or rejected, as of this read.",
      resolve: async (c, _args, ctx) => (await approvalOf(ctx, c.sanctionsScreenId)).status,
    }),
    approvalReason: t.string({
      description: "Why the certificate has that approval status.",
      resolve: async (c, _args, ctx) => (await approvalOf(ctx, c.sanctionsScreenId)).reason,
    }),
    sanctionsScreenComplete: t.boolean({
      description: "True: the certificate is screened when made, in the same transaction.",
      resolve: () => true,
    }),
    sanctionsScreenId: t.exposeString("sanctionsScreenId", {
      description:
        "The screen of the wallet, owner and custodian (scr_…); review it to clear name hits.",
    }),
    sanctionsScreenStatus: t.field({
      type: ScreenStatusEnum,
      description: "clear, potential_match or match.",
      resolve: async (c, _args, ctx) =>
        ((await screensWithReviews(ctx).load(c.sanctionsScreenId))?.status ?? "match") as never,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was made." }),
  }),
});
