import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { referenceFor } from "../crypto/service.js";
import { assertOpen } from "../matters/service.js";
import { normalizeAddress } from "../attribution/service.js";
import { chooseHoldings, exposuresOf } from "./holdings.js";
import { CreateBurnReissuePacketInput, CreateFreezePacketInput } from "./inputs.js";
import { legalAuthority, type PacketInput, prepare, refuseChoice } from "./packet-lookup.js";
import { capabilityVerdict, prepareRequest } from "./request.js";
import { assertDestinationClear } from "./destination.js";
import { RemediationRef, type StatusChange } from "./types.js";
import { type ActionType, PACKET_TYPE_OF } from "./values.js";

async function createRemediation(
  ctx: RequestContext,
  args: { input: PacketInput },
  action: ActionType,
) {
  const { input } = args;
  const { matter, grant, certificate } = await prepare(args, ctx, action);
  if (certificate)
    await assertDestinationClear(ctx, certificate, "destination_wallet_certificate_id");
  assertOpen(matter);
  const legalAuthorityId = await legalAuthority(ctx, matter.id, grant);
  const choice = chooseHoldings(input.wallets, await exposuresOf(ctx, matter.id, input.wallets), {
    asset: input.asset,
    network: input.network ?? certificate?.network,
  });
  if (!choice.ok) refuseChoice(choice, input);
  const token = referenceFor(ctx).token(choice.network, choice.contract);
  const verdict = capabilityVerdict(token, action, choice.asset, choice.network);
  if (!verdict.ok)
    throw new ApiError("issuer_action_unavailable", {
      param: input.asset ? "asset" : "wallets",
      message: verdict.message,
      details: { asset: choice.asset, network: choice.network, action_type: action },
    });
  if (certificate) {
    const param = "destination_wallet_certificate_id";
    const allowed = certificate.allowedAssets.map((a) => a.toLowerCase());
    if (!allowed.includes(choice.asset.toLowerCase()))
      throw invalid(param, `The certificate does not allow ${choice.asset}.`);
    if (
      input.wallets.some((w) => normalizeAddress(w) === normalizeAddress(certificate.walletAddress))
    )
      throw invalid(param, "The destination wallet is one of the target wallets.");
  }
  const request = prepareRequest(
    token!,
    action,
    choice.holdings,
    certificate?.walletAddress ?? null,
  );
  return write(ctx, async ({ tx, audit }) => {
    const now = new Date();
    const created: StatusChange = {
      from: null,
      to: "draft",
      notes: input.notes ?? null,
      actorId: ctx.principal.actorId,
      requestId: ctx.requestId,
      changedAt: now.toISOString(),
    };
    const row = await tx.issuerRemediation.create({
      data: {
        id: newId("issuerRemediation"),
        matterId: matter.id,
        judgmentId: input.judgmentId ?? null,
        actionType: action,
        packetType: PACKET_TYPE_OF[action],
        status: "draft",
        issuer: request.issuer,
        asset: request.asset,
        network: request.network,
        wallets: input.wallets,
        authorizedSender: input.authorizedSender,
        legalAuthorityId,
        destinationWalletCertificateId: certificate?.id ?? null,
        request: request as object,
        sourceRefs: (input.sourceRefs ?? []) as object[],
        notes: input.notes ?? null,
        statusHistory: [created] as object[],
        createdAt: now,
        updatedAt: now,
      } as never,
    });
    await audit({
      eventType: "issuer_remediation.prepared",
      objectType: "issuer_remediation",
      objectId: row.id,
      matterId: matter.id,
      details: {
        action_type: action,
        issuer: request.issuer,
        asset: request.asset,
        network: request.network,
        contract_address: request.contractAddress,
        targets: request.targets.map((t) => t.wallet),
        total_amount: request.totalAmount,
        legal_authority_id: legalAuthorityId,
        destination_wallet_certificate_id: certificate?.id ?? null,
        executed_by_service: false,
      },
    });
    return row;
  });
}

const DERIVATION =
  "The issuer, asset and network come from the matter's stored stablecoin exposure of the wallets (POST /v1/crypto/stablecoin-exposure or an asset map): `asset` and `network` are needed only to choose when the wallets hold several; amounts are each wallet's newest exposure. The contract address and function names come from data/stablecoins.json. Nothing is sent on chain: the service prepares, the issuer executes.";

export function registerPacketMutations() {
  builder.mutationField("createIssuerFreezePacket", (t) =>
    t.field({
      type: RemediationRef,
      description: `Prepares a freeze request to the token's issuer (POST /v1/issuer-remediation/freeze-packet), as a remediation in status draft. ${DERIVATION} A token whose issuer cannot freeze on that network is refused (422 issuer_action_unavailable); a deployment whose freeze function the sources do not name is prepared with \`function: null\` and \`functions_confirmed: false\`.`,
      gate: {
        scope: "issuer:write",
        authority: async (args, ctx) => (await prepare(args, ctx, "freeze_only")).matter.id,
      },
      extensions: {
        errors: ["matter_closed", "stablecoin_exposure_required", "issuer_action_unavailable"],
      },
      args: {
        input: t.arg({
          type: CreateFreezePacketInput,
          required: true,
          description: "The packet fields and the wallets to freeze.",
        }),
      },
      resolve: (_root, args, ctx) => createRemediation(ctx, args, "freeze_only"),
    }),
  );

  builder.mutationField("createIssuerBurnReissuePacket", (t) =>
    t.field({
      type: RemediationRef,
      description: `Prepares a burn-and-reissue request (POST /v1/issuer-remediation/burn-reissue-packet): freeze the wallets, destroy their frozen balances, reissue the amount to a certified destination wallet. ${DERIVATION} The certificate must be of the same matter and network and allow the asset (400 otherwise), be approved at this moment (403 sanctions_hold when pending_review or rejected), and the matter must pass the sanctions clearance (403 sanctions_hold: blocked property is never reissued). Only deployments whose issuer publishes a function destroying a frozen balance qualify (USDT on Ethereum and Tron, PYUSD, sUSDe; not USDC): 422 issuer_action_unavailable otherwise.`,
      gate: {
        scope: "issuer:write",
        authority: async (args, ctx) => (await prepare(args, ctx, "burn_reissue")).matter.id,
      },
      extensions: {
        errors: [
          "sanctions_hold",
          "matter_closed",
          "stablecoin_exposure_required",
          "issuer_action_unavailable",
        ],
      },
      args: {
        input: t.arg({
          type: CreateBurnReissuePacketInput,
          required: true,
          description: "The packet fields, the wallets and the destination certificate.",
        }),
      },
      resolve: (_root, args, ctx) => createRemediation(ctx, args, "burn_reissue"),
    }),
  );
}
