import type { RequestContext } from "../../src/context.js";
import { ApiError, missing } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { assertMatterWritable, matterOf } from "../matters/service.js";
import { UpdateRemediationInput } from "./inputs.js";
import { findCertificate, findRemediation } from "./queries.js";
import { assertDestinationClear } from "./destination.js";
import { RemediationRef, type StatusChange } from "./types.js";
import { allowedTargets } from "./state-machine.js";
import type { RemediationStatus } from "./values.js";

type UpdateInput = typeof UpdateRemediationInput.$inferInput;

/** Statuses at which reissued value reaches the destination: its certificate is checked again. */
const REACHES_DESTINATION: readonly RemediationStatus[] = ["reissued", "remitted"];

const notAllowed = (from: RemediationStatus, to: RemediationStatus) =>
  new ApiError("invalid_state_transition", {
    param: "status",
    message: `Cannot move an issuer remediation from '${from}' to '${to}': only forward, or to rejected/closed.`,
    details: { from, to, allowed: allowedTargets(from) },
  });

async function updateRemediation(ctx: RequestContext, id: string, input: UpdateInput) {
  const current = await findRemediation(ctx, id);
  const from = current.status as RemediationStatus;
  const to = input.status ?? null;
  if (to && REACHES_DESTINATION.includes(to) && current.destinationWalletCertificateId) {
    const certificate = await findCertificate(ctx, current.destinationWalletCertificateId);
    await assertDestinationClear(ctx, certificate, "status");
  }
  await assertMatterWritable(ctx, current.matterId);
  if (to && !allowedTargets(from).includes(to)) throw notAllowed(from, to);
  if (from === "closed")
    throw new ApiError("invalid_state_transition", {
      param: "notes",
      message: "The issuer remediation is closed; nothing in it changes any more.",
      details: { from, allowed: [] },
    });
  return write(ctx, async ({ tx, audit }) => {
    const now = new Date();
    const change: StatusChange | null = to
      ? {
          from,
          to,
          notes: input.notes ?? null,
          actorId: ctx.principal.actorId,
          requestId: ctx.requestId,
          changedAt: now.toISOString(),
        }
      : null;
    const history = current.statusHistory as unknown as StatusChange[];
    // Conditional on the status read: of two racing moves only one lands.
    const moved = await tx.issuerRemediation.updateMany({
      where: { id, status: from },
      data: {
        ...(to ? { status: to, statusHistory: [...history, change] as object[] } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: now,
      },
    });
    if (moved.count !== 1) {
      const again = await tx.issuerRemediation.findUniqueOrThrow({ where: { id } });
      const latest = again.status as RemediationStatus;
      if (to) throw notAllowed(latest, to);
      throw new ApiError("invalid_state_transition", {
        param: "notes",
        message: `The remediation moved to '${latest}' while this request ran; read it and try again.`,
        details: { from: latest, allowed: allowedTargets(latest) },
      });
    }
    await audit({
      eventType: to ? "issuer_remediation.status_changed" : "issuer_remediation.updated",
      objectType: "issuer_remediation",
      objectId: id,
      matterId: current.matterId,
      details: {
        from_status: from,
        to_status: to ?? from,
        notes_changed: input.notes !== undefined,
      },
    });
    return tx.issuerRemediation.findUniqueOrThrow({ where: { id } });
  });
}

export function registerUpdateMutation() {
  builder.mutationField("updateIssuerRemediation", (t) =>
    t.field({
      type: RemediationRef,
      description:
        "Records a remediation's progress as the issuer reports it (PATCH /v1/issuer-remediation/{remediation_id}): `status` moves only forward in draft → submitted → frozen → burned → reissued → remitted (steps may be skipped) or to rejected/closed; rejected may still be closed; closed is final (409 invalid_state_transition with details.allowed). Each move is added to status_history and audited. Moving a burn_reissue to reissued or remitted checks its destination certificate again (403 sanctions_hold unless approved and the matter is clear). `notes` replace the current notes.",
      gate: {
        scope: "issuer:write",
        authority: async (args, ctx, parent) => {
          if (args.input.status == null && args.input.notes === undefined)
            throw missing("status", "Send status, notes or both.");
          return matterOf.record((a: { id: string }, c) => findRemediation(c, a.id))(
            args,
            ctx,
            parent,
          );
        },
      },
      extensions: { errors: ["invalid_state_transition", "matter_closed", "sanctions_hold"] },
      args: {
        id: t.arg.id({ required: true, description: "Remediation id (irm_…)." }),
        input: t.arg({
          type: UpdateRemediationInput,
          required: true,
          description: "The new status and/or notes.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => updateRemediation(ctx, id, input),
    }),
  );
}
