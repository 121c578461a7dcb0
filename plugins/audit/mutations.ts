import { invalid, notFound } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkFreeForm, FREE_FORM_TEXT } from "../core/free-form.js";
import { AuditEventRef } from "./types.js";

const CreateAuditEventInput = builder.inputType("CreateAuditEventInput", {
  description: 'A manual audit event; it is marked details.source = "manual".',
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter the event belongs to." }),
    eventType: t.string({ required: true, description: "What happened, e.g. call.logged." }),
    objectType: t.string({ description: "Kind of object concerned." }),
    objectId: t.string({ description: "Id of the object concerned." }),
    details: t.field({
      type: "JSONObject",
      description: `What to record about the event. ${FREE_FORM_TEXT} The key \`source\` is the service's: it is set to \`manual\`, and any other value sent is refused.`,
    }),
  }),
});

export function registerAuditMutations() {
  builder.mutationField("createAuditEvent", (t) =>
    t.field({
      type: AuditEventRef,
      description: "Records a manual audit event in the hash chain.",
      gate: { scope: "audit:write" },
      args: {
        input: t.arg({
          type: CreateAuditEventInput,
          required: true,
          description: "The request body.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const details = input.details ?? {};
        checkFreeForm(details, "details");
        if (details.source !== undefined && details.source !== "manual")
          throw invalid(
            "details.source",
            "details.source is set by the service and can only be manual.",
          );
        const matter = await ctx.db.matter.findUnique({
          where: { id: input.matterId },
          select: { id: true },
        });
        if (!matter) throw notFound("matter", input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const { id } = await audit({
            eventType: input.eventType,
            matterId: input.matterId,
            objectType: input.objectType ?? undefined,
            objectId: input.objectId ?? undefined,
            details: { ...details, source: "manual" },
          });
          return tx.auditEvent.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
