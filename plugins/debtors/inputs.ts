import { builder } from "../../src/schema/builder.js";
import { ReviewStateInput, SourceRefInput } from "../core/shared-types.js";
import { AssetClassEnum, DebtorGraphSourceEnum } from "./graph-types.js";
import {
  IDENTIFIER_KEYS,
  IDENTIFIERS,
  identifierField,
  type IdentifiersInput,
} from "./identifiers.js";
import { DebtorTypeEnum } from "./types.js";

const listOf = { list: false, items: true } as const;

export const LinkedEntityInput = builder.inputType("LinkedEntityInput", {
  description: "A person or entity connected to the debtor.",
  fields: (t) => ({
    name: t.string({ required: true, description: "Name of the linked person or entity." }),
    relationship: t.string({
      description: "How it is linked, e.g. director, shareholder, spouse, nominee.",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description: "Evidence of the link; raises the confidence of its claim.",
    }),
  }),
});

export const DebtorIdentifiersInput = builder
  .inputRef<IdentifiersInput>("DebtorIdentifiersInput")
  .implement({
    description:
      "Identifying data of a debtor; only these keys are accepted. Lists replace, never merge.",
    fields: (t) =>
      Object.fromEntries(
        IDENTIFIER_KEYS.map((key) => {
          const spec = IDENTIFIERS[key];
          const description = spec.description;
          const field =
            spec.kind === "date"
              ? t.field({ type: "Date", description })
              : spec.kind === "list"
                ? t.stringList({ required: listOf, description })
                : t.string({ description });
          return [identifierField(key), field];
        }),
      ),
  });

const walletsDescription =
  "Wallet addresses. Each is checked for its inferred network: EVM 0x+40 hex (EIP-55 when mixed case), Bitcoin base58check/bech32/bech32m, Tron, Solana.";
const identifiersDescription =
  "Identifying data: date of birth, tax, company and identity numbers, contact details and asset pointers (bank, exchange and brokerage accounts, parcels, vehicles, receivables).";

export const CreateDebtorInput = builder.inputType("CreateDebtorInput", {
  description: "A new debtor under an open matter.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    type: t.field({
      type: DebtorTypeEnum,
      required: true,
      description: "individual, company, trust or unknown.",
    }),
    legalName: t.string({ required: true, description: "Full legal name." }),
    aliases: t.stringList({ required: listOf, description: "Other names the debtor is known by." }),
    identifiers: t.field({ type: DebtorIdentifiersInput, description: identifiersDescription }),
    wallets: t.stringList({ required: listOf, description: walletsDescription }),
    linkedEntities: t.field({
      type: [LinkedEntityInput],
      required: listOf,
      description: "Connected people and entities.",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description:
        "Documents behind the record; kept in the creation's audit event (the debtor has no source_refs field).",
    }),
  }),
});

export const UpdateDebtorInput = builder.inputType("UpdateDebtorInput", {
  description:
    "Partial update of a debtor under an open matter; given lists and objects replace the stored ones.",
  fields: (t) => ({
    legalName: t.string({ description: "Full legal name." }),
    aliases: t.stringList({ required: listOf, description: "Replaces the aliases." }),
    identifiers: t.field({
      type: DebtorIdentifiersInput,
      description: `Replaces the identifiers. ${identifiersDescription}`,
    }),
    wallets: t.stringList({
      required: listOf,
      description: `Replaces the wallets. ${walletsDescription}`,
    }),
    linkedEntities: t.field({
      type: [LinkedEntityInput],
      required: listOf,
      description: "Replaces the linked entities.",
    }),
    reviewState: t.field({
      type: ReviewStateInput,
      description: "Review fields to set; others stay as they are.",
    }),
  }),
});

export const BuildDebtorGraphInput = builder.inputType("BuildDebtorGraphInput", {
  description: "What to build a debtor graph from.",
  fields: (t) => ({
    includeSources: t.field({
      type: [DebtorGraphSourceEnum],
      required: listOf,
      description:
        "Parts of the record to include (default all): identifiers, aliases, wallets, linked_entities.",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description:
        "Evidence about the debtor; each source's `source_type` sets its tier (e.g. vasp_response tier 1, on_chain tier 2 for wallets only).",
    }),
  }),
});

export const ProposeAssetHypothesesInput = builder.inputType("ProposeAssetHypothesesInput", {
  description: "Which asset hypotheses to propose.",
  fields: (t) => ({
    assetClasses: t.field({
      type: [AssetClassEnum],
      required: listOf,
      description: "Asset classes to consider (default all).",
    }),
    minConfidence: t.float({
      description: "Only hypotheses with at least this confidence, 0–1 (default 0).",
    }),
  }),
});
