/** updateJudgment (PATCH /v1/judgments/{judgment_id}). */
import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import type { ScopedTx } from "../../src/db/tenant-scope.js";
import type { Judgment } from "../../src/generated/prisma/client.js";
import { write } from "../../src/write.js";
import { reviewStateOf } from "../core/shared-types.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { UpdateJudgmentInput } from "./inputs.js";
import { JudgmentRef } from "./judgment-type.js";
import { dateColumn, findJudgment, isoDate, requirePassingValidation } from "./service.js";
import { GATE_FACTS } from "./values.js";

type Update = typeof UpdateJudgmentInput.$inferInput;

/** null is never a value here: every field is a required fact or an enum. */
function checkUpdate(input: Update) {
  for (const [key, value] of Object.entries(input)) {
    if (value === null)
      throw invalid(
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        `${key} cannot be null.`,
      );
  }
}

/**
 * Moves the judgment's open renewal deadline with `renewal_deadline` (it was renewed, or
 * counsel supplies a date the reference data lacks); creates one when there is none.
 */
async function moveRenewalDeadline(tx: ScopedTx, j: Judgment, day: string) {
  const current = j.renewalDeadline
    ? await tx.deadline.findFirst({
        where: { judgmentId: j.id, type: "renewal", status: "open", date: j.renewalDeadline },
      })
    : null;
  const basis = `Renewal deadline set to ${day} by update.`;
  if (current) {
    await tx.deadline.update({
      where: { id: current.id },
      data: { date: dateColumn(day), basis: `${current.basis ?? ""} ${basis}`.trim() },
    });
    return;
  }
  await tx.deadline.create({
    data: {
      id: newId("deadline"),
      matterId: j.matterId,
      judgmentId: j.id,
      type: "renewal",
      date: dateColumn(day),
      owner: "counsel",
      status: "open",
      basis,
    } as never,
  });
}

async function updateJudgment(ctx: RequestContext, id: string, input: Update) {
  checkUpdate(input);
  const judgment = await findJudgment(ctx, id);
  await assertMatterWritable(ctx, judgment.matterId);
  const changes: Record<string, unknown> = {};
  for (const key of ["status", "appealStayStatus", "bankruptcyStatus"] as const) {
    if (input[key] != null && input[key] !== judgment[key]) changes[key] = input[key];
  }
  const factsChanged = GATE_FACTS.some((k) => k in changes);
  // `validated` is earned by a passing validation of the facts as they now stand, never just
  // declared: with changed facts the old result is stale (checked as if back to `entered`).
  if (input.status === "validated" && (factsChanged || judgment.status !== "validated")) {
    await requirePassingValidation(ctx, {
      ...judgment,
      status: factsChanged ? "entered" : "validated",
    });
  }
  // A validated judgment whose gate facts change is no longer validated (values.ts, GATE_FACTS).
  if (judgment.status === "validated" && !changes.status && factsChanged)
    changes.status = "entered";
  if (input.reviewState)
    changes.reviewState = {
      ...reviewStateOf(judgment.reviewState),
      ...dropUndefined(input.reviewState),
    };
  const renewal = input.renewalDeadline ?? null;
  if (renewal && (!judgment.renewalDeadline || isoDate(judgment.renewalDeadline) !== renewal))
    changes.renewalDeadline = dateColumn(renewal);

  return write(ctx, async ({ tx, audit }) => {
    if (changes.renewalDeadline && renewal) await moveRenewalDeadline(tx, judgment, renewal);
    const updated = await tx.judgment.update({
      where: { id },
      data: { ...changes, updatedAt: new Date() } as never,
    });
    await audit({
      eventType: "judgment.updated",
      objectType: "judgment",
      objectId: id,
      matterId: judgment.matterId,
      details: {
        changed: Object.keys(changes),
        from_status: judgment.status,
        to_status: updated.status,
      },
    });
    return updated;
  });
}

const dropUndefined = (o: object) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function registerUpdateMutation() {
  builder.mutationField("updateJudgment", (t) =>
    t.field({
      type: JudgmentRef,
      description:
        "Updates a judgment's status, appeal/stay, bankruptcy, renewal deadline or review state.",
      gate: {
        scope: "judgments:write",
        authority: async (args, ctx, parent) => {
          checkUpdate(args.input);
          return matterOf.record((a: { id: string }, c) => findJudgment(c, a.id))(
            args,
            ctx,
            parent,
          );
        },
      },
      args: {
        id: t.arg.id({ required: true, description: "Judgment id (jdg_…)." }),
        input: t.arg({
          type: UpdateJudgmentInput,
          required: true,
          description: "Fields to change.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => updateJudgment(ctx, id, input),
    }),
  );
}
