import { randomUUID } from "node:crypto";
import type { AppServices } from "../context.js";
import type { PrismaClient } from "../db/client.js";
import type { Logger } from "../logger.js";

/** What a periodic job gets: the process's services and the background database client. */
export interface JobEnvironment {
  services: AppServices;
  /** Unscoped client outside the request statement count; jobs scope their writes per tenant. */
  db: PrismaClient;
  logger: Logger;
}

/** A periodic job a module declares in its manifest (`jobs`). */
export interface JobDefinition {
  /** Unique, stable name (the row of `scheduled_jobs`), e.g. `monitoring.deadlines`. */
  name: string;
  /** Does one pass; returns a small summary stored as the job's `last_result`. */
  run(env: JobEnvironment): Promise<Record<string, unknown>>;
}

export interface JobOutcome {
  name: string;
  /** false: another process holds the lease, or (on a tick) the job is not due yet. */
  ran: boolean;
  result?: Record<string, unknown>;
  error?: string;
}

/** A run's lease: long enough for any pass; a crashed process's lease simply runs out. */
const LEASE_SECONDS = 15 * 60;

/**
 * The one mechanism for periodic work. Every server process may run a scheduler; they agree
 * through one row per job in `scheduled_jobs`: a process runs a job only after claiming its lease
 * with a conditional UPDATE (only one of several racing processes matches the row) and only when
 * the job's interval has passed since its last start. State lives in the database, so a
 * restart neither repeats nor skips a run. Works the same on PGlite (one process) and PostgreSQL.
 */
export class JobScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly owner = `process:${randomUUID()}`;

  constructor(
    private readonly env: JobEnvironment,
    private readonly jobs: readonly JobDefinition[],
    private readonly intervalMs: number,
  ) {
    const names = new Set<string>();
    for (const j of jobs) {
      if (names.has(j.name)) throw new Error(`Job '${j.name}' is declared twice.`);
      names.add(j.name);
    }
  }

  get names(): string[] {
    return this.jobs.map((j) => j.name);
  }

  /** Ticks every interval (the first tick one interval after start); 0 starts nothing. */
  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for a pass in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: every job whose interval has passed and whose lease is free runs, in order. */
  async tick(): Promise<JobOutcome[]> {
    const out: JobOutcome[] = [];
    for (const job of this.jobs) out.push(await this.runJob(job, false));
    return out;
  }

  /** Runs the named job now, whatever its interval, unless another process holds its lease. */
  async runNow(name: string): Promise<JobOutcome> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`No job named '${name}'.`);
    return this.runJob(job, true);
  }

  private async runJob(job: JobDefinition, force: boolean): Promise<JobOutcome> {
    const { db, logger } = this.env;
    try {
      if (!(await this.claim(job.name, force))) return { name: job.name, ran: false };
    } catch (err) {
      logger.error({ err, job: job.name }, "job lease failed");
      return { name: job.name, ran: false, error: String(err) };
    }
    let result: Record<string, unknown> = {};
    let error: string | null = null;
    try {
      result = await job.run(this.env);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      logger.error({ err, job: job.name }, "job failed");
    }
    await db.$executeRaw`
      UPDATE scheduled_jobs SET locked_by = NULL, locked_until = NULL,
        last_finished_at = clock_timestamp(), last_error = ${error},
        last_result = ${JSON.stringify(result)}::jsonb
      WHERE name = ${job.name} AND locked_by = ${this.owner}`.catch((err: unknown) =>
      logger.error({ err, job: job.name }, "job release failed"),
    );
    return { name: job.name, ran: true, result, ...(error ? { error } : {}) };
  }

  /** Takes the job's lease if it is free (and, unless forced, the job is due). */
  private async claim(name: string, force: boolean): Promise<boolean> {
    const { db } = this.env;
    await db.$executeRaw`INSERT INTO scheduled_jobs (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`;
    // A tick a little early (timers drift) still counts: due after 90 % of the interval.
    const dueAfter = (this.intervalMs * 0.9) / 1000;
    const claimed = await db.$queryRaw<Array<{ runs: number }>>`
      UPDATE scheduled_jobs SET locked_by = ${this.owner},
        locked_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}::float8),
        last_started_at = clock_timestamp(), runs = runs + 1
      WHERE name = ${name}
        AND (locked_until IS NULL OR locked_until < clock_timestamp())
        AND (${force}::boolean OR last_started_at IS NULL
             OR last_started_at <= clock_timestamp() - make_interval(secs => ${dueAfter}::float8))
      RETURNING runs`;
    return claimed.length === 1;
  }
}
