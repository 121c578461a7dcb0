/** Node types Judgment (jdg_), Deadline (ddl_) and JudgmentValidation (jvl_). */
import { builder } from "../../src/schema/builder.js";
import {
  MoneyRef,
  ReviewStateRef,
  reviewStateOf,
  SourceRefRef,
  sourceRefsOf,
} from "../core/shared-types.js";
import type { Gate } from "./domain/validation.js";
import { pressureName } from "./domain/profile.js";
import { moneyFromDecimal } from "./money.js";
import { balanceOf, paymentsOf } from "./service.js";
import {
  AppealStayStatusEnum,
  BankruptcyStatusEnum,
  DeadlineStatusEnum,
  DeadlineTypeEnum,
  EnforcementProfileEnum,
  JudgmentStatusEnum,
  PressureNameEnum,
  ValidationCheckEnum,
} from "./enums.js";
import { GateRef, JudgmentBalanceRef } from "./types.js";

export const DeadlineRef = builder.prismaNode("Deadline", {
  id: { field: "id", description: "Global id, the same as the `ddl_` id." },
  description: "A date by which something must be done, e.g. renewing a judgment before it lapses.",
  fields: (t) => ({
    deadlineId: t.exposeString("id", { description: "Deadline id (prefix `ddl_`)." }),
    judgmentId: t.exposeString("judgmentId", {
      nullable: true,
      description: "The judgment it belongs to, if any.",
    }),
    matterId: t.exposeString("matterId", { description: "The matter it belongs to." }),
    type: t.field({
      type: DeadlineTypeEnum,
      description: "Kind of deadline.",
      resolve: (d) => d.type as never,
    }),
    date: t.expose("date", { type: "Date", description: "The last day." }),
    owner: t.exposeString("owner", {
      nullable: true,
      description: "Who must act (e.g. `counsel`).",
    }),
    status: t.field({
      type: DeadlineStatusEnum,
      description: "open, completed or cancelled.",
      resolve: (d) => d.status as never,
    }),
    basis: t.exposeString("basis", {
      nullable: true,
      description: "The rule the date comes from.",
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the deadline was recorded.",
    }),
  }),
});

export const JudgmentValidationRef = builder.prismaNode("JudgmentValidation", {
  id: { field: "id", description: "Global id, the same as the `jvl_` id." },
  description: "One run of the readiness battery on a judgment (a ValidationResult), as stored.",
  fields: (t) => ({
    validationId: t.exposeString("id", { description: "Validation id (prefix `jvl_`)." }),
    judgmentId: t.exposeString("judgmentId", { description: "The judgment validated." }),
    enforcementReady: t.exposeBoolean("enforcementReady", { description: "No gate failed." }),
    reviewRequired: t.exposeBoolean("reviewRequired", { description: "Some gate needs review." }),
    missingItems: t.exposeStringList("missingItems", {
      description:
        "Every failing gate by name, then specific missing data (e.g. `certified_judgment`).",
    }),
    gates: t.field({
      type: [GateRef],
      description: "Each gate run, in canonical order.",
      resolve: (v) => v.gates as unknown as Gate[],
    }),
    checks: t.field({
      type: [ValidationCheckEnum],
      description: "The checks asked for; empty means all. `authority` always runs.",
      resolve: (v) => v.checks as never,
    }),
    validatedAt: t.expose("createdAt", { type: "DateTime", description: "When the battery ran." }),
  }),
});

export const JudgmentRef = builder.prismaNode("Judgment", {
  id: { field: "id", description: "Global id, the same as the `jdg_` id." },
  description:
    "A money judgment under a matter, with its deadlines, latest validation and balance.",
  fields: (t) => ({
    judgmentId: t.exposeString("id", { description: "Judgment id (prefix `jdg_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter it belongs to." }),
    court: t.exposeString("court", { description: "Court that entered the judgment." }),
    caseNumber: t.exposeString("caseNumber", { description: "Case number in that court." }),
    jurisdiction: t.exposeString("jurisdiction", {
      description:
        "Jurisdiction code (e.g. CA, NY, FED); a known name or code is stored as its code.",
    }),
    creditor: t.exposeString("creditor", { description: "Judgment creditor." }),
    debtor: t.exposeString("debtor", { description: "Judgment debtor." }),
    dateEntered: t.expose("dateEntered", { type: "Date", description: "Date of entry." }),
    amount: t.field({
      type: MoneyRef,
      description: "Amount of the judgment.",
      resolve: (j) => moneyFromDecimal(j.amount, j.currency, j.valuationTime ?? j.createdAt),
    }),
    status: t.field({
      type: JudgmentStatusEnum,
      description: "Where the judgment stands.",
      resolve: (j) => j.status as never,
    }),
    appealStayStatus: t.field({
      type: AppealStayStatusEnum,
      description: "Appeal and stay.",
      resolve: (j) => j.appealStayStatus as never,
    }),
    bankruptcyStatus: t.field({
      type: BankruptcyStatusEnum,
      description: "Debtor bankruptcy.",
      resolve: (j) => j.bankruptcyStatus as never,
    }),
    consumerDebt: t.exposeBoolean("consumerDebt", {
      nullable: true,
      description: "Consumer debt (true), commercial (false), or not stated.",
    }),
    renewalDeadline: t.expose("renewalDeadline", {
      type: "Date",
      nullable: true,
      description:
        "Last day to renew the judgment itself; null when the jurisdiction's period is unknown.",
    }),
    enforcementProfile: t.field({
      type: EnforcementProfileEnum,
      nullable: true,
      description: "Profile set through setEnforcementProfile.",
      resolve: (j) => j.enforcementProfile as never,
    }),
    pressureLevel: t.exposeInt("pressureLevel", {
      nullable: true,
      description: "Starting pressure level of the profile.",
    }),
    pressureName: t.field({
      type: PressureNameEnum,
      nullable: true,
      description: "Name of that level.",
      resolve: (j) => (j.pressureLevel === null ? null : pressureName(j.pressureLevel)),
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "Counsel review of the judgment.",
      resolve: (j) => reviewStateOf(j.reviewState),
    }),
    missingItems: t.stringList({
      description:
        "What intake could not determine from the reference data (e.g. `jurisdiction_unknown`).",
      resolve: (j) => {
        const items = (reviewStateOf(j.reviewState) as { missingItems?: unknown }).missingItems;
        return Array.isArray(items) ? items.map(String) : [];
      },
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Documents on file, e.g. the certified judgment.",
      resolve: (j) => sourceRefsOf(j.sourceRefs),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Intake time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
    validation: t.field({
      type: JudgmentValidationRef,
      nullable: true,
      description: "The latest validation result, or null before the first.",
      select: { validations: { orderBy: { id: "desc" }, take: 1 } },
      resolve: (j) => j.validations[0] ?? null,
    }),
    deadlines: t.relation("deadlines", {
      description: "The judgment's deadlines, earliest first (few per judgment, so a plain list).",
      query: { orderBy: [{ date: "asc" }, { id: "asc" }] },
    }),
    matter: t.relation("matter", {
      description: "The matter the judgment belongs to.",
      // CONTRACT.md §9: the REST judgment carries the matter in brief.
      extensions: { restFields: ["matterId", "name", "status"] },
    }),
    balance: t.field({
      type: JudgmentBalanceRef,
      description: "Post-judgment balance as of today.",
      resolve: async (j, _args, ctx) => balanceOf(j, await paymentsOf(ctx, j)),
    }),
  }),
});
