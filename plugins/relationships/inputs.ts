import { builder } from "../../src/schema/builder.js";
import { counterpartyNameSuggestions } from "./suggestions.js";
import { CounterpartyTypeEnum, RiskLevelEnum } from "./types.js";

const listOf = { list: false, items: true } as const;
const packetTypesDescription =
  "Packet kinds the counterparty accepts through this channel, e.g. exchange_intercept, exchange_freeze, vasp_legal_process (informational; each at most once).";

export const CreateRelationshipInput = builder.inputType("CreateRelationshipInput", {
  description:
    "A channel to a counterparty. The counterparty is found by type and normalised name within the organization, or created.",
  fields: (t) => ({
    counterpartyType: t.field({
      type: CounterpartyTypeEnum,
      required: true,
      description: "Kind of counterparty.",
    }),
    counterpartyName: t.string({
      required: true,
      description: `Name of the counterparty; the same type and normalised name reuse the existing counterparty. ${counterpartyNameSuggestions()}`,
    }),
    channelType: t.string({
      required: true,
      description:
        "How the channel is reached, e.g. law_enforcement_portal, compliance_email, legal_process, portal.",
    }),
    usableByProvider: t.boolean({
      description:
        "Whether the provider may use it (default true; false for law_enforcement_only, which cannot be true).",
    }),
    usableByCounsel: t.boolean({
      description: "Whether counsel may use it (default true; false for law_enforcement_only).",
    }),
    usableByLawEnforcement: t.boolean({
      description:
        "Whether law enforcement uses it (default false; true for law_enforcement_only).",
    }),
    authorizedSubmitterRequired: t.boolean({
      description:
        "Whether only a named, authorized submitter may send (default false; true for law_enforcement_only).",
    }),
    packetTypesSupported: t.stringList({ required: listOf, description: packetTypesDescription }),
    riskLevel: t.field({ type: RiskLevelEnum, description: "Risk of using the channel." }),
    notes: t.string({ description: "Notes." }),
  }),
});

export const UpdateRelationshipInput = builder.inputType("UpdateRelationshipInput", {
  description:
    "Fields to change; those left out stay. Who may use the channel is fixed at creation: make a new relationship instead.",
  fields: (t) => ({
    channelType: t.string({ description: "How the channel is reached." }),
    packetTypesSupported: t.stringList({ required: listOf, description: packetTypesDescription }),
    riskLevel: t.field({
      type: RiskLevelEnum,
      description: "Risk of using the channel; null clears it.",
    }),
    notes: t.string({ description: "Notes; null clears them." }),
  }),
});

export const LogRelationshipContactInput = builder.inputType("LogRelationshipContactInput", {
  description: "One contact through the relationship, about a matter.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "The matter the contact was about (mat_…)." }),
    authorizedSender: t.string({
      required: true,
      description: "Who made the contact on the provider's or counsel's side.",
    }),
    contactType: t.string({
      required: true,
      description: "How, e.g. email, phone, portal_submission, letter, meeting.",
    }),
    packetId: t.id({
      description: "The packet sent or discussed (pkt_…); must be a packet of that matter.",
    }),
    outcome: t.string({
      description: "What came of it, e.g. acknowledged, frozen, records_produced, no_response.",
    }),
    notes: t.string({ description: "Notes." }),
  }),
});
