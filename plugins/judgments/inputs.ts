/** Input types of the judgments mutations. */
import { builder } from "../../src/schema/builder.js";
import { MoneyInput, ReviewStateInput, SourceRefInput } from "../core/shared-types.js";
import {
  AppealStayStatusEnum,
  BankruptcyStatusEnum,
  EnforcementProfileEnum,
  JudgmentStatusEnum,
  ValidationCheckEnum,
} from "./enums.js";

export const IntakeJudgmentInput = builder.inputType("IntakeJudgmentInput", {
  description: "A judgment to take in; it starts `entered` with its renewal deadlines created.",
  fields: (t) => ({
    matterId: t.id({
      required: true,
      description: "Matter it belongs to (mat_…); needs a live authority grant.",
    }),
    court: t.string({ required: true, description: "Court that entered the judgment." }),
    caseNumber: t.string({ required: true, description: "Case number in that court." }),
    jurisdiction: t.string({
      required: true,
      description:
        "Jurisdiction code or name (CA, NY, FED…). An unknown one is accepted and flagged for review.",
    }),
    creditor: t.string({ required: true, description: "Judgment creditor." }),
    debtor: t.string({ required: true, description: "Judgment debtor." }),
    amount: t.field({
      type: MoneyInput,
      required: true,
      description:
        "Amount: greater than 0, at most the currency's minor-unit decimals (2 for USD).",
    }),
    dateEntered: t.field({
      type: "Date",
      required: true,
      description: "Date of entry; not in the future.",
    }),
    sourceRefs: t.field({
      type: [SourceRefInput],
      description:
        "Uploaded documents; validation needs one with source_type `certified_judgment`.",
    }),
    consumerDebt: t.boolean({
      description: "Consumer debt (true) or commercial (false); unset needs review.",
    }),
  }),
});

export const UpdateJudgmentInput = builder.inputType("UpdateJudgmentInput", {
  description:
    "Partial update. Setting `validated` needs a passing latest validation; changing the stay or bankruptcy " +
    "status of a validated judgment puts it back to `entered` until it is validated again.",
  fields: (t) => ({
    status: t.field({ type: JudgmentStatusEnum, description: "Judgment status." }),
    appealStayStatus: t.field({ type: AppealStayStatusEnum, description: "Appeal and stay." }),
    bankruptcyStatus: t.field({ type: BankruptcyStatusEnum, description: "Debtor bankruptcy." }),
    renewalDeadline: t.field({
      type: "Date",
      description:
        "Last day to renew the judgment (e.g. after a renewal); moves its open renewal deadline.",
    }),
    reviewState: t.field({
      type: ReviewStateInput,
      description: "Review fields to set; others stay as they are.",
    }),
  }),
});

export const ValidateJudgmentInput = builder.inputType("ValidateJudgmentInput", {
  description: "Options of a validation run.",
  fields: (t) => ({
    checks: t.field({
      type: [ValidationCheckEnum],
      description: "Gates to run; absent or empty runs all six. `authority` always runs.",
    }),
    consumerDebt: t.boolean({
      description: "Consumer debt for this run; defaults to the judgment's own.",
    }),
    bankruptcyKnown: t.boolean({
      description: "A bankruptcy is known even if not yet recorded (treated as filed).",
    }),
    appealStayKnown: t.boolean({
      description: "A stay is known even if not yet recorded (treated as stayed).",
    }),
  }),
});

export const SetEnforcementProfileInput = builder.inputType("SetEnforcementProfileInput", {
  description: "The enforcement profile to set; needs a passing validation.",
  fields: (t) => ({
    profile: t.field({
      type: EnforcementProfileEnum,
      required: true,
      description: "measured, assertive or maximum_lawful.",
    }),
    notes: t.string({ description: "Why this profile; kept as the review notes." }),
  }),
});

export const EnforcementConstraintsInput = builder.inputType("EnforcementConstraintsInput", {
  description:
    "Constraints to plan under; added to what the judgment records (a recorded bankruptcy always counts).",
  fields: (t) => ({
    consumerDebt: t.boolean({ description: "Consumer debt." }),
    bankruptcyKnown: t.boolean({ description: "A bankruptcy is known." }),
    appealStayKnown: t.boolean({ description: "An appeal stay is known." }),
    sanctionsReviewRequired: t.boolean({ description: "A sanctions review is pending." }),
  }),
});

export const GenerateEnforcementPlanInput = builder.inputType("GenerateEnforcementPlanInput", {
  description: "Options of an enforcement plan; needs a passing validation.",
  fields: (t) => ({
    profile: t.field({
      type: EnforcementProfileEnum,
      description: "Profile; default the judgment's own, else measured.",
    }),
    constraints: t.field({
      type: EnforcementConstraintsInput,
      description: "Constraints to plan under.",
    }),
    knownWallets: t.stringList({
      description: "Debtor wallets besides those recorded on the matter's debtors.",
    }),
    knownExchanges: t.stringList({ description: "Exchanges the debtor is known to use." }),
  }),
});
