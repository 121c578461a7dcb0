import { missing, notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { AuditEventRef, AuditVerificationRef } from "./types.js";
import { verifyAuditChain } from "./verify.js";
import type { RequestContext } from "../../src/context.js";
import { childPage } from "../../src/schema/child-pages.js";

async function requireVisibleMatter(ctx: RequestContext, matterId: string) {
  const matter = await ctx.db.matter.findUnique({ where: { id: matterId }, select: { id: true } });
  if (!matter) throw notFound("matter", matterId);
}

export function registerAuditQueries() {
  builder.queryField("auditEvent", (t) =>
    t.field({
      type: AuditEventRef,
      description: "One audit event.",
      gate: { scope: "audit:read" },
      args: { id: t.arg.id({ required: true, description: "Audit event id (aud_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const event = await ctx.db.auditEvent.findUnique({ where: { id } });
        if (!event) throw notFound("audit event", id);
        return event;
      },
    }),
  );

  builder.queryField("matterAuditEvents", (t) =>
    t.field({
      type: connectionOf(AuditEventRef, "AuditEvent"),
      description: "Audit events of one matter, newest first, with filters.",
      gate: { scope: "audit:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ required: true, description: "Matter id." }),
        eventType: t.arg.string({ description: "Only this event type." }),
        objectType: t.arg.string({ description: "Only this object type." }),
        objectId: t.arg.string({ description: "Only this object." }),
        actorId: t.arg.string({ description: "Only this actor." }),
        requestId: t.arg.string({ description: "Only events of this request (an audit_ref)." }),
        from: t.arg({ type: "DateTime", description: "At or after this time." }),
        to: t.arg({ type: "DateTime", description: "Before this time." }),
        createdAfter: t.arg({ type: "DateTime", description: "Strictly after this time." }),
        createdBefore: t.arg({ type: "DateTime", description: "Strictly before this time." }),
      },
      resolve: async (_root, args, ctx) => {
        await requireVisibleMatter(ctx, args.matterId);
        const time = {
          ...(args.from ? { gte: args.from } : {}),
          ...(args.to ? { lt: args.to } : {}),
          ...((createdRange(args.createdAfter, args.createdBefore).createdAt as
            | object
            | undefined) ?? {}),
        };
        return paginate((q) => ctx.db.auditEvent.findMany(q), args, {
          matterId: args.matterId,
          ...(args.eventType ? { eventType: args.eventType } : {}),
          ...(args.objectType ? { objectType: args.objectType } : {}),
          ...(args.objectId ? { objectId: args.objectId } : {}),
          ...(args.actorId ? { actorId: args.actorId } : {}),
          ...(args.requestId ? { requestId: args.requestId } : {}),
          ...(Object.keys(time).length ? { timestamp: time } : {}),
        });
      },
    }),
  );

  builder.queryField("verifyAudit", (t) =>
    t.field({
      type: AuditVerificationRef,
      description: "Recomputes the hash chain of the caller's organization and environment.",
      gate: { scope: "audit:read" },
      args: {
        matterId: t.arg.id({
          description: "Recompute only this matter's events (links are always checked).",
        }),
      },
      resolve: async (_root, { matterId }, ctx) => {
        if (matterId) await requireVisibleMatter(ctx, matterId);
        else if (ctx.principal.matterIds !== null) {
          throw missing(
            "matter_id",
            "A key limited to some matters must name the matter to verify.",
          );
        }
        return verifyAuditChain(ctx, matterId ?? null);
      },
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "auditEvents", (t) =>
    t.field({
      type: connectionOf(AuditEventRef, "AuditEvent"),
      description:
        "The matter's audit events, newest first (GET /v1/audit/matters/{matter_id} filters them).",
      gate: { scope: "audit:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          {
            key: "Matter.auditEvents",
            table: "audit_events",
            parentColumn: "matter_id",
            parentField: "matterId",
            findMany: (q) => ctx.db.auditEvent.findMany(q),
          },
          m.id,
          args,
        ),
    }),
  );
}
