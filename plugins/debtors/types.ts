import { builder } from "../../src/schema/builder.js";
import { ReviewStateRef, reviewStateOf, SourceRefRef } from "../core/shared-types.js";
import type { LinkedEntityShape } from "./graph.js";

export const DebtorTypeEnum = builder.enumType("DebtorType", {
  description: "What kind of party the debtor is.",
  values: {
    individual: { description: "A natural person." },
    company: { description: "A company or other incorporated body." },
    trust: { description: "A trust." },
    unknown: { description: "Not yet known." },
  } as const,
});

export const LinkedEntityRef = builder.objectRef<LinkedEntityShape>("LinkedEntity").implement({
  description: "A person or entity connected to the debtor (company, relative, nominee, …).",
  fields: (t) => ({
    name: t.exposeString("name", { description: "Name of the linked person or entity." }),
    relationship: t.string({
      nullable: true,
      description: "How it is linked, e.g. director, shareholder, spouse, nominee.",
      resolve: (e) => e.relationship ?? null,
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Evidence of the link.",
      resolve: (e) => e.sourceRefs ?? [],
    }),
  }),
});

/** Stored JSON of linked entities → the output shape (stored in camelCase). */
export const linkedEntitiesOf = (json: unknown): LinkedEntityShape[] =>
  Array.isArray(json) ? (json as LinkedEntityShape[]) : [];

export const DebtorRef = builder.prismaNode("Debtor", {
  id: { field: "id", description: "Global id, the same as the `dbt_` id." },
  description: "A judgment debtor or adversary of a matter, with what is known about them.",
  fields: (t) => ({
    debtorId: t.exposeString("id", { description: "Debtor id (prefix `dbt_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the debtor belongs to." }),
    type: t.field({
      type: DebtorTypeEnum,
      description: "individual, company, trust or unknown.",
      resolve: (d) => d.type as never,
    }),
    legalName: t.exposeString("legalName", { description: "Full legal name." }),
    aliases: t.exposeStringList("aliases", { description: "Other names the debtor is known by." }),
    identifiers: t.field({
      type: "JSONObject",
      description:
        "Identifying data with the snake_case keys of DebtorIdentifiersInput, e.g. `dob`, `tax_id_last4`, `registration_number`, `emails`, `ibans`; only the keys given are present.",
      resolve: (d) => d.identifiers as Record<string, unknown>,
    }),
    wallets: t.exposeStringList("wallets", {
      description: "Wallet addresses attributed to the debtor, each checked for its network.",
    }),
    linkedEntities: t.field({
      type: [LinkedEntityRef],
      description: "Connected people and entities.",
      resolve: (d) => linkedEntitiesOf(d.linkedEntities),
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "Counsel or operator review.",
      resolve: (d) => reviewStateOf(d.reviewState),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
  }),
});
