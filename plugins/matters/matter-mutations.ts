import { toSnake } from "../../rest-bridge/case.js";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { storedMatterEconomics } from "./economics.js";
import { CloseMatterInput, CreateMatterInput, UpdateMatterInput } from "./inputs.js";
import { MatterRef } from "./matter-types.js";
import { assertMatterWritable, findMatter } from "./service.js";

const CLEARABLE = new Set(["leadCounsel", "notes", "retentionPolicy"]);

export function registerMatterMutations() {
  builder.mutationField("createMatter", (t) =>
    t.field({
      type: MatterRef,
      description:
        "Creates a matter, the container for its authority grants, claimants and judgments.",
      gate: { scope: "matters:write" },
      args: {
        input: t.arg({ type: CreateMatterInput, required: true, description: "The matter." }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (ctx.principal.matterIds !== null) {
          // Such a key could not see the matter it made, nor be audited against it.
          throw new ApiError("insufficient_scope", {
            message: "A key or user limited to listed matters cannot create matters.",
            details: { required_scope: "matters:write", matter_limited: true },
          });
        }
        if (!input.name.trim()) throw invalid("name", "name must not be empty.");
        const economics = storedMatterEconomics(input.economics);
        return write(ctx, async ({ tx, audit }) => {
          const matter = await tx.matter.create({
            data: {
              id: newId("matter"),
              name: input.name,
              mode: input.mode ?? null,
              status: "open",
              leadCounsel: input.leadCounsel ?? null,
              economics,
              notes: input.notes ?? null,
            } as never,
          });
          await audit({
            eventType: "matter.created",
            objectType: "matter",
            objectId: matter.id,
            matterId: matter.id,
            details: { name: matter.name },
          });
          return matter;
        });
      },
    }),
  );

  builder.mutationField("updateMatter", (t) =>
    t.field({
      type: MatterRef,
      description:
        "Updates an open matter's name, status, lead counsel, economics, notes or retention policy.",
      gate: { scope: "matters:write" },
      args: {
        id: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        input: t.arg({ type: UpdateMatterInput, required: true, description: "Fields to change." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const changes: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(input)) {
          if (v === undefined) continue;
          if (v === null && !CLEARABLE.has(k))
            throw invalid(toSnake(k), `${toSnake(k)} cannot be null.`);
          changes[k] = v;
        }
        if (typeof changes.name === "string" && !changes.name.trim())
          throw invalid("name", "name must not be empty.");
        if (input.economics) changes.economics = storedMatterEconomics(input.economics);
        await assertMatterWritable(ctx, id);
        return write(ctx, async ({ tx, audit }) => {
          const matter = await tx.matter.update({ where: { id }, data: changes });
          await audit({
            eventType: "matter.updated",
            objectType: "matter",
            objectId: id,
            matterId: id,
            details: { changed: Object.keys(changes) },
          });
          return matter;
        });
      },
    }),
  );

  builder.mutationField("closeMatter", (t) =>
    t.field({
      type: MatterRef,
      description:
        "Closes a matter with a reason; emits `matter.closed`. Closing twice is refused.",
      gate: { scope: "matters:write" },
      args: {
        id: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        input: t.arg({ type: CloseMatterInput, required: true, description: "Reason and notes." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const current = await findMatter(ctx, id);
        const refuse = () =>
          new ApiError("invalid_state_transition", {
            message: "The matter is already closed.",
            details: { from: "closed", to: "closed", allowed: [] },
          });
        if (current.status === "closed") throw refuse();
        return write(ctx, async ({ tx, audit, emit }) => {
          // Conditional update: of two concurrent closes only one wins and emits the event.
          const closed = await tx.matter.updateMany({
            where: { id, status: { not: "closed" } },
            data: {
              status: "closed",
              closeReason: input.reason,
              closeNotes: input.notes ?? null,
              closedAt: new Date(),
            },
          });
          if (closed.count !== 1) throw refuse();
          await audit({
            eventType: "matter.closed",
            objectType: "matter",
            objectId: id,
            matterId: id,
            details: { from: current.status, reason: input.reason },
          });
          await emit("matter.closed", { matter_id: id, reason: input.reason });
          return tx.matter.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
