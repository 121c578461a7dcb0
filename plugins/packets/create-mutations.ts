import { builder } from "../../src/schema/builder.js";
import { SanctionsReviewRef } from "../sanctions/types.js";
import { createPacket, creationMatter, sanctionsReviewExtra } from "./create.js";
import { CreatePacketInput, CreateSanctionsReviewPacketInput } from "./inputs.js";
import { PacketRef } from "./types.js";
import type { PacketKind } from "./values.js";

/** The creation mutations answering with the Packet: root field name per kind. */
const PACKET_MUTATIONS: Array<[string, Exclude<PacketKind, "sanctions_review">, string]> = [
  [
    "createExchangeInterceptPacket",
    "exchange_intercept",
    "Prepares a source-linked packet for an exchange/VASP: preservation, freeze, information request, turnover or remittance.",
  ],
  [
    "createVaspLegalProcessPacket",
    "vasp_legal_process",
    "Prepares a counsel-reviewed subpoena, records request, preservation or VASP response packet.",
  ],
  [
    "createExchangeFreezePacket",
    "exchange_freeze",
    "Prepares a freeze/hold request, subject to court, counsel and authorized-channel review. The service never freezes anything itself.",
  ],
  [
    "createExchangeTurnoverPacket",
    "exchange_turnover",
    "Prepares a turnover request for court, counsel and exchange workflows.",
  ],
  [
    "createTurnoverWorkflowPacket",
    "turnover_workflow",
    "Prepares a court-supervised self-custody turnover workflow packet with proof-of-control evidence and noncompliance tracking.",
  ],
  [
    "createLawEnforcementReferralPacket",
    "law_enforcement_referral",
    "Prepares a referral for authorized counsel or law-enforcement workflows. It states who sends it (authorized_sender, the provider's or counsel's person), never presents itself as law enforcement (a sender naming an agency is refused) and never goes through a law_enforcement_only channel or one not usable by the provider.",
  ],
];

const COMMON =
  "Content is a snapshot of the matter's records at creation (judgment and balance, debtors, wallets, exchange hypotheses, stablecoin exposure, attribution claims, authority grant) with its source manifest. The packet is `in_review` when the content has review reasons, else `draft`. Authority gate; a closed matter is 409 matter_closed.";

const ERRORS = ["matter_closed", "channel_not_usable"];

export function registerCreateMutations() {
  for (const [name, kind, description] of PACKET_MUTATIONS) {
    builder.mutationField(name, (t) =>
      t.field({
        type: PacketRef,
        description: `${description} ${COMMON}`,
        gate: { scope: "packets:write", authority: creationMatter(kind) },
        extensions: { errors: ERRORS },
        args: {
          input: t.arg({ type: CreatePacketInput, required: true, description: "The packet." }),
        },
        resolve: (_root, { input }, ctx) => createPacket(ctx, kind, input),
      }),
    );
  }

  builder.mutationField("createSanctionsReviewPacket", (t) =>
    t.field({
      type: SanctionsReviewRef,
      description: `Prepares a sanctions evidence packet and opens the blocked-property review of a screen (the sanctions module's review, as POST /v1/sanctions/review-packet opens it); answers with that SanctionsReview, whose packet_id names the packet. ${COMMON}`,
      gate: { scope: "packets:write", authority: creationMatter("sanctions_review") },
      extensions: { errors: [...ERRORS, "sanctions_screen_required"] },
      args: {
        input: t.arg({
          type: CreateSanctionsReviewPacketInput,
          required: true,
          description: "The packet and the screen.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const { screenId, ...body } = input;
        const extra = await sanctionsReviewExtra(ctx, input.matterId, screenId, input.notes);
        const packet = await createPacket(ctx, "sanctions_review", body, extra);
        return ctx.db.sanctionsReview.findUniqueOrThrow({
          where: { id: packet.sanctionsReviewId! },
        });
      },
    }),
  );
}
