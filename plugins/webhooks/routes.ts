import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Events and webhooks";
const one = { id: "path.webhook_endpoint_id" } as const;

export const webhookRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/webhook-endpoints",
    field: "createWebhookEndpoint",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Create a webhook endpoint (the signing secret is returned only here, as secret_once)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/webhook-endpoints",
    field: "webhookEndpoints",
    list: true,
    summary: "List webhook endpoints",
    tag,
  },
  {
    method: "GET",
    path: "/v1/webhook-endpoints/{webhook_endpoint_id}",
    field: "webhookEndpoint",
    args: one,
    summary: "Retrieve a webhook endpoint",
    tag,
  },
  {
    method: "POST",
    path: "/v1/webhook-endpoints/{webhook_endpoint_id}/disable",
    field: "disableWebhookEndpoint",
    args: one,
    idempotent: true,
    summary: "Disable a webhook endpoint and cancel its pending deliveries",
    tag,
  },
  {
    method: "POST",
    path: "/v1/webhook-endpoints/{webhook_endpoint_id}/test",
    field: "testWebhookEndpoint",
    args: one,
    status: 201,
    idempotent: true,
    summary:
      "Send a webhook_endpoint.test event to this endpoint only (our addition, like Stripe's test webhooks: lets an integrator verify the receiver and its signature check)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/webhook-endpoints/{webhook_endpoint_id}/deliveries",
    field: "webhookDeliveries",
    args: { webhookEndpointId: "path.webhook_endpoint_id" },
    list: true,
    summary: "List a webhook endpoint's deliveries",
    tag,
  },
  { method: "GET", path: "/v1/events", field: "events", list: true, summary: "List events", tag },
  {
    method: "GET",
    path: "/v1/events/{event_id}",
    field: "event",
    args: { id: "path.event_id" },
    summary: "Retrieve an event",
    tag,
  },
];
