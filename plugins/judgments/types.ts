/** Plain object types of the judgments module. The node types are in judgment-type.ts and plan-type.ts. */
import { builder } from "../../src/schema/builder.js";
import { MoneyRef, ReviewStateRef, type ReviewStateShape } from "../core/shared-types.js";
export { GateRef } from "../core/shared-types.js";
import type { BlockedAction, PlanConstraints, PlannedAction } from "./domain/profile.js";
import { EnforcementProfileEnum, PlannedActionPriorityEnum, PressureNameEnum } from "./enums.js";
import type { BalanceView } from "./service.js";

export const JudgmentBalanceRef = builder.objectRef<BalanceView>("JudgmentBalance").implement({
  description:
    "Post-judgment balance as of today: simple interest at the jurisdiction's rate (28 U.S.C. 1961 for FED). " +
    "No rate is ever guessed: variable-rate or unknown jurisdictions accrue nothing and need review.",
  fields: (t) => ({
    principal: t.field({
      type: MoneyRef,
      description: "The judgment amount.",
      resolve: (b) => b.principal,
    }),
    interestAccrued: t.field({
      type: MoneyRef,
      description: "Interest from the day after entry through as_of.",
      resolve: (b) => b.interestAccrued,
    }),
    payments: t.field({
      type: MoneyRef,
      description:
        "Payments applied, from the ledger: the matter's recovery events in hand (turned_over, remitted, settled, recovered) valued in the judgment's currency (usd_value for a USD judgment; gross_amount of events whose asset is the judgment's currency code otherwise), dated by occurred_at; applied to interest first, then principal.",
      resolve: (b) => b.payments,
    }),
    outstanding: t.field({
      type: MoneyRef,
      description: "principal + interest_accrued − payments, never below 0.",
      resolve: (b) => b.outstanding,
    }),
    asOf: t.field({
      type: "Date",
      description: "The day the balance is computed for (today, UTC).",
      resolve: (b) => b.asOf,
    }),
    interestRate: t.exposeFloat("interestRate", {
      nullable: true,
      description: "Percent per annum applied; null when none could be applied.",
    }),
    compounding: t.exposeString("compounding", {
      nullable: true,
      description: "`simple`, `annual` (FED), or null.",
    }),
    rateBasis: t.exposeString("rateBasis", {
      description: "Where the rate comes from, or why none was applied.",
    }),
    reviewRequired: t.exposeBoolean("reviewRequired", {
      description: "The balance cannot be relied on without review.",
    }),
    missingItems: t.exposeStringList("missingItems", {
      description: "What is missing, e.g. `interest_rate_requires_review`.",
    }),
  }),
});

export const PlannedActionRef = builder.objectRef<PlannedAction>("PlannedAction").implement({
  description: "A step an enforcement plan proposes.",
  fields: (t) => ({
    type: t.exposeString("type", {
      description: "Kind of step: watch, exchange, discovery, legal_process, ledger.",
    }),
    title: t.exposeString("title", { description: "What to do." }),
    priority: t.field({
      type: PlannedActionPriorityEnum,
      description: "high, normal or low.",
      resolve: (a) => a.priority,
    }),
    reason: t.exposeString("reason", { description: "Why the step is proposed." }),
    pressureLevel: t.exposeInt("pressure_level", {
      description: "Pressure level of the step (0–6).",
    }),
    pressureName: t.field({
      type: PressureNameEnum,
      description: "Name of that level.",
      resolve: (a) => a.pressure_name,
    }),
    target: t.string({
      nullable: true,
      description: "The wallet, exchange or deadline date it is about.",
      resolve: (a) => a.target ?? null,
    }),
  }),
});

export const BlockedActionRef = builder.objectRef<BlockedAction>("BlockedAction").implement({
  description: "A step (or a class of steps) a constraint or failed gate holds back.",
  fields: (t) => ({
    type: t.exposeString("type", { description: "Kind of step held back." }),
    reason: t.exposeString("reason", { description: "What holds it back." }),
  }),
});

export interface ProfileResultShape {
  judgmentId: string;
  profile: "measured" | "assertive" | "maximum_lawful";
  pressureLevel: number;
  pressureName: string;
  pressureCap: number;
  reviewState: ReviewStateShape;
}

export const EnforcementProfileResultRef = builder
  .objectRef<ProfileResultShape>("EnforcementProfileResult")
  .implement({
    description: "The enforcement profile set on a judgment and the pressure it starts at.",
    fields: (t) => ({
      judgmentId: t.exposeString("judgmentId", { description: "The judgment." }),
      profile: t.field({
        type: EnforcementProfileEnum,
        description: "The profile set.",
        resolve: (r) => r.profile,
      }),
      pressureLevel: t.exposeInt("pressureLevel", {
        description: "Starting pressure level of the profile.",
      }),
      pressureName: t.field({
        type: PressureNameEnum,
        description: "Name of that level.",
        resolve: (r) => r.pressureName as never,
      }),
      pressureCap: t.exposeInt("pressureCap", {
        description: "Highest pressure level the profile allows.",
      }),
      reviewState: t.field({
        type: ReviewStateRef,
        description: "Review needed before acting (from the latest validation).",
        resolve: (r) => r.reviewState,
      }),
    }),
  });

export const EnforcementConstraintsRef = builder
  .objectRef<Required<PlanConstraints>>("EnforcementConstraints")
  .implement({
    description:
      "Constraints an enforcement plan was generated under (the caller's and the judgment's combined).",
    fields: (t) => ({
      consumerDebt: t.exposeBoolean("consumer_debt", {
        description: "Consumer debt: nothing above discover until FDCPA review.",
      }),
      bankruptcyKnown: t.exposeBoolean("bankruptcy_known", {
        description: "Bankruptcy: nothing above prepare.",
      }),
      appealStayKnown: t.exposeBoolean("appeal_stay_known", {
        description: "Appeal stay: nothing above prepare.",
      }),
      sanctionsReviewRequired: t.exposeBoolean("sanctions_review_required", {
        description: "Sanctions review pending: nothing above discover.",
      }),
    }),
  });
