import type { RequestContext } from "../../src/context.js";
import { ApiError, missing } from "../../src/errors.js";
import { checkFreeForm, FREE_FORM_TEXT } from "../core/free-form.js";
import { assertMatterWritable } from "../matters/service.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { findOperation } from "./queries.js";
import { checkTransition, type OperationState } from "./state-machine.js";
import {
  OperationPostureEnum,
  OperationRef,
  OperationStateEnum,
  OperationTypeEnum,
} from "./types.js";

const CreateOperationInput = builder.inputType("CreateOperationInput", {
  description: "A new operation; it starts in state `created`.",
  fields: (t) => ({
    type: t.field({ type: OperationTypeEnum, required: true, description: "Operation type." }),
    intent: t.string({ required: true, description: "Why the operation exists." }),
    posture: t.field({ type: OperationPostureEnum, required: true, description: "Risk posture." }),
    title: t.string({ description: "Human-readable title." }),
    metadata: t.field({
      type: "JSONObject",
      description: `Arbitrary key-value pairs for the caller's own use. ${FREE_FORM_TEXT}`,
    }),
    matterId: t.id({
      description:
        "Link the operation to a matter (our addition; a matter-limited key must give one).",
    }),
  }),
});

const UpdateOperationInput = builder.inputType("UpdateOperationInput", {
  description: "Partial update. `state` is not writable here; use transitionOperation.",
  fields: (t) => ({
    type: t.field({ type: OperationTypeEnum, description: "Operation type." }),
    intent: t.string({ description: "Why the operation exists." }),
    posture: t.field({ type: OperationPostureEnum, description: "Risk posture." }),
    title: t.string({ description: "Human-readable title." }),
    metadata: t.field({
      type: "JSONObject",
      description: `Replaces the metadata object. ${FREE_FORM_TEXT}`,
    }),
    matterId: t.id({ description: "Link to another matter, or null to unlink." }),
  }),
});

const TransitionOperationInput = builder.inputType("TransitionOperationInput", {
  description: "A lifecycle move (allowed moves: CONTRACT.md §8).",
  fields: (t) => ({
    to: t.field({ type: OperationStateEnum, required: true, description: "Target state." }),
    reason: t.string({ description: "Why the move is made." }),
    proof: t.stringList({
      description: "Evidence ids; required for verified, resolved and reopening.",
    }),
  }),
});

/** A matter an operation may be linked to: visible (404), open (409); required for matter-limited keys. */
async function linkableMatter(
  ctx: RequestContext,
  matterId: string | null | undefined,
): Promise<string | null> {
  if (!matterId) {
    if (ctx.principal.matterIds !== null) {
      throw missing(
        "matter_id",
        "A key limited to matters must link the operation to one of them.",
      );
    }
    return null;
  }
  return (await assertMatterWritable(ctx, matterId)).id;
}

export function registerOperationMutations() {
  builder.mutationField("createOperation", (t) =>
    t.field({
      type: OperationRef,
      description: "Creates an operation in state `created`.",
      gate: { scope: "operations:write" },
      args: {
        input: t.arg({
          type: CreateOperationInput,
          required: true,
          description: "The request body.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (input.metadata) checkFreeForm(input.metadata, "metadata");
        const matterId = await linkableMatter(ctx, input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const op = await tx.operation.create({
            data: {
              id: newId("operation"),
              type: input.type,
              intent: input.intent,
              posture: input.posture,
              state: "created",
              title: input.title ?? null,
              matterId,
              metadata: (input.metadata ?? {}) as object,
              createdAt: now,
              updatedAt: now,
            } as never,
          });
          await audit({
            eventType: "operation.created",
            objectType: "operation",
            objectId: op.id,
            matterId,
          });
          return op;
        });
      },
    }),
  );

  builder.mutationField("updateOperation", (t) =>
    t.field({
      type: OperationRef,
      description: "Updates an operation's type, intent, posture, title or metadata.",
      gate: { scope: "operations:write" },
      args: {
        id: t.arg.id({ required: true, description: "Operation id." }),
        input: t.arg({
          type: UpdateOperationInput,
          required: true,
          description: "The request body.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        if (input.metadata) checkFreeForm(input.metadata, "metadata");
        const current = await findOperation(ctx, id);
        const changes: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(input)) {
          if (v === undefined || k === "matterId") continue;
          if (v === null && k !== "title")
            throw new ApiError("parameter_invalid", { param: k, message: `${k} cannot be null.` });
          changes[k] = v;
        }
        if (input.matterId !== undefined) {
          if (input.matterId === null && ctx.principal.matterIds !== null) {
            throw new ApiError("parameter_invalid", {
              param: "matter_id",
              message: "A key limited to matters cannot unlink an operation.",
            });
          }
          changes.matterId =
            input.matterId === null ? null : await linkableMatter(ctx, input.matterId);
        }
        return write(ctx, async ({ tx, audit }) => {
          const op = await tx.operation.update({
            where: { id },
            data: { ...changes, updatedAt: new Date() },
          });
          await audit({
            eventType: "operation.updated",
            objectType: "operation",
            objectId: id,
            matterId: op.matterId ?? current.matterId,
            details: {
              changed: Object.keys(changes).map((k) => (k === "matterId" ? "matter_id" : k)),
            },
          });
          return op;
        });
      },
    }),
  );

  builder.mutationField("transitionOperation", (t) =>
    t.field({
      type: OperationRef,
      description: "Moves an operation to another state, recording initiator, proof and time.",
      gate: { scope: "operations:write" },
      extensions: { errors: ["invalid_state_transition", "proof_required"] },
      args: {
        id: t.arg.id({ required: true, description: "Operation id." }),
        input: t.arg({
          type: TransitionOperationInput,
          required: true,
          description: "The request body.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const current = await findOperation(ctx, id);
        const from = current.state as OperationState;
        const proof = input.proof ?? [];
        const verdict = checkTransition(from, input.to, current.posture, proof);
        if (!verdict.ok && verdict.reason === "invalid_state_transition") {
          throw new ApiError("invalid_state_transition", {
            message: `Cannot move an operation from '${from}' to '${input.to}'.`,
            param: "to",
            details: { from, to: input.to, allowed: verdict.allowed },
          });
        }
        if (!verdict.ok) {
          throw new ApiError("proof_required", {
            param: "proof",
            message: `Moving to '${input.to}' needs at least one proof id.`,
          });
        }
        return write(ctx, async ({ tx, audit }) => {
          // Conditional update: a concurrent move from the same state loses instead of forking history.
          const moved = await tx.operation.updateMany({
            where: { id, state: from },
            data: { state: input.to, updatedAt: new Date() },
          });
          if (moved.count !== 1) {
            throw new ApiError("invalid_state_transition", {
              message:
                "The operation changed state while this move was being made; read it and retry.",
              details: { from, to: input.to, allowed: [] },
            });
          }
          const transition = await tx.operationTransition.create({
            data: {
              id: newId("transition"),
              operationId: id,
              from,
              to: input.to,
              reason: input.reason ?? null,
              proof,
              initiatedBy: ctx.principal.actorId,
            } as never,
          });
          await audit({
            eventType: "operation.transitioned",
            objectType: "operation",
            objectId: id,
            matterId: current.matterId,
            details: { from, to: input.to, transition_id: transition.id, proof },
          });
          return tx.operation.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
