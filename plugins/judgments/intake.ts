/** intakeJudgment (POST /v1/judgments/intake). */
import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { computeIntakeDeadlines } from "./domain/deadlines.js";
import { computeBalance } from "./domain/interest.js";
import { type JurisdictionRule, lookup } from "./domain/jurisdictions.js";
import { IntakeJudgmentInput } from "./inputs.js";
import { JudgmentRef } from "./judgment-type.js";
import { parseAmount, toMinorUnits } from "./money.js";
import { dateColumn, today } from "./service.js";

type Intake = typeof IntakeJudgmentInput.$inferInput;

const TEXT_FIELDS = [
  ["court", "court"],
  ["caseNumber", "case_number"],
  ["jurisdiction", "jurisdiction"],
  ["creditor", "creditor"],
  ["debtor", "debtor"],
] as const;

/** Checks beyond the types (CONTRACT.md §2: 400 before any lookup); pure, so run twice is harmless. */
function checkIntake(input: Intake) {
  for (const [field, param] of TEXT_FIELDS) {
    if (input[field].trim() === "") throw invalid(param, `${param} must not be empty.`);
  }
  const amount = parseAmount(input.amount.amount, input.amount.currency, "amount");
  if (input.dateEntered > today())
    throw invalid("date_entered", "date_entered must not be in the future.");
  if (input.dateEntered < "1900-01-01")
    throw invalid("date_entered", "date_entered must be 1900-01-01 or later.");
  return { amount, rule: lookup(input.jurisdiction) };
}

/**
 * What intake could not determine: the deadline computation's missing items plus the
 * interest rule's (a variable or unknown rate), so the judgment is flagged once, at intake.
 */
function intakeReview(input: Intake, rule: JurisdictionRule | null, amountMinor: bigint) {
  const deadlines = computeIntakeDeadlines(rule ?? input.jurisdiction, input.dateEntered);
  const balance = computeBalance({
    principalMinor: amountMinor,
    currency: input.amount.currency,
    dateEntered: input.dateEntered,
    asOf: input.dateEntered,
    rule,
    consumerDebt: input.consumerDebt ?? false,
  });
  const missingItems = [...new Set([...deadlines.missing_items, ...balance.missing_items])];
  const reviewState = missingItems.length
    ? {
        reviewRequired: true,
        reviewStatus: "pending",
        reviewNotes: `Intake could not determine: ${missingItems.join(", ")}.`,
        missingItems,
      }
    : { reviewRequired: false, reviewStatus: "not_required", missingItems };
  return { deadlines: deadlines.deadlines, reviewState };
}

async function createJudgment(ctx: RequestContext, input: Intake) {
  const { amount, rule } = checkIntake(input);
  const matter = await assertMatterWritable(ctx, input.matterId);
  const review = intakeReview(input, rule, toMinorUnits(amount, input.amount.currency));
  const lifeDeadline = review.deadlines.find((d) => d.scope === "judgment");
  return write(ctx, async ({ tx, audit }) => {
    const now = new Date();
    const judgment = await tx.judgment.create({
      data: {
        id: newId("judgment"),
        matterId: matter.id,
        court: input.court,
        caseNumber: input.caseNumber,
        jurisdiction: rule?.code ?? input.jurisdiction.trim(),
        creditor: input.creditor,
        debtor: input.debtor,
        amount: amount.toFixed(),
        currency: input.amount.currency,
        valuationTime: input.amount.valuationTime ?? now,
        dateEntered: dateColumn(input.dateEntered),
        status: "entered",
        consumerDebt: input.consumerDebt ?? null,
        renewalDeadline: lifeDeadline ? dateColumn(lifeDeadline.date) : null,
        sourceRefs: (input.sourceRefs ?? []) as object[],
        reviewState: review.reviewState,
        createdAt: now,
        updatedAt: now,
      } as never,
    });
    if (review.deadlines.length) {
      await tx.deadline.createMany({
        data: review.deadlines.map((d) => ({
          id: newId("deadline"),
          matterId: matter.id,
          judgmentId: judgment.id,
          type: d.type,
          date: dateColumn(d.date),
          owner: d.owner,
          status: d.status,
          basis: d.basis,
        })) as never,
      });
    }
    await audit({
      eventType: "judgment.created",
      objectType: "judgment",
      objectId: judgment.id,
      matterId: matter.id,
      details: {
        jurisdiction: judgment.jurisdiction,
        deadlines: review.deadlines.length,
        review_required: review.reviewState.reviewRequired,
      },
    });
    return judgment;
  });
}

export function registerIntakeMutation() {
  builder.mutationField("intakeJudgment", (t) =>
    t.field({
      type: JudgmentRef,
      description:
        "Takes in a judgment under a matter and creates its renewal deadlines (POST /v1/judgments/intake).",
      gate: {
        scope: "judgments:write",
        // Body checks come before the matter lookup and the authority gate (CONTRACT.md §2 order).
        authority: async (args, ctx, parent) => {
          checkIntake(args.input);
          return matterOf.input()(args, ctx, parent);
        },
      },
      args: {
        input: t.arg({ type: IntakeJudgmentInput, required: true, description: "The judgment." }),
      },
      resolve: (_root, { input }, ctx) => createJudgment(ctx, input),
    }),
  );
}
