/** Node type EnforcementPlan (pln_): a stored plan, its body kept as generated. */
import { builder } from "../../src/schema/builder.js";
import type { BlockedAction, PlannedAction, PlanConstraints } from "./domain/profile.js";
import { pressureName } from "./domain/profile.js";
import type { Gate } from "./domain/validation.js";
import { DeadlineRef } from "./judgment-type.js";
import { EnforcementProfileEnum, PressureNameEnum } from "./enums.js";
import { BlockedActionRef, EnforcementConstraintsRef, GateRef, PlannedActionRef } from "./types.js";

/** The `body` column of enforcement_plans: what the plan was generated from and what it says. */
export interface PlanBody {
  pressure_level: number;
  pressure_cap: number;
  effective_cap: number;
  priority_actions: PlannedAction[];
  blocked_actions: BlockedAction[];
  gates: Gate[];
  deadline_ids: string[];
  constraints: Required<PlanConstraints>;
  wallets: string[];
  exchanges: string[];
  validation_id: string;
}

const bodyOf = (p: { body: unknown }) => p.body as PlanBody;

export const EnforcementPlanRef = builder.prismaNode("EnforcementPlan", {
  id: { field: "id", description: "Global id, the same as the `pln_` id." },
  description:
    "An enforcement plan generated from the judgment, its deadlines and latest validation, the matter's debtor " +
    "wallets, known exchanges, constraints and the profile; never above the profile's pressure cap.",
  fields: (t) => ({
    planId: t.exposeString("id", { description: "Plan id (prefix `pln_`)." }),
    judgmentId: t.exposeString("judgmentId", { description: "The judgment planned for." }),
    profile: t.field({
      type: EnforcementProfileEnum,
      description: "Profile the plan follows.",
      resolve: (p) => p.profile as never,
    }),
    pressureLevel: t.int({
      description: "Starting pressure level, lowered to the effective cap.",
      resolve: (p) => bodyOf(p).pressure_level,
    }),
    pressureName: t.field({
      type: PressureNameEnum,
      description: "Name of that level.",
      resolve: (p) => pressureName(bodyOf(p).pressure_level),
    }),
    pressureCap: t.int({
      description: "Cap of the profile.",
      resolve: (p) => bodyOf(p).pressure_cap,
    }),
    effectiveCap: t.int({
      description: "Highest level the plan may use after constraints and gates.",
      resolve: (p) => bodyOf(p).effective_cap,
    }),
    reviewRequired: t.exposeBoolean("reviewRequired", {
      description: "A constraint applies or a gate is not a clean pass.",
    }),
    priorityActions: t.field({
      type: [PlannedActionRef],
      description: "Proposed steps, most urgent first.",
      resolve: (p) => bodyOf(p).priority_actions,
    }),
    blockedActions: t.field({
      type: [BlockedActionRef],
      description: "Steps held back, and every active constraint.",
      resolve: (p) => bodyOf(p).blocked_actions,
    }),
    deadlines: t.field({
      type: [DeadlineRef],
      description: "The judgment's open deadlines the plan took into account, earliest first.",
      resolve: (p, _args, ctx) =>
        ctx.db.deadline.findMany({
          where: { id: { in: bodyOf(p).deadline_ids } },
          orderBy: [{ date: "asc" }, { id: "asc" }],
        }),
    }),
    gates: t.field({
      type: [GateRef],
      description: "Gates of the validation the plan relied on.",
      resolve: (p) => bodyOf(p).gates,
    }),
    constraints: t.field({
      type: EnforcementConstraintsRef,
      description: "Constraints applied.",
      resolve: (p) => bodyOf(p).constraints,
    }),
    knownWallets: t.stringList({
      description: "Wallets used: the matter's debtor wallets plus those given.",
      resolve: (p) => bodyOf(p).wallets,
    }),
    knownExchanges: t.stringList({
      description: "Exchanges used.",
      resolve: (p) => bodyOf(p).exchanges,
    }),
    validationId: t.string({
      description: "The passing validation the plan relied on.",
      resolve: (p) => bodyOf(p).validation_id,
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the plan was generated.",
    }),
  }),
});
