import { builder } from "../../src/schema/builder.js";
import { ReviewStateInput, SourceRefInput } from "../core/shared-types.js";
import {
  AuthorityBasisEnum,
  ClaimantRoleEnum,
  MatterCloseReasonEnum,
  SettableMatterStatusEnum,
} from "./types.js";

export const MatterEconomicsInput = builder.inputType("MatterEconomicsInput", {
  description:
    "A matter's economic terms, as the waterfall applies them (CONTRACT.md §13); each a percentage from 0 to 100, only these keys accepted.",
  fields: (t) => ({
    holdbackPercentage: t.float({
      description: "Reserve held back from each recovery after costs.",
    }),
    counselFeePercentage: t.float({
      description: "Counsel's fee on what remains after costs and holdbacks.",
    }),
    providerPercentage: t.float({
      description:
        "The provider's share, on the same base as the counsel fee; the two together at most 100.",
    }),
  }),
});

export const ClaimantEconomicsInput = builder.inputType("ClaimantEconomicsInput", {
  description: "A claimant's economic terms; only these keys accepted.",
  fields: (t) => ({
    sharePercentage: t.float({
      description:
        "Pro-rata weight, 0–100, in the split of what remains for claimants; equal shares when no claimant has one.",
    }),
  }),
});

export const CreateMatterInput = builder.inputType("CreateMatterInput", {
  description: "A new matter; it starts `open` with authority_status `none`.",
  fields: (t) => ({
    name: t.string({ required: true, description: "Name of the matter." }),
    mode: t.string({ description: "Matter mode, e.g. `small_judgment`." }),
    leadCounsel: t.string({ description: "Lead counsel." }),
    economics: t.field({ type: MatterEconomicsInput, description: "Economic terms." }),
    notes: t.string({ description: "Free-text notes." }),
  }),
});

export const UpdateMatterInput = builder.inputType("UpdateMatterInput", {
  description: "Partial update of an open matter. Close a matter with closeMatter.",
  fields: (t) => ({
    name: t.string({ description: "Name of the matter." }),
    status: t.field({ type: SettableMatterStatusEnum, description: "open, active or on_hold." }),
    leadCounsel: t.string({ description: "Lead counsel; null clears it." }),
    economics: t.field({
      type: MatterEconomicsInput,
      description: "Replaces the economic terms as a whole.",
    }),
    notes: t.string({ description: "Free-text notes; null clears them." }),
    retentionPolicy: t.string({ description: "Data retention policy label; null clears it." }),
  }),
});

export const CloseMatterInput = builder.inputType("CloseMatterInput", {
  description: "Closing a matter; afterwards nothing under it can be changed.",
  fields: (t) => ({
    reason: t.field({
      type: MatterCloseReasonEnum,
      required: true,
      description: "Why the matter is closed.",
    }),
    notes: t.string({ description: "Closing notes." }),
  }),
});

export const GrantAuthorityInput = builder.inputType("GrantAuthorityInput", {
  description: "A new authority grant (CONTRACT.md §7).",
  fields: (t) => ({
    basis: t.field({ type: AuthorityBasisEnum, required: true, description: "Legal basis." }),
    grantedBy: t.string({
      required: true,
      description: "Who gives the authority (client, court, assignor…).",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: { list: true, items: true },
      description: "Documents evidencing the authority; at least one.",
    }),
    scope: t.stringList({ description: "What the authority covers, as free-text labels." }),
    effectiveAt: t.field({
      type: "DateTime",
      description: "From when the grant is in effect (default now).",
    }),
    expiresAt: t.field({
      type: "DateTime",
      description: "When the grant lapses; must be after effective_at.",
    }),
  }),
});

export const RevokeAuthorityInput = builder.inputType("RevokeAuthorityInput", {
  description: "Revoking an authority grant.",
  fields: (t) => ({
    reason: t.string({ description: "Why the grant is revoked." }),
  }),
});

export const CreateClaimantInput = builder.inputType("CreateClaimantInput", {
  description: "A new claimant of a matter.",
  fields: (t) => ({
    name: t.string({ required: true, description: "Name of the claimant." }),
    role: t.field({ type: ClaimantRoleEnum, required: true, description: "Role in the matter." }),
    economics: t.field({ type: ClaimantEconomicsInput, description: "Economic terms." }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      required: { list: false, items: true },
      description: "Supporting documents.",
    }),
  }),
});

export const UpdateClaimantInput = builder.inputType("UpdateClaimantInput", {
  description: "Partial update of a claimant.",
  fields: (t) => ({
    name: t.string({ description: "Name of the claimant." }),
    economics: t.field({
      type: ClaimantEconomicsInput,
      description: "Replaces the economic terms as a whole.",
    }),
    reviewState: t.field({
      type: ReviewStateInput,
      description: "Review fields to set; others stay as they are.",
    }),
  }),
});
