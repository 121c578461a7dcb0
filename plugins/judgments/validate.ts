/** validateJudgment (POST /v1/judgments/{judgment_id}/validate). */
import type { RequestContext } from "../../src/context.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { sourceRefsOf } from "../core/shared-types.js";
import { assertMatterWritable, isLiveGrant, matterOf } from "../matters/service.js";
import { lookup } from "./domain/jurisdictions.js";
import {
  type AppealStayStatus,
  type BankruptcyStatus,
  validateJudgment,
} from "./domain/validation.js";
import { ValidateJudgmentInput } from "./inputs.js";
import { JudgmentValidationRef } from "./judgment-type.js";
import { findJudgment, isoDate, today } from "./service.js";

type Options = typeof ValidateJudgmentInput.$inferInput;

async function runValidation(ctx: RequestContext, id: string, options: Options) {
  const judgment = await findJudgment(ctx, id);
  await assertMatterWritable(ctx, judgment.matterId);
  const now = new Date();
  // The battery's own authority gate reads the grants too: the field gate already refused a
  // call without a live grant, so through the API it passes; it is kept so the stored result
  // says so, and so it stays right if the battery is ever run another way.
  const grants = await ctx.db.authorityGrant.findMany({
    where: { matterId: judgment.matterId },
    select: { status: true, effectiveAt: true, expiresAt: true },
  });
  const checks = options.checks ?? [];
  const result = validateJudgment(
    {
      authorityLive: grants.some((g) => isLiveGrant(g, now)),
      appealStayStatus: judgment.appealStayStatus as AppealStayStatus,
      appealStayKnown: options.appealStayKnown ?? false,
      bankruptcyStatus: judgment.bankruptcyStatus as BankruptcyStatus,
      bankruptcyKnown: options.bankruptcyKnown ?? false,
      consumerDebt: options.consumerDebt ?? judgment.consumerDebt ?? undefined,
      sourceRefTypes: sourceRefsOf(judgment.sourceRefs).flatMap((s) =>
        s.sourceType ? [s.sourceType] : [],
      ),
      dateEntered: isoDate(judgment.dateEntered),
      jurisdictionRule: lookup(judgment.jurisdiction),
      today: today(now),
      judgmentStatus: judgment.status,
    },
    checks,
  );

  return write(ctx, async ({ tx, audit, emit }) => {
    const validation = await tx.judgmentValidation.create({
      data: {
        id: newId("judgmentValidation"),
        matterId: judgment.matterId,
        judgmentId: id,
        checks,
        enforcementReady: result.enforcement_ready,
        reviewRequired: result.review_required,
        missingItems: result.missing_items,
        gates: result.gates as object[],
        createdAt: now,
      } as never,
    });
    // `validated` follows the latest result: set by a pass, withdrawn by a failure. Other
    // statuses (stayed, satisfied, vacated…) are facts the battery does not overrule.
    const [from, to] = result.enforcement_ready
      ? ["entered", "validated"]
      : ["validated", "entered"];
    const moved = await tx.judgment.updateMany({
      where: { id, status: from },
      data: { status: to, updatedAt: now },
    });
    const details = {
      judgment_id: id,
      matter_id: judgment.matterId,
      enforcement_ready: result.enforcement_ready,
      validation_id: validation.id,
    };
    await audit({
      eventType: "judgment.validation_recorded",
      objectType: "judgment",
      objectId: id,
      matterId: judgment.matterId,
      details: {
        ...details,
        review_required: result.review_required,
        missing_items: result.missing_items,
        status_changed: moved.count === 1,
      },
    });
    if (result.enforcement_ready) await emit("judgment.validated", details);
    return validation;
  });
}

export function registerValidateMutation() {
  builder.mutationField("validateJudgment", (t) =>
    t.field({
      type: JudgmentValidationRef,
      description:
        "Runs the readiness battery and stores the result. A ready result (no gate failed) sets status `validated` " +
        "and emits `judgment.validated`; failing gates are reported in the body, not as an error.",
      gate: {
        scope: "judgments:validate",
        authority: matterOf.record((a: { id: string }, c) => findJudgment(c, a.id)),
      },
      args: {
        id: t.arg.id({ required: true, description: "Judgment id (jdg_…)." }),
        input: t.arg({ type: ValidateJudgmentInput, description: "Options; all optional." }),
      },
      resolve: (_root, { id, input }, ctx) => runValidation(ctx, id, input ?? {}),
    }),
  );
}
