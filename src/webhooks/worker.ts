import type { Config } from "../config.js";
import type { PrismaClient } from "../db/client.js";
import type { Logger } from "../logger.js";
import { signPayload } from "./signature.js";
import { assertDeliverableUrl } from "./url-safety.js";

const BATCH = 10;
const BACKOFF_FACTOR = 4;

/** The delivered body: the public Event object (CONTRACT.md §10). */
export function eventPayload(e: {
  id: string;
  type: string;
  createdAt: Date;
  organizationId: string;
  environment: string;
  data: unknown;
}) {
  return {
    event_id: e.id,
    type: e.type,
    created_at: e.createdAt.toISOString(),
    organization_id: e.organizationId,
    environment: e.environment,
    data: e.data,
  };
}

export function retryDelayMs(baseMs: number, attempts: number): number {
  return baseMs * BACKOFF_FACTOR ** Math.max(0, attempts - 1);
}

/**
 * Delivers queued webhook deliveries (the outbox). Each process may run one: a delivery is
 * claimed with a lease through `FOR UPDATE SKIP LOCKED`, so two workers never send the same
 * attempt, and a crashed worker's lease simply runs out. At least once, never exactly once.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: PrismaClient,
    private readonly cfg: Config["webhooks"],
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.cfg.pollMs);
    this.timer.unref();
  }

  /** Runs a pass now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Delivers everything due; returns how many attempts were made. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.pass().catch((err) => {
        this.logger.error({ err }, "webhook worker pass failed");
        return 0;
      });
      total += n;
      if (n < BATCH || this.stopped) return total;
    }
  }

  private async pass(): Promise<number> {
    const leaseMs = this.cfg.timeoutMs * 2;
    const claimed = await this.db.$queryRaw<Array<{ id: string; attempts: number }>>`
      UPDATE webhook_deliveries SET locked_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}::float8),
                                    attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= clock_timestamp()
          AND (locked_until IS NULL OR locked_until < clock_timestamp())
        ORDER BY next_attempt_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts`;
    await Promise.all(claimed.map((c) => this.attempt(c.id, c.attempts)));
    return claimed.length;
  }

  private async attempt(id: string, attempts: number): Promise<void> {
    const delivery = await this.db.webhookDelivery.findUnique({
      where: { id },
      include: { endpoint: true, event: true },
    });
    if (!delivery) return;
    if (delivery.endpoint.status !== "enabled") {
      await this.db.webhookDelivery.update({
        where: { id },
        // Nothing was sent: this claim is not an attempt.
        data: {
          status: "cancelled",
          lockedUntil: null,
          lastError: "endpoint disabled",
          attempts: { decrement: 1 },
        },
      });
      return;
    }
    const body = JSON.stringify(eventPayload(delivery.event));
    let status: number | null = null;
    let error: string | null = null;
    try {
      const url = await assertDeliverableUrl(
        delivery.endpoint.url,
        delivery.environment as "sandbox" | "live",
      );
      const response = await fetch(url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "case-recovery-webhooks/1",
          "MD-Signature": signPayload(delivery.endpoint.secret, body),
          "MD-Event-Id": delivery.event.id,
          "MD-Event-Type": delivery.event.type,
        },
        body,
      });
      status = response.status;
      await response.body?.cancel().catch(() => {});
      if (status < 200 || status >= 300) error = `receiver answered ${status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (!error) {
      await this.db.webhookDelivery.update({
        where: { id },
        data: {
          status: "delivered",
          deliveredAt: new Date(),
          lastResponseStatus: status,
          lastError: null,
          lockedUntil: null,
        },
      });
      return;
    }
    const exhausted = attempts >= this.cfg.maxAttempts;
    await this.db.webhookDelivery.update({
      where: { id },
      data: {
        status: exhausted ? "failed" : "pending",
        lastResponseStatus: status,
        lastError: error.slice(0, 500),
        lockedUntil: null,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(this.cfg.retryBaseMs, attempts)),
      },
    });
    this.logger.warn({ delivery_id: id, attempts, error, exhausted }, "webhook delivery failed");
  }
}
