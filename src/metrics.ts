import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PrismaClient } from "./db/client.js";
import { Response } from "./http/fetch-api.js";

/**
 * Prometheus metrics of one app (its own registry, so several apps in one process stay apart):
 * requests by method, route pattern and status, latency, and the webhook outbox.
 * Labels are route patterns (`/v1/matters/{matter_id}`), never raw paths, to bound cardinality.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "md_http_requests_total",
    help: "HTTP requests served, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "md_http_request_duration_seconds",
    help: "Time to serve a request, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor(background: PrismaClient) {
    collectDefaultMetrics({ register: this.registry, prefix: "md_process_" });
    let outbox: Promise<{ depth: number; lag: number }> | null = null;
    // One query per scrape feeds both outbox gauges.
    const readOutbox = () => {
      outbox ??= background.$queryRaw<Array<{ depth: number; lag: number | null }>>`
          SELECT count(*)::int AS depth,
                 COALESCE(EXTRACT(EPOCH FROM (now() - min(next_attempt_at))), 0)::float8 AS lag
          FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()`
        .then(([row]) => ({ depth: row?.depth ?? 0, lag: Math.max(0, row?.lag ?? 0) }))
        .finally(() => setTimeout(() => (outbox = null), 0));
      return outbox;
    };
    new Gauge({
      name: "md_webhook_outbox_depth",
      help: "Webhook deliveries due and not yet attempted.",
      registers: [this.registry],
      async collect() {
        this.set((await readOutbox()).depth);
      },
    });
    new Gauge({
      name: "md_webhook_outbox_lag_seconds",
      help: "How long the oldest due webhook delivery has waited.",
      registers: [this.registry],
      async collect() {
        this.set((await readOutbox()).lag);
      },
    });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  async render(): Promise<Response> {
    return new Response(await this.registry.metrics(), {
      status: 200,
      headers: { "Content-Type": this.registry.contentType, "Cache-Control": "no-store" },
    });
  }
}
