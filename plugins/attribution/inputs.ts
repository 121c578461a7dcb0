import { builder } from "../../src/schema/builder.js";
import { SourceRefInput } from "../core/shared-types.js";
import { WalletNetworkEnum } from "./wallet-types.js";

const listOf = { list: false, items: true } as const;
const confidenceDescription = "0–1.";

export const WalletInput = builder.inputType("WalletInput", {
  description: "A wallet to import.",
  fields: (t) => ({
    address: t.string({ required: true, description: "The address, valid on `network`." }),
    network: t.field({
      type: WalletNetworkEnum,
      description:
        "The network; inferred from the address when left out (EVM addresses default to ethereum).",
    }),
    role: t.string({
      description: "Role in the matter, e.g. debtor_controlled, victim, intermediary.",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description: "Sources tying the wallet to the matter.",
    }),
    confidence: t.float({
      description: `${confidenceDescription} Default: the noisy-OR of the source refs' tiers.`,
    }),
  }),
});

export const ImportWalletsInput = builder.inputType("ImportWalletsInput", {
  description: "Wallets to import under an open matter (at most 1000).",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    wallets: t.field({
      type: [WalletInput],
      required: true,
      description: "The wallets; duplicates merge into one record.",
    }),
  }),
});

export const CreateAttributionClaimInput = builder.inputType("CreateAttributionClaimInput", {
  description: "A sourced attribution statement.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    subject: t.string({
      required: true,
      description: "What the claim is about, e.g. a wallet address or wallet id.",
    }),
    predicate: t.string({ required: true, description: "The relation, e.g. controlled_by." }),
    object: t.string({ required: true, description: "What the subject is related to." }),
    sourceType: t.string({
      required: true,
      description:
        "Kind of primary evidence; sets the evidence tier (e.g. vasp_response tier 1, on_chain tier 2, cluster_label tier 3, osint tier 4, ip_signal tier 5; a tier name such as `tier_2` also works; unknown kinds count as tier 4).",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: listOf,
      description:
        "Supporting sources; each distinct source beyond the primary evidence corroborates by noisy-OR.",
    }),
    confidence: t.float({
      description:
        "0–1, the analyst's figure. Kept when at most the evidence's score, otherwise lowered to it: a claim is never surer than its sources.",
    }),
    basis: t.stringList({ required: listOf, description: "Why the claim is made." }),
  }),
});

export const TierEnum = builder.enumType("EvidenceTier", {
  description: "Evidence tiers of CONTRACT.md §13 with their base confidence.",
  values: {
    tier_1: { description: "Legal-process return, VASP response, court finding (0.95)." },
    tier_2: { description: "Deterministic on-chain link (0.80)." },
    tier_3: { description: "Commercial or cluster label (0.65)." },
    tier_4: { description: "OSINT or behavioural heuristic (0.45)." },
    tier_5: { description: "Network/IP signal (0.25); never standalone proof." },
  } as const,
});

export const ScoreAttributionClaimInput = builder.inputType("ScoreAttributionClaimInput", {
  description: "Rescores a claim from its evidence tier, corroboration and contradictions.",
  fields: (t) => ({
    claimId: t.id({ required: true, description: "Attribution claim id (acl_…)." }),
    evidenceTier: t.field({
      type: TierEnum,
      description: "Tier of the primary evidence (default: the claim's).",
    }),
    corroboration: t.stringList({
      required: listOf,
      description:
        "Independent corroborating sources: a tier name, a source type (as for source_type), or the id of another claim of the same matter (its tier counts). Repeats count once.",
    }),
    contradictions: t.stringList({
      required: listOf,
      description: "Contradicting findings, each described; each distinct one halves the score.",
    }),
  }),
});

export const BuildAttributionGraphInput = builder.inputType("BuildAttributionGraphInput", {
  description: "Which wallets to build an attribution graph over.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    walletIds: t.idList({
      required: listOf,
      description:
        "Wallet ids (wal_…) of the matter, at most 1000; default every wallet of the matter. The same set refreshes the same graph.",
    }),
    includeContradictions: t.boolean({
      description:
        "Also list contradictions: claims with recorded contradictions and claims that disagree (same subject and predicate, another object). Default false; scores always reflect them.",
    }),
  }),
});
