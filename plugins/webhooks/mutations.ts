import { randomBytes } from "node:crypto";
import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { assertDeliverableUrl } from "../../src/webhooks/url-safety.js";
import { write } from "../../src/write.js";
import { findWebhookEndpoint } from "./queries.js";
import {
  CreatedWebhookEndpointRef,
  EVENT_TYPES,
  EventRef,
  TEST_EVENT_TYPE,
  WebhookEndpointRef,
} from "./types.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MAX_URL_LENGTH = 2048;
const SUBSCRIBABLE = new Set<string>([...EVENT_TYPES, "*"]);

/** `whsec_` + 40 base62 characters (rejection sampling, no modulo bias). */
export function generateWebhookSecret(): string {
  let out = "";
  while (out.length < 40) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 40) out += BASE62[byte % 62];
    }
  }
  return `whsec_${out}`;
}

function checkEvents(events: readonly string[]): string[] {
  if (events.length === 0)
    throw invalid("events", 'events must name at least one event type, or "*" for all.');
  events.forEach((e, i) => {
    if (!SUBSCRIBABLE.has(e)) {
      throw invalid(`events[${i}]`, `Unknown event type '${e}'.`, { allowed: [...SUBSCRIBABLE] });
    }
  });
  return [...new Set(events)];
}

const CreateWebhookEndpointInput = builder.inputType("CreateWebhookEndpointInput", {
  description: "A new webhook endpoint; it starts enabled.",
  fields: (t) => ({
    url: t.string({
      required: true,
      description:
        "Receiver URL. Live: https and publicly routable only; sandbox may use http://localhost.",
    }),
    events: t.stringList({
      required: true,
      description: 'Event types to receive (at least one), or "*" for all.',
    }),
    description: t.string({ description: "Free-text description." }),
  }),
});

export function registerWebhookMutations() {
  builder.mutationField("createWebhookEndpoint", (t) =>
    t.field({
      type: CreatedWebhookEndpointRef,
      description: "Creates an enabled webhook endpoint and returns its signing secret, once.",
      gate: { scope: "webhooks:write" },
      args: {
        input: t.arg({
          type: CreateWebhookEndpointInput,
          required: true,
          description: "The endpoint.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (input.url.length > MAX_URL_LENGTH)
          throw invalid("url", `url is longer than ${MAX_URL_LENGTH} characters.`);
        const events = checkEvents(input.events);
        await assertDeliverableUrl(input.url, ctx.principal.environment);
        return write(ctx, async ({ tx, audit }) => {
          const endpoint = await tx.webhookEndpoint.create({
            data: {
              id: newId("webhookEndpoint"),
              url: input.url,
              events,
              description: input.description ?? null,
              status: "enabled",
              secret: generateWebhookSecret(),
              // An endpoint set up by a matter-limited caller receives only those matters' events.
              matterIds: [...(ctx.principal.matterIds ?? [])],
              createdAt: new Date(),
            } as never,
          });
          await audit({
            eventType: "webhook_endpoint.created",
            objectType: "webhook_endpoint",
            objectId: endpoint.id,
            details: { url: endpoint.url, events },
          });
          return endpoint;
        });
      },
    }),
  );

  builder.mutationField("disableWebhookEndpoint", (t) =>
    t.field({
      type: WebhookEndpointRef,
      description:
        "Disables a webhook endpoint and cancels its pending deliveries. Disabling twice is harmless.",
      gate: { scope: "webhooks:write" },
      args: { id: t.arg.id({ required: true, description: "Webhook endpoint id (whe_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        await findWebhookEndpoint(ctx, id);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const changed = await tx.webhookEndpoint.updateMany({
            where: { id, status: "enabled" },
            data: { status: "disabled", disabledAt: now },
          });
          // Raw on purpose: every pending delivery of the endpoint stops, including those of
          // matters a matter-limited caller cannot see (the scoped client would skip them).
          const cancelled = await tx.$executeRaw`
            UPDATE webhook_deliveries SET status = 'cancelled', last_error = 'endpoint disabled'
            WHERE endpoint_id = ${id} AND status = 'pending'`;
          await audit({
            eventType: "webhook_endpoint.disabled",
            objectType: "webhook_endpoint",
            objectId: id,
            details: {
              already_disabled: changed.count === 0,
              cancelled_deliveries: cancelled,
            },
          });
          return tx.webhookEndpoint.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );

  builder.mutationField("testWebhookEndpoint", (t) =>
    t.field({
      type: EventRef,
      description: `Sends a \`${TEST_EVENT_TYPE}\` event to this endpoint only, so an integrator can check the receiver and its signature verification. The event is organization-level (no matter), so a key limited to matters cannot read it or its delivery back afterwards.`,
      gate: { scope: "webhooks:write" },
      args: { id: t.arg.id({ required: true, description: "Webhook endpoint id (whe_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const endpoint = await findWebhookEndpoint(ctx, id);
        if (endpoint.status !== "enabled") {
          throw new ApiError("invalid_state_transition", {
            message: "The webhook endpoint is disabled; test events go only to enabled endpoints.",
            details: { status: endpoint.status, allowed: [] },
          });
        }
        // Not rec.emit(): that would also deliver to every "*" subscriber.
        const event = await write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const created = await tx.event.create({
            data: {
              id: newId("event"),
              matterId: null,
              type: TEST_EVENT_TYPE,
              data: { webhook_endpoint_id: id },
              requestId: ctx.requestId,
              createdAt: now,
            } as never,
          });
          await tx.webhookDelivery.create({
            data: {
              id: newId("webhookDelivery"),
              endpointId: id,
              eventId: created.id,
              matterId: null,
              status: "pending",
              nextAttemptAt: now,
            } as never,
          });
          await audit({
            eventType: "webhook_endpoint.tested",
            objectType: "webhook_endpoint",
            objectId: id,
            details: { event_id: created.id },
          });
          return created;
        });
        ctx.services.notifyOutbox();
        return event;
      },
    }),
  );
}
