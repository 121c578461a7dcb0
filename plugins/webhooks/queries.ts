import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import {
  EventRef,
  WebhookDeliveryRef,
  WebhookDeliveryStatusEnum,
  WebhookEndpointRef,
  WebhookEndpointStatusEnum,
} from "./types.js";

export async function findWebhookEndpoint(ctx: RequestContext, id: string) {
  const endpoint = await ctx.db.webhookEndpoint.findUnique({ where: { id } });
  if (!endpoint) throw notFound("webhook endpoint", id);
  return endpoint;
}

async function findEvent(ctx: RequestContext, id: string) {
  const event = await ctx.db.event.findUnique({ where: { id } });
  if (!event) throw notFound("event", id);
  return event;
}

export function registerWebhookQueries() {
  builder.queryField("webhookEndpoint", (t) =>
    t.field({
      type: WebhookEndpointRef,
      description: "One webhook endpoint (without its secret).",
      gate: { scope: "webhooks:read" },
      args: { id: t.arg.id({ required: true, description: "Webhook endpoint id (whe_…)." }) },
      resolve: (_root, { id }, ctx) => findWebhookEndpoint(ctx, id),
    }),
  );

  builder.queryField("webhookEndpoints", (t) =>
    t.field({
      type: connectionOf(WebhookEndpointRef, "WebhookEndpoint"),
      description: "Webhook endpoints, newest first.",
      gate: { scope: "webhooks:read" },
      args: {
        ...pageArgs(t),
        status: t.arg({
          type: WebhookEndpointStatusEnum,
          description: "Only endpoints with this status.",
        }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.webhookEndpoint.findMany(q), args, {
          ...(args.status ? { status: args.status } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  builder.queryField("webhookDeliveries", (t) =>
    t.field({
      type: connectionOf(WebhookDeliveryRef, "WebhookDelivery"),
      description:
        "Deliveries to one webhook endpoint, newest first. For a key limited to matters, only " +
        "deliveries of those matters' events.",
      gate: { scope: "webhooks:read" },
      args: {
        ...pageArgs(t),
        webhookEndpointId: t.arg.id({
          required: true,
          description: "Webhook endpoint id (whe_…).",
        }),
        status: t.arg({
          type: WebhookDeliveryStatusEnum,
          description: "Only deliveries with this status.",
        }),
        createdAfter: t.arg({ type: "DateTime", description: "Queued strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Queued strictly before this time.",
        }),
      },
      resolve: async (_root, args, ctx) => {
        await findWebhookEndpoint(ctx, args.webhookEndpointId);
        return paginate((q) => ctx.db.webhookDelivery.findMany(q), args, {
          endpointId: args.webhookEndpointId,
          ...(args.status ? { status: args.status } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        });
      },
    }),
  );

  builder.queryField("event", (t) =>
    t.field({
      type: EventRef,
      description:
        "One event. To a key limited to matters, events of other matters and organization-level " +
        "events are missing (404).",
      gate: { scope: "events:read" },
      args: { id: t.arg.id({ required: true, description: "Event id (evt_…)." }) },
      resolve: (_root, { id }, ctx) => findEvent(ctx, id),
    }),
  );

  builder.queryField("events", (t) =>
    t.field({
      type: connectionOf(EventRef, "Event"),
      description:
        "Events, newest first, optionally filtered. A key limited to matters sees only events of " +
        "those matters; organization-level events (no matter) are left out for it, as " +
        "organization-level audit events are.",
      gate: { scope: "events:read" },
      args: {
        ...pageArgs(t),
        type: t.arg.string({ description: "Only events of this type, e.g. `judgment.validated`." }),
        matterId: t.arg.id({ description: "Only events of this matter (mat_…)." }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.event.findMany(q), args, {
          ...(args.type ? { type: args.type } : {}),
          ...(args.matterId ? { matterId: args.matterId } : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );
}
