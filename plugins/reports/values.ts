/**
 * Report kinds, statuses, audiences and sections (CONTRACT.md §8: draft, ready, exported), as
 * data and pure functions.
 */
import type { RedactionProfile } from "../exports/redaction.js";

export const REPORT_TYPES = ["campaign_brief", "claimant_update"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_STATUSES = ["draft", "ready", "exported"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Who a campaign brief is for; each sets the least redaction its exports may use. */
export const AUDIENCE_FLOORS = {
  internal: "none",
  counsel: "counsel",
  court: "counsel",
  claimants: "claimant",
  public: "public",
} as const satisfies Record<string, RedactionProfile>;
export type Audience = keyof typeof AUDIENCE_FLOORS;
export const AUDIENCES = Object.keys(AUDIENCE_FLOORS) as Audience[];

/** Sections of a campaign brief, in the order the brief shows them. */
export const REPORT_SECTIONS = [
  "summary",
  "judgment",
  "assets",
  "campaigns",
  "packets",
  "actions",
  "alerts",
  "ledger",
  "waterfall",
  "sanctions",
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** The sections asked for, each once, in the brief's order; every section when none is named. */
export const sectionsOf = (asked: readonly ReportSection[] | null | undefined): ReportSection[] =>
  asked?.length ? REPORT_SECTIONS.filter((s) => asked.includes(s)) : [...REPORT_SECTIONS];

/** Status at creation: `draft` when something in the snapshot needs review, else `ready`. */
export const initialStatus = (reviewReasons: readonly string[]): ReportStatus =>
  reviewReasons.length ? "draft" : "ready";

/**
 * What exporting does to a report's status: a ready report becomes `exported`; a draft exports
 * DRAFT-marked and stays a draft (a report is a snapshot: a new one is made once its records are
 * in order); an exported report exports again unchanged.
 */
export const exportedStatus = (from: ReportStatus): ReportStatus =>
  from === "ready" ? "exported" : from;
