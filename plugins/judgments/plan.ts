/** generateEnforcementPlan (POST /v1/judgments/{judgment_id}/enforcement-plan). */
import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { plan } from "./domain/profile.js";
import type { Gate } from "./domain/validation.js";
import { GenerateEnforcementPlanInput } from "./inputs.js";
import { EnforcementPlanRef, type PlanBody } from "./plan-type.js";
import { findJudgment, requirePassingValidation, asDomainDeadlines, today } from "./service.js";

type PlanInput = typeof GenerateEnforcementPlanInput.$inferInput;

function checkPlanInput(input: PlanInput | null | undefined) {
  for (const [list, param] of [
    [input?.knownWallets, "known_wallets"],
    [input?.knownExchanges, "known_exchanges"],
  ] as const) {
    list?.forEach((v, i) => {
      if (v.trim() === "") throw invalid(`${param}[${i}]`, `${param}[${i}] must not be empty.`);
    });
  }
}

async function generatePlan(ctx: RequestContext, id: string, input: PlanInput) {
  checkPlanInput(input);
  const judgment = await findJudgment(ctx, id);
  await assertMatterWritable(ctx, judgment.matterId);
  const validation = await requirePassingValidation(ctx, judgment);
  const [debtors, deadlineRows] = await Promise.all([
    ctx.db.debtor.findMany({
      where: { matterId: judgment.matterId },
      select: { wallets: true },
      orderBy: { id: "asc" },
    }),
    ctx.db.deadline.findMany({
      where: { judgmentId: id, status: "open" },
      orderBy: [{ date: "asc" }, { id: "asc" }],
    }),
  ]);
  const c = input.constraints ?? {};
  // What the judgment records always counts; the caller can add constraints, never lift them.
  const constraints = {
    consumer_debt: c.consumerDebt === true || judgment.consumerDebt === true,
    bankruptcy_known:
      c.bankruptcyKnown === true || ["filed", "discharged"].includes(judgment.bankruptcyStatus),
    appeal_stay_known: c.appealStayKnown === true || judgment.appealStayStatus === "stayed",
    sanctions_review_required: c.sanctionsReviewRequired === true,
  };
  const wallets = [
    ...new Set(
      [...debtors.flatMap((d) => d.wallets), ...(input.knownWallets ?? [])].map((w) => w.trim()),
    ),
  ];
  const exchanges = (input.knownExchanges ?? []).map((e) => e.trim());
  const gates = validation.gates as unknown as Gate[];
  const profile = input.profile ?? judgment.enforcementProfile ?? "measured";
  const result = plan({
    profile,
    constraints,
    knownWallets: wallets,
    knownExchanges: exchanges,
    deadlines: asDomainDeadlines(judgment, deadlineRows),
    gates,
    today: today(),
  });
  const body: PlanBody = {
    pressure_level: result.pressure_level,
    pressure_cap: result.pressure_cap,
    effective_cap: result.effective_cap,
    priority_actions: result.priority_actions,
    blocked_actions: result.blocked_actions,
    gates,
    deadline_ids: deadlineRows.map((d) => d.id),
    constraints,
    wallets,
    exchanges: [...new Set(exchanges)],
    validation_id: validation.id,
  };
  return write(ctx, async ({ tx, audit }) => {
    const created = await tx.enforcementPlan.create({
      data: {
        id: newId("enforcementPlan"),
        matterId: judgment.matterId,
        judgmentId: id,
        profile: result.profile,
        reviewRequired: result.review_required,
        body,
      } as never,
    });
    await audit({
      eventType: "judgment.enforcement_plan_generated",
      objectType: "enforcement_plan",
      objectId: created.id,
      matterId: judgment.matterId,
      details: {
        judgment_id: id,
        profile: result.profile,
        effective_cap: result.effective_cap,
        validation_id: validation.id,
      },
    });
    return created;
  });
}

export function registerPlanMutation() {
  builder.mutationField("generateEnforcementPlan", (t) =>
    t.field({
      type: EnforcementPlanRef,
      description:
        "Generates and stores an enforcement plan from what the matter holds; needs a passing validation (409 validation_required).",
      gate: {
        scope: "judgments:plan",
        authority: async (args, ctx, parent) => {
          checkPlanInput(args.input);
          return matterOf.record((a: { id: string }, c) => findJudgment(c, a.id))(
            args,
            ctx,
            parent,
          );
        },
      },
      args: {
        id: t.arg.id({ required: true, description: "Judgment id (jdg_…)." }),
        input: t.arg({ type: GenerateEnforcementPlanInput, description: "Options; all optional." }),
      },
      resolve: (_root, { id, input }, ctx) => generatePlan(ctx, id, input ?? {}),
    }),
  );
}
