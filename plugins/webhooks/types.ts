import type DataLoader from "dataloader";
import { requestLoader } from "../../src/schema/request-loader.js";
import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";

/** Event types an endpoint may subscribe to (CONTRACT.md §10); "*" subscribes to all of them. */
export const EVENT_TYPES = [
  "judgment.validated",
  "authority.granted",
  "authority.revoked",
  "matter.closed",
  "action.completed",
  "packet.exported",
  "report.exported",
  "alert.created",
  "sanctions.screen_matched",
  "recovery_event.recorded",
  "remittance_event.recorded",
] as const;

/** Sent by POST /v1/webhook-endpoints/{id}/test to that endpoint only; not subscribable. */
export const TEST_EVENT_TYPE = "webhook_endpoint.test";

export const WebhookEndpointStatusEnum = builder.enumType("WebhookEndpointStatus", {
  description: "Whether the endpoint receives deliveries.",
  values: {
    enabled: { description: "Receives deliveries of the events it subscribes to." },
    disabled: { description: "Receives nothing; pending deliveries are cancelled." },
  } as const,
});

export const WebhookDeliveryStatusEnum = builder.enumType("WebhookDeliveryStatus", {
  description: "Where one delivery of one event to one endpoint stands.",
  values: {
    pending: { description: "Not yet delivered; the next attempt is at nextAttemptAt." },
    delivered: { description: "The receiver answered with a 2xx status." },
    failed: { description: "Every attempt failed; no more attempts are made." },
    cancelled: { description: "The endpoint was disabled before delivery." },
  } as const,
});

export const EventRef = builder.prismaNode("Event", {
  id: { field: "id", description: "Global id, the same as the `evt_` id." },
  description:
    "Something that happened in the organization, as delivered to webhook endpoints. An event " +
    "belongs to the matter named by `data.matter_id`; a key limited to matters sees only events " +
    "of those matters, and not organization-level events (`data.matter_id` null or absent).",
  fields: (t) => ({
    eventId: t.exposeString("id", { description: "Event id (prefix `evt_`)." }),
    type: t.exposeString("type", { description: "Event type, e.g. `judgment.validated`." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the event happened." }),
    organizationId: t.exposeString("organizationId", {
      description: "Organization the event belongs to.",
    }),
    environment: t.exposeString("environment", { description: "`sandbox` or `live`." }),
    data: t.field({
      type: "JSONObject",
      description: "The event's payload; its shape depends on the type.",
      resolve: (e) => e.data as Record<string, unknown>,
    }),
  }),
});

const endpointFields = {
  url: "Where deliveries are POSTed.",
  events: "Subscribed event types; `*` means all.",
  description: "Free-text description.",
  status: "Whether the endpoint receives deliveries.",
  createdAt: "Creation time.",
  disabledAt: "When the endpoint was disabled.",
  matterIds:
    "Matters whose events this endpoint receives: the matter allowance of the key that created " +
    "it. Empty: every matter's events and organization-level events.",
};

export const WebhookEndpointRef = builder.prismaNode("WebhookEndpoint", {
  id: { field: "id", description: "Global id, the same as the `whe_` id." },
  description: "A URL that receives signed POSTs of the organization's events.",
  fields: (t) => ({
    webhookEndpointId: t.exposeString("id", {
      description: "Webhook endpoint id (prefix `whe_`).",
    }),
    url: t.exposeString("url", { description: endpointFields.url }),
    events: t.exposeStringList("events", { description: endpointFields.events }),
    matterIds: t.exposeStringList("matterIds", { description: endpointFields.matterIds }),
    description: t.exposeString("description", {
      nullable: true,
      description: endpointFields.description,
    }),
    status: t.field({
      type: WebhookEndpointStatusEnum,
      description: endpointFields.status,
      resolve: (e) => e.status as never,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: endpointFields.createdAt }),
    disabledAt: t.expose("disabledAt", {
      type: "DateTime",
      nullable: true,
      description: endpointFields.disabledAt,
    }),
  }),
});

/** The create result: the endpoint plus its signing secret, which no other response carries. */
export const CreatedWebhookEndpointRef = builder.prismaObject("WebhookEndpoint", {
  variant: "CreatedWebhookEndpoint",
  description: "A newly created webhook endpoint with its signing secret, shown only this once.",
  fields: (t) => ({
    webhookEndpointId: t.exposeString("id", {
      description: "Webhook endpoint id (prefix `whe_`).",
    }),
    url: t.exposeString("url", { description: endpointFields.url }),
    events: t.exposeStringList("events", { description: endpointFields.events }),
    matterIds: t.exposeStringList("matterIds", { description: endpointFields.matterIds }),
    description: t.exposeString("description", {
      nullable: true,
      description: endpointFields.description,
    }),
    status: t.field({
      type: WebhookEndpointStatusEnum,
      description: endpointFields.status,
      resolve: (e) => e.status as never,
    }),
    secretOnce: t.exposeString("secret", {
      description:
        "Signing secret (`whsec_…`) for verifying MD-Signature. Store it now: it is never shown again.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: endpointFields.createdAt }),
  }),
});

/** Event types by event id, one query per request however many deliveries are listed. */
function eventTypeLoader(ctx: RequestContext): DataLoader<string, string | null> {
  return requestLoader(ctx, "webhooks.eventType", async (ids: readonly string[]) => {
    const rows = await ctx.db.event.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, type: true },
    });
    const byId = new Map(rows.map((r) => [r.id, r.type]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

export const WebhookDeliveryRef = builder.prismaNode("WebhookDelivery", {
  id: { field: "id", description: "Global id, the same as the `whd_` id." },
  description:
    "One event's delivery to one webhook endpoint, with its attempts so far. It belongs to its " +
    "event's matter: a key limited to matters sees only deliveries of those matters' events.",
  fields: (t) => ({
    deliveryId: t.exposeString("id", { description: "Delivery id (prefix `whd_`)." }),
    webhookEndpointId: t.exposeString("endpointId", {
      description: "Endpoint the event is delivered to.",
    }),
    eventId: t.exposeString("eventId", { description: "The delivered event." }),
    eventType: t.string({
      description: "Type of the delivered event.",
      resolve: async (d, _args, ctx) => (await eventTypeLoader(ctx).load(d.eventId)) ?? "",
    }),
    status: t.field({
      type: WebhookDeliveryStatusEnum,
      description: "Delivery status.",
      resolve: (d) => d.status as never,
    }),
    attempts: t.exposeInt("attempts", { description: "Attempts made so far." }),
    nextAttemptAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the next attempt is due; null unless pending.",
      resolve: (d) => (d.status === "pending" ? d.nextAttemptAt : null),
    }),
    lastResponseStatus: t.exposeInt("lastResponseStatus", {
      nullable: true,
      description: "HTTP status of the last attempt, if any answer came.",
    }),
    lastError: t.exposeString("lastError", {
      nullable: true,
      description: "Why the last attempt failed.",
    }),
    deliveredAt: t.expose("deliveredAt", {
      type: "DateTime",
      nullable: true,
      description: "When a 2xx answer arrived.",
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the delivery was queued.",
    }),
  }),
});
