import { byTenant } from "../../../src/jobs/context.js";
import type { JobDefinition } from "../../../src/jobs/scheduler.js";
import type { AlertRequest, AlertSeverity } from "../../alerts/service.js";
import { DEADLINE_HORIZON_DAYS } from "../values.js";
import { recordPass } from "./shared.js";

export const DEADLINE_JOB = "monitoring.deadlines";

const DAY = 86_400_000;
const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

interface DeadlineRow {
  id: string;
  matterId: string;
  judgmentId: string | null;
  ofacReportId: string | null;
  type: string;
  date: Date;
  owner: string | null;
}

/** Overdue: critical; a week or less: high; otherwise medium. */
export function deadlineSeverity(daysLeft: number): AlertSeverity {
  if (daysLeft < 0) return "critical";
  if (daysLeft <= 7) return "high";
  return "medium";
}

/** The `deadline` alert of an open deadline due within the horizon (or overdue). */
export function deadlineAlert(d: DeadlineRow, today: Date): AlertRequest {
  const date = d.date.toISOString().slice(0, 10);
  const daysLeft = Math.round((utcDay(d.date) - utcDay(today)) / DAY);
  const when =
    daysLeft < 0
      ? `was due on ${date} (${-daysLeft} days ago)`
      : daysLeft === 0
        ? `is due today (${date})`
        : `is due on ${date} (in ${daysLeft} days)`;
  const of = d.judgmentId
    ? ` of judgment ${d.judgmentId}`
    : d.ofacReportId
      ? ` of OFAC report ${d.ofacReportId}`
      : "";
  return {
    matterId: d.matterId,
    type: "deadline",
    severity: deadlineSeverity(daysLeft),
    target: d.id,
    reason: `The ${d.type} deadline${of} ${when}.`,
    details: {
      deadline_id: d.id,
      deadline_type: d.type,
      date,
      days_left: daysLeft,
      owner: d.owner,
      judgment_id: d.judgmentId,
      ofac_report_id: d.ofacReportId,
    },
  };
}

/**
 * A `deadline` alert for every open deadline due within 30 days (CONTRACT.md §13), overdue ones
 * included, on matters that are not closed. One alert per deadline, ever.
 */
export const deadlineJob: JobDefinition = {
  name: DEADLINE_JOB,
  async run(env) {
    const today = new Date();
    const horizon = new Date(utcDay(today) + DEADLINE_HORIZON_DAYS * DAY);
    const rows = await env.db.deadline.findMany({
      where: { status: "open", date: { lte: horizon }, matter: { status: { not: "closed" } } },
      orderBy: { id: "asc" },
    });
    let raised = 0;
    for (const { tenant, rows: mine } of byTenant(rows)) {
      const ids = await recordPass(
        env,
        DEADLINE_JOB,
        tenant,
        mine.map((d) => deadlineAlert(d, today)),
        { deadlines_due: mine.length, horizon: horizon.toISOString().slice(0, 10) },
      );
      raised += ids.length;
    }
    return { deadlines_due: rows.length, alerts_raised: raised };
  },
};
