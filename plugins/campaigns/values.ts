/** Closed value sets of claw campaigns (CONTRACT.md §8, §12, §13; SPEC.md "Claw campaigns"). */
export {
  PRESSURE_NAMES,
  PROFILES,
  pressureName,
  type PressureName,
  type ProfileName,
} from "../judgments/domain/profile.js";

/** Campaign `mode` is an enforcement profile (CONTRACT.md §13): it sets start and cap (§8). */
export const CAMPAIGN_MODES = ["measured", "assertive", "maximum_lawful"] as const;
export type CampaignMode = (typeof CAMPAIGN_MODES)[number];

/** SPEC.md leaves campaign statuses open; decided here (moves in status.ts). */
export const CAMPAIGN_STATUSES = ["active", "paused", "closed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The highest pressure level and the level from which counsel approval is needed. */
export const MAX_PRESSURE = 6;
export const COUNSEL_APPROVAL_FROM = 4;

/** Focus criteria of CONTRACT.md §13, in their documented order. */
export const FOCUS_CRITERIA = [
  "confidence",
  "amount",
  "freezability",
  "channel",
  "urgency",
  "readiness",
] as const;
export type FocusCriterion = (typeof FOCUS_CRITERIA)[number];

/**
 * What focus ranks (SPEC.md: wallets, exchanges, issuers, packets, actions, operator tasks).
 * Packets and actions come from the candidate sources their modules register (registry.ts).
 */
export const TARGET_TYPES = [
  "wallet",
  "exchange",
  "issuer",
  "packet",
  "action",
  "operator_task",
] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Where expansion leads come from. */
export const EXPANSION_TYPES = [
  "timeline_counterparties",
  "exchange_hypotheses",
  "attribution_neighbours",
  "stablecoin_issuers",
] as const;
export type ExpansionType = (typeof EXPANSION_TYPES)[number];

/** What a lead points at. */
export const LEAD_TYPES = ["address", "wallet", "exchange", "issuer", "entity"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** SPEC.md "Claw action kinds". */
export const CLAW_ACTION_KINDS = [
  "watch",
  "packet",
  "discovery",
  "exchange",
  "issuer",
  "sanctions",
  "legal_process",
  "ledger",
  "reporting_task",
] as const;
export type ClawActionKind = (typeof CLAW_ACTION_KINDS)[number];

/** The campaign's gates (CONTRACT.md §7 plus the profile cap of §8). */
export const CAMPAIGN_GATES = ["authority", "sanctions", "pressure_cap"] as const;

/** CONTRACT.md §12: `max_leads` 1–100, default 20. */
export const MAX_LEADS = { min: 1, max: 100, default: 20 } as const;

/** Board queues show the top of each ranking; the totals say how many there are. */
export const BOARD_QUEUE_SIZE = 50;
