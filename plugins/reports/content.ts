/**
 * What a report holds: a snapshot of the matter's records in wire (snake_case) form, stored with
 * the report so it says the same thing whenever it is read or exported. Money is
 * `{amount, currency, valuation_time}` as everywhere on the wire.
 */
import type { ManifestEntry } from "../exports/document.js";
import type { Audience, ReportSection, ReportType } from "./values.js";

export interface WireMoney {
  amount: number;
  currency: string;
  valuation_time: string;
}

export interface MatterSnapshot {
  matter_id: string;
  name: string;
  status: string;
  mode: string | null;
  lead_counsel: string | null;
  authority_status: string;
  close_reason: string | null;
}

export interface JudgmentSnapshot {
  judgment_id: string;
  court: string;
  case_number: string;
  jurisdiction: string;
  creditor: string;
  debtor: string;
  date_entered: string;
  status: string;
  amount: WireMoney;
  outstanding: WireMoney;
  principal: WireMoney;
  interest_accrued: WireMoney;
  payments: WireMoney;
  as_of: string;
}

export interface LedgerSnapshot {
  total_recovered: WireMoney;
  total_secured: WireMoney;
  total_blocked: WireMoney;
  total_remitted: WireMoney;
  recovery_events: number;
  unvalued_recovery_events: number;
  events: Array<{
    recovery_event_id: string;
    event_type: string;
    asset: string;
    gross_amount: string;
    usd_value: number | null;
    status: string;
    occurred_at: string;
  }>;
}

export interface WaterfallSnapshot {
  waterfall_id: string;
  calculated_at: string;
  gross_recovered: WireMoney;
  costs_total: WireMoney;
  holdbacks_total: WireMoney;
  counsel_fees: WireMoney;
  provider_economics: WireMoney;
  claimant_pool: WireMoney;
  review_required: boolean;
  review_notes: string | null;
  claimant_distributions: Array<{
    claimant_id: string;
    name: string;
    role: string;
    share_percentage: string | null;
    effective_share_percentage: string;
    amount: number;
    currency: string;
  }>;
}

export interface SanctionsSnapshot {
  /** `clear`, `hold` (a match without a cleared review, or a blocked review) or `not_screened`. */
  status: "clear" | "hold" | "not_screened";
  screens: number;
  screens_with_hits: number;
  reviews: Array<{ review_id: string; status: string; ofac_report_required: boolean }>;
}

/** The sections of a campaign brief; only those asked for are present. */
export interface BriefSections {
  summary?: {
    judgment_value: WireMoney;
    outstanding: WireMoney;
    known_crypto_exposure: WireMoney;
    total_recovered: WireMoney;
    open_actions: number;
    open_packets: number;
    open_alerts: number;
    active_campaigns: number;
  };
  judgment?: JudgmentSnapshot[];
  assets?: {
    wallets: number;
    stablecoin_exposure: Array<{
      issuer: string;
      asset: string;
      network: string;
      wallet: string;
      amount: string;
      usd_value: number | null;
      freeze_capability: string;
    }>;
  };
  campaigns?: Array<{
    campaign_id: string;
    judgment_id: string;
    mode: string;
    status: string;
    pressure_level: number;
    pressure_name: string;
    targets: number;
  }>;
  packets?: Array<{
    packet_id: string;
    type: string;
    packet_type: string;
    status: string;
    created_at: string;
  }>;
  actions?: Array<{
    action_id: string;
    type: string;
    title: string;
    priority: string;
    status: string;
    due_at: string | null;
  }>;
  alerts?: Array<{
    alert_id: string;
    type: string;
    severity: string;
    status: string;
    reason: string;
  }>;
  ledger?: LedgerSnapshot;
  waterfall?: WaterfallSnapshot | null;
  sanctions?: SanctionsSnapshot;
}

/** One claimant's view: nothing of another claimant, not even the pool they share. */
export interface ClaimantView {
  claimant: {
    claimant_id: string;
    name: string;
    role: string;
    share_percentage: number | null;
  };
  judgments: Array<
    Pick<
      JudgmentSnapshot,
      "judgment_id" | "court" | "case_number" | "debtor" | "status" | "outstanding"
    >
  >;
  recoveries: {
    total_recovered: WireMoney;
    total_secured: WireMoney;
    recovery_events: number;
    last_recovery_at: string | null;
  };
  /** From the latest waterfall; null before any is calculated. */
  distribution: {
    waterfall_id: string;
    calculated_at: string;
    amount: WireMoney;
    effective_share_percentage: string;
    remitted: WireMoney;
  } | null;
}

export interface ReportContent {
  schema_version: 1;
  type: ReportType;
  title: string;
  prepared_at: string;
  organization: { organization_id: string; organization_name: string };
  matter: MatterSnapshot;
  audience: Audience | null;
  sections: BriefSections | null;
  claimant_view: ClaimantView | null;
  /** Lists longer than a report keeps: how many items were left out of each. */
  omitted: Partial<Record<ReportSection, number>>;
}

export type ReportManifest = ManifestEntry[];
