import { builder } from "../../src/schema/builder.js";
import { RedactionProfileEnum } from "../exports/types.js";
import { ReportAudienceEnum, ReportSectionEnum } from "./types.js";

export const CreateCampaignBriefInput = builder.inputType("CreateCampaignBriefInput", {
  description: "The body of POST /v1/reports/campaign-brief.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    audience: t.field({
      type: ReportAudienceEnum,
      required: true,
      description: "Who the brief is for; it sets the brief's redaction_profile.",
    }),
    includeSections: t.field({
      type: [ReportSectionEnum],
      required: { list: false, items: true },
      description:
        "The sections to include (each once, shown in the brief's fixed order). Left out: every section; an empty list is refused (400 parameter_invalid).",
    }),
  }),
});

export const CreateClaimantUpdateInput = builder.inputType("CreateClaimantUpdateInput", {
  description: "The body of POST /v1/reports/claimant-update.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    claimantId: t.id({
      required: true,
      description: "The claimant (clm_…) of that matter whose view the update is (404 otherwise).",
    }),
    redactionProfile: t.field({
      type: RedactionProfileEnum,
      description:
        "The least redaction any export of the update may use (default `claimant`: the claimant's own identity and amounts stay, identifiers are hidden). Whatever the profile, the update holds nothing of any other claimant.",
    }),
  }),
});
