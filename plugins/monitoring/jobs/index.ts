import type { JobOutcome, JobScheduler } from "../../../src/jobs/scheduler.js";
import { DEADLINE_JOB, deadlineJob } from "./deadlines.js";
import { MOVEMENT_JOB, movementJob } from "./movements.js";
import { SANCTIONS_JOB, sanctionsJob } from "./sanctions.js";

export { DEADLINE_JOB, MOVEMENT_JOB, SANCTIONS_JOB };

/** The monitoring module's periodic jobs, in the order a pass runs them. */
export const monitoringJobs = [deadlineJob, movementJob, sanctionsJob];

/**
 * One monitoring pass now, without waiting for the interval (tests, operators' scripts): each
 * job runs under its lease, so a pass another process is running is not repeated here.
 */
export async function runMonitoringOnce(jobs: JobScheduler): Promise<JobOutcome[]> {
  const out: JobOutcome[] = [];
  for (const job of monitoringJobs) out.push(await jobs.runNow(job.name));
  return out;
}
