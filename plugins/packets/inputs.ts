import { builder } from "../../src/schema/builder.js";
import { SourceRefInput } from "../core/shared-types.js";
import { PacketReviewDecisionEnum, PacketTypeEnum } from "./types.js";

const listOf = { list: false, items: true } as const;

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]["fields"]>[0];

/** The body every packet creation endpoint shares (SPEC.md "Packets"), plus the channel. */
const packetFields = (t: InputFields) => ({
  matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
  judgmentId: t.id({
    description:
      "The judgment the packet rests on (jdg_…), a judgment of that matter; optional (left out, the packet rests on the authority grant alone and says so).",
  }),
  wallets: t.stringList({
    required: listOf,
    description:
      "Wallets the packet is about: wal_ ids of the matter's wallets, or addresses valid for their network (CONTRACT.md §12). Left out: the matter's wallets. Repeats are kept once.",
  }),
  packetType: t.field({
    type: PacketTypeEnum,
    description:
      "What the packet asks for; each endpoint accepts its own values (see PacketType) and defaults to the first.",
  }),
  authorizedSender: t.string({
    required: true,
    description:
      "Who sends the packet: the provider's or counsel's named person, stated on its face. Never a law-enforcement agency.",
  }),
  legalAuthorityId: t.id({
    description:
      "The authority grant the packet rests on (auth_…), a live grant of that matter; default the matter's newest live grant.",
  }),
  sourceRefs: t.field({
    type: [SourceRefInput],
    required: listOf,
    description: "Sources sent with the packet; they head its source manifest.",
  }),
  notes: t.string({ description: "Notes for the reviewer and the recipient." }),
  relationshipId: t.id({
    description:
      "The channel the packet goes through (rel_…); optional at creation so a packet can be prepared before the channel is chosen. A relationship with usable_by_provider false can never be the channel, and a law-enforcement referral never goes through a law_enforcement_only channel (422 channel_not_usable).",
  }),
});

export const CreatePacketInput = builder.inputType("CreatePacketInput", {
  description: "The body every packet creation endpoint takes.",
  fields: (t) => packetFields(t),
});

export const CreateSanctionsReviewPacketInput = builder.inputType(
  "CreateSanctionsReviewPacketInput",
  {
    description: "The shared packet body plus the screen whose review the packet opens.",
    fields: (t) => ({
      ...packetFields(t),
      screenId: t.id({
        description:
          "The sanctions screen to review (scr_…), of that matter. Default: the matter's newest screen with hits and no review yet, else its newest screen; a matter without any screen is refused (403 sanctions_screen_required).",
      }),
    }),
  },
);

export const ReviewPacketInput = builder.inputType("ReviewPacketInput", {
  description: "A reviewer's decision (CONTRACT.md §7).",
  fields: (t) => ({
    decision: t.field({
      type: PacketReviewDecisionEnum,
      required: true,
      description: "approved or changes_requested.",
    }),
    reviewer: t.string({ required: true, description: "Who reviews (counsel or an operator)." }),
    notes: t.string({ description: "The review's notes; with changes_requested, what to change." }),
  }),
});
