/**
 * Lookups and derived values of the judgments module, shared by its resolvers. Pure domain
 * rules live in domain/; this file only feeds them what the database holds.
 */
import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import type {
  Deadline as DeadlineRow,
  Judgment,
  JudgmentValidation,
} from "../../src/generated/prisma/client.js";
import type { MoneyShape } from "../core/shared-types.js";
import { computeIntakeDeadlines, type Deadline } from "./domain/deadlines.js";
import { computeBalance, type Payment } from "./domain/interest.js";
import { lookup } from "./domain/jurisdictions.js";
import { moneyFromMinor, toMinorUnits } from "./money.js";
import { ENFORCEABLE_STATUSES } from "./values.js";

/** A calendar date column (UTC midnight) as `YYYY-MM-DD`. */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
/** `YYYY-MM-DD` → the Date Prisma stores in a @db.Date column. */
export const dateColumn = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
/** Today's calendar date in UTC, the day balances and gates are computed for. */
export const today = (now = new Date()): string => isoDate(now);

/** The judgment if the caller can reach it; otherwise 404 `resource_missing` (param judgment_id). */
export async function findJudgment(ctx: RequestContext, id: string): Promise<Judgment> {
  const judgment = await ctx.db.judgment.findUnique({ where: { id } });
  if (!judgment)
    throw new ApiError("resource_missing", {
      param: "judgment_id",
      message: `No such judgment: '${id}'.`,
    });
  return judgment;
}

export async function latestValidation(
  ctx: RequestContext,
  judgmentId: string,
): Promise<JudgmentValidation | null> {
  return ctx.db.judgmentValidation.findFirst({ where: { judgmentId }, orderBy: { id: "desc" } });
}

/**
 * 409 `validation_required` unless the latest validation passed and still stands: a PATCH of
 * a gate fact (stay, bankruptcy) or of the status since then puts the judgment out of
 * `validated`, so the old result no longer counts (CONTRACT.md §9).
 */
export async function requirePassingValidation(
  ctx: RequestContext,
  judgment: Judgment,
): Promise<JudgmentValidation> {
  const latest = await latestValidation(ctx, judgment.id);
  if (latest?.enforcementReady && ENFORCEABLE_STATUSES.includes(judgment.status)) return latest;
  const message = !latest
    ? "The judgment has not been validated; run POST /v1/judgments/{judgment_id}/validate first."
    : !latest.enforcementReady
      ? "The judgment's latest validation did not pass; fix the failing gates and validate again."
      : `The judgment changed since it was validated (status '${judgment.status}'); validate it again.`;
  throw new ApiError("validation_required", {
    message,
    details: {
      judgment_id: judgment.id,
      status: judgment.status,
      latest_validation_id: latest?.id ?? null,
      enforcement_ready: latest?.enforcementReady ?? null,
    },
  });
}

export interface BalanceView {
  principal: MoneyShape;
  interestAccrued: MoneyShape;
  payments: MoneyShape;
  outstanding: MoneyShape;
  asOf: string;
  interestRate: number | null;
  compounding: string | null;
  rateBasis: string;
  reviewRequired: boolean;
  missingItems: string[];
}

/**
 * Where payments toward a judgment come from: the module that records them (the ledger)
 * registers one source in its register(); without one a judgment has no payments. Amounts are
 * minor units of the judgment's currency, dated by the day they were made.
 */
export type PaymentSource = (ctx: RequestContext, judgment: Judgment) => Promise<Payment[]>;

let paymentSource: PaymentSource | null = null;

export function registerPaymentSource(source: PaymentSource): void {
  paymentSource = source;
}

export function paymentsOf(ctx: RequestContext, judgment: Judgment): Promise<Payment[]> {
  return paymentSource ? paymentSource(ctx, judgment) : Promise.resolve([]);
}

/** Post-judgment balance as of today, after the payments made (see registerPaymentSource). */
export function balanceOf(
  j: Judgment,
  payments: readonly Payment[] = [],
  now = new Date(),
): BalanceView {
  const b = computeBalance({
    principalMinor: toMinorUnits(j.amount, j.currency),
    currency: j.currency,
    dateEntered: isoDate(j.dateEntered),
    asOf: today(now),
    rule: lookup(j.jurisdiction),
    consumerDebt: j.consumerDebt ?? false,
    payments,
  });
  const money = (minor: number) => moneyFromMinor(minor, j.currency, now);
  return {
    principal: money(b.principal),
    interestAccrued: money(b.interest_accrued),
    payments: money(b.payments),
    outstanding: money(b.outstanding),
    asOf: b.as_of,
    interestRate: b.interest_rate,
    compounding: b.compounding,
    rateBasis: b.rate_basis,
    reviewRequired: b.review_required,
    missingItems: b.missing_items,
  };
}

/**
 * A stored deadline in the domain's shape. The table has no `scope` column, so it is
 * recovered from the intake computation by basis (the lien deadline has its own wording);
 * deadlines set by hand count as the judgment's own.
 */
export function asDomainDeadlines(j: Judgment, rows: readonly DeadlineRow[]): Deadline[] {
  const intake = computeIntakeDeadlines(j.jurisdiction, isoDate(j.dateEntered)).deadlines;
  return rows
    .filter((r) => r.type === "renewal" && r.status === "open")
    .map((r) => ({
      type: "renewal" as const,
      date: isoDate(r.date),
      owner: "counsel" as const,
      status: "open" as const,
      scope: intake.find((d) => d.basis === r.basis)?.scope ?? "judgment",
      basis: r.basis ?? "",
    }));
}
