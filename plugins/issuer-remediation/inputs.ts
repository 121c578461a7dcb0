import { builder } from "../../src/schema/builder.js";
import { SourceRefInput } from "../core/shared-types.js";
import { CryptoNetworkEnum } from "../crypto/service.js";
import { IssuerPacketTypeEnum, RemediationStatusEnum } from "./enums.js";

const listOf = { list: false, items: true } as const;

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];

/** The eight packet fields (SPEC.md "Packets") plus how the issuer request is chosen. */
const packetFields = (t: InputFields) => ({
  matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
  judgmentId: t.id({ description: "The judgment enforced (jdg_…), of the same matter." }),
  wallets: t.stringList({
    required: true,
    description:
      "Target wallet addresses (1–1000), each checked for its network; each must hold the chosen asset per the matter's stablecoin exposure.",
  }),
  packetType: t.field({
    type: IssuerPacketTypeEnum,
    description: "Defaults to the endpoint's own type; another value is refused.",
  }),
  authorizedSender: t.string({
    required: true,
    description:
      "Who sends the request to the issuer (named in the request; never law enforcement unless it is).",
  }),
  legalAuthorityId: t.id({
    description:
      "The authority grant (auth_…) of the matter the request relies on; it must be live. Default: the matter's newest live grant.",
  }),
  sourceRefs: t.field({
    type: [SourceRefInput],
    required: listOf,
    description: "Sources supporting the request (court order, tracing report …).",
  }),
  notes: t.string({ description: "Notes for the issuer or counsel." }),
  asset: t.string({
    description:
      "Token symbol (e.g. USDT). Needed only when the wallets' exposure covers several assets; otherwise derived.",
  }),
  network: t.field({
    type: CryptoNetworkEnum,
    description:
      "Network of the token. Needed only when the wallets' exposure covers several networks; otherwise derived (a burn-reissue takes its certificate's network).",
  }),
});

export const CreateFreezePacketInput = builder.inputType("CreateIssuerFreezePacketInput", {
  description: "A freeze request to a stablecoin issuer for the matter's exposed wallets.",
  fields: (t) => packetFields(t),
});

export const CreateBurnReissuePacketInput = builder.inputType(
  "CreateIssuerBurnReissuePacketInput",
  {
    description:
      "A burn-and-reissue request to a stablecoin issuer: freeze, destroy the frozen balances, reissue to a certified wallet.",
    fields: (t) => ({
      ...packetFields(t),
      destinationWalletCertificateId: t.id({
        required: true,
        description:
          "An approved destination wallet certificate (dwc_…) of the same matter and network.",
      }),
    }),
  },
);

export const CreateCertificateInput = builder.inputType("CreateDestinationWalletCertificateInput", {
  description: "A destination wallet to certify; it is screened against the OFAC SDN list.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    walletAddress: t.string({
      required: true,
      description: "The destination address, valid for `network` (EIP-55 when mixed case).",
    }),
    network: t.field({
      type: CryptoNetworkEnum,
      required: true,
      description: "Network of the wallet.",
    }),
    purpose: t.string({ required: true, description: "What the wallet receives funds for." }),
    owner: t.string({ required: true, description: "Who owns the wallet; screened by name." }),
    custodian: t.string({ description: "Who holds its keys, if not the owner; screened by name." }),
    signerModel: t.string({
      required: true,
      description: "How it signs (e.g. 2-of-3 multisig, MPC, single key).",
    }),
    allowedAssets: t.stringList({
      required: true,
      description: "Token symbols it may receive (1–50, e.g. USDT).",
    }),
  }),
});

export const UpdateRemediationInput = builder.inputType("UpdateIssuerRemediationInput", {
  description:
    "A status move and/or notes. Status moves only forward (draft → submitted → frozen → burned → reissued → remitted) or to rejected/closed (CONTRACT.md §7).",
  fields: (t) => ({
    status: t.field({ type: RemediationStatusEnum, description: "The new status." }),
    notes: t.string({ description: "Notes; replace the current ones and go into the history." }),
  }),
});
