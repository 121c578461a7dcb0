import { builder } from "../../src/schema/builder.js";
import { OfacReportStatusEnum, OfacReportTypeEnum, ReviewDecisionEnum } from "./types.js";

const listOf = { list: false, items: true } as const;

export const ScreenSanctionsInput = builder.inputType("ScreenSanctionsInput", {
  description: "What to screen against the OFAC SDN list; at least one item in all.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    wallets: t.stringList({
      required: listOf,
      description:
        "Wallet addresses, each checked for its network (EVM, Bitcoin, Tron, Solana …); matched exactly against listed addresses, EVM case-insensitively.",
    }),
    entities: t.stringList({
      required: listOf,
      description:
        "Names of debtors and related parties, matched against SDN names and aliases (normalised exact → match, similar → potential_match).",
    }),
    counterparties: t.stringList({
      required: listOf,
      description: "Names of counterparties, matched like entities.",
    }),
  }),
});

export const CreateSanctionsReviewInput = builder.inputType("CreateSanctionsReviewInput", {
  description: "Opens a sanctions review of a screen.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    screenId: t.id({
      required: true,
      description: "The screen to review (scr_…), of that matter.",
    }),
    notes: t.string({ description: "Notes for counsel." }),
  }),
});

export const DecideSanctionsReviewInput = builder.inputType("DecideSanctionsReviewInput", {
  description: "Counsel's decision on an open review (CONTRACT.md §7).",
  fields: (t) => ({
    decision: t.field({
      type: ReviewDecisionEnum,
      required: true,
      description: "cleared or blocked; blocked sets ofac_report_required.",
    }),
    notes: t.string({ description: "Reasons for the decision." }),
    counselOwner: t.string({ required: true, description: "Counsel who decides." }),
  }),
});

export const CreateOfacReportInput = builder.inputType("CreateOfacReportInput", {
  description: "Starts the OFAC report of a blocked review.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    sanctionsReviewId: t.id({
      required: true,
      description: "The blocked sanctions review (srv_…) of that matter.",
    }),
    reportType: t.field({
      type: OfacReportTypeEnum,
      required: true,
      description: "blocked_property (31 CFR 501.603) or rejected_transaction (501.604).",
    }),
    counselOwner: t.string({ required: true, description: "Counsel responsible for the report." }),
  }),
});

export const TransitionOfacReportInput = builder.inputType("TransitionOfacReportInput", {
  description: "Moves an OFAC report forward: draft → submitted → acknowledged.",
  fields: (t) => ({
    status: t.field({
      type: OfacReportStatusEnum,
      required: true,
      description: "The next status: submitted (needs submitted_by) or acknowledged.",
    }),
    submittedBy: t.string({ description: "Who filed it; required to move to submitted." }),
  }),
});
