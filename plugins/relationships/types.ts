import type { Counterparty } from "../../src/generated/prisma/client.js";
import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { counterpartyById } from "./loaders.js";
import { COUNTERPARTY_TYPES, RISK_LEVELS } from "./values.js";

export const CounterpartyTypeEnum = builder.enumType("CounterpartyType", {
  description: "What kind of party a counterparty is.",
  values: describedValues({
    exchange: "A crypto exchange or other VASP.",
    issuer: "A token issuer (e.g. a stablecoin issuer that can freeze).",
    counsel: "Outside or local counsel.",
    vendor: "A vendor (tracing, process service, data).",
    law_enforcement_only:
      "A channel reserved to law enforcement: never the provider's or counsel's channel (CONTRACT.md §13).",
    receiver: "A court-appointed receiver.",
    special_master: "A court-appointed special master.",
    claimant: "A claimant or its representative.",
    other: "Any other counterparty.",
  } satisfies Record<(typeof COUNTERPARTY_TYPES)[number], string>),
});

export const RiskLevelEnum = builder.enumType("RelationshipRiskLevel", {
  description: "How risky it is to use a relationship's channel.",
  values: describedValues({
    low: "Established channel; routine use.",
    medium: "Use with care; confirm contacts before sending.",
    high: "Counsel should approve each use.",
  } satisfies Record<(typeof RISK_LEVELS)[number], string>),
});

export const CounterpartyRef = builder.prismaNode("Counterparty", {
  id: { field: "id", description: "Global id, the same as the `cpt_` id." },
  description:
    "A party the organization deals with (an exchange, issuer, counsel …), found again by its type and normalised name. Organization-level: not tied to a matter.",
  fields: (t) => ({
    counterpartyId: t.exposeString("id", { description: "Counterparty id (prefix `cpt_`)." }),
    type: t.field({
      type: CounterpartyTypeEnum,
      description: "Kind of counterparty.",
      resolve: (c) => c.type as never,
    }),
    name: t.exposeString("name", { description: "Name as first given." }),
    normalizedName: t.exposeString("normalizedName", {
      description:
        "Comparison form of the name (NFKC, lower case, punctuation as spaces): one counterparty per type and normalised name.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

/** The relationship's counterparty (always present: the foreign key guarantees it). */
const counterpartyOf = async (
  r: { counterpartyId: string },
  ctx: Parameters<typeof counterpartyById>[0],
) => (await counterpartyById(ctx).load(r.counterpartyId)) as Counterparty;

export const RelationshipRef = builder.prismaNode("Relationship", {
  id: { field: "id", description: "Global id, the same as the `rel_` id." },
  description:
    "A channel to a counterparty and who may use it. Organization-level: any matter's packets may go through it, within its usability flags.",
  fields: (t) => ({
    relationshipId: t.exposeString("id", { description: "Relationship id (prefix `rel_`)." }),
    counterpartyId: t.exposeString("counterpartyId", {
      description: "The counterparty (GET /v1/relationships/counterparties/{counterparty_id}).",
    }),
    counterpartyType: t.field({
      type: CounterpartyTypeEnum,
      description: "The counterparty's type.",
      resolve: async (r, _args, ctx) => (await counterpartyOf(r, ctx)).type as never,
    }),
    counterpartyName: t.string({
      description: "The counterparty's name.",
      resolve: async (r, _args, ctx) => (await counterpartyOf(r, ctx)).name,
    }),
    counterparty: t.field({
      type: CounterpartyRef,
      description: "The counterparty.",
      extensions: { restOmit: true },
      resolve: (r, _args, ctx) => counterpartyOf(r, ctx),
    }),
    channelType: t.exposeString("channelType", {
      description:
        "How the channel is reached, e.g. `law_enforcement_portal`, `compliance_email`, `legal_process`, `portal`.",
    }),
    usableByProvider: t.exposeBoolean("usableByProvider", {
      description:
        "Whether the provider (the operator of this service) may use it. False: it can never be a packet's channel (422 `channel_not_usable`).",
    }),
    usableByCounsel: t.exposeBoolean("usableByCounsel", {
      description: "Whether counsel may use it.",
    }),
    usableByLawEnforcement: t.exposeBoolean("usableByLawEnforcement", {
      description: "Whether law enforcement uses it.",
    }),
    authorizedSubmitterRequired: t.exposeBoolean("authorizedSubmitterRequired", {
      description: "Whether only a named, authorized submitter may send through it.",
    }),
    packetTypesSupported: t.exposeStringList("packetTypesSupported", {
      description:
        "Packet kinds the counterparty accepts through this channel (e.g. `exchange_freeze`); informational, recorded in each packet's channel snapshot.",
    }),
    riskLevel: t.field({
      type: RiskLevelEnum,
      nullable: true,
      description: "Risk of using the channel; null until assessed.",
      resolve: (r) => r.riskLevel as never,
    }),
    notes: t.exposeString("notes", { nullable: true, description: "Notes." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
  }),
});

export const ContactLogRef = builder.prismaNode("ContactLog", {
  id: { field: "id", description: "Global id, the same as the `ctl_` id." },
  description: "One contact with a counterparty through a relationship, about a matter.",
  fields: (t) => ({
    contactLogId: t.exposeString("id", { description: "Contact log id (prefix `ctl_`)." }),
    relationshipId: t.exposeString("relationshipId", { description: "The relationship used." }),
    matterId: t.exposeString("matterId", { description: "The matter the contact was about." }),
    authorizedSender: t.exposeString("authorizedSender", {
      description: "Who made the contact on the provider's or counsel's side.",
    }),
    contactType: t.exposeString("contactType", {
      description: "How, e.g. email, phone, portal_submission, letter, meeting.",
    }),
    packetId: t.exposeString("packetId", {
      nullable: true,
      description: "The packet sent or discussed, a packet of the same matter.",
    }),
    outcome: t.exposeString("outcome", {
      nullable: true,
      description: "What came of it, e.g. acknowledged, frozen, records_produced, no_response.",
    }),
    notes: t.exposeString("notes", { nullable: true, description: "Notes." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was logged." }),
  }),
});

export interface CounterpartyHistoryShape {
  counterparty: Counterparty;
  relationships: unknown[];
  contactLogs: unknown[];
}

/** The newest this many packets and contact log entries are shown in a counterparty's history. */
export const HISTORY_LIMIT = 100;

export const CounterpartyHistoryRef = builder
  .objectRef<CounterpartyHistoryShape>("CounterpartyHistory")
  .implement({
    description:
      "Everything on record with a counterparty (GET /v1/relationships/counterparties/{counterparty_id}): its relationships as `items`, the packets addressed to it and its contact history. Packets and contact logs of matters the caller cannot reach are left out.",
    fields: (t) => ({
      counterparty: t.field({
        type: CounterpartyRef,
        description: "The counterparty.",
        resolve: (h) => h.counterparty,
      }),
      items: t.field({
        type: [RelationshipRef],
        description: "Every relationship with the counterparty, newest first.",
        resolve: (h) => h.relationships as never,
      }),
      contactHistory: t.field({
        type: [ContactLogRef],
        description: `Contacts through any of its relationships, newest first (the newest ${HISTORY_LIMIT}; page through each relationship's contactLogs in GraphQL for more).`,
        resolve: (h) => h.contactLogs as never,
      }),
    }),
  });
