import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";

export {
  EnforcementProfileEnum as CampaignModeEnum,
  PressureNameEnum,
} from "../judgments/enums.js";

export const CampaignStatusEnum = builder.enumType("CampaignStatus", {
  description:
    "Campaign state (SPEC.md leaves it open): `active` on creation; PATCH `status` moves active ⇄ paused, and either to `closed`, which is final and refuses every later write (409 invalid_state_transition).",
  values: describedValues({
    active: "Being worked.",
    paused: "On hold; still readable and changeable.",
    closed: "Finished; read-only.",
  }),
});

export const FocusCriterionEnum = builder.enumType("FocusCriterion", {
  description: "A focus ranking criterion (CONTRACT.md §13); each target scores 0–1 on each.",
  values: describedValues({
    confidence: "How sure the evidence is (attribution, hypothesis or holder confidence).",
    amount: "USD at stake, as a share of the campaign judgment.",
    freezability: "Whether an issuer or custodial exchange can freeze it.",
    channel:
      "Whether a usable relationship with the counterparty exists (a relationship usable_by_provider with an exchange or issuer of that name); for a packet, whether it has its channel.",
    urgency:
      "Deadline proximity (an action's due_at too) and the severity of live alerts about it.",
    readiness:
      "Share of packet prerequisites present (authority, judgment, sources …); for a packet its review status (approved or exported 1, draft 0.5, in review or sent back 0.25); for an action whether it can be worked now.",
  }),
});

export const FocusTargetTypeEnum = builder.enumType("FocusTargetType", {
  description:
    "What a focus target is: the campaign's wallets, exchanges and issuers, the matter's open packets, its live actions, and operator tasks.",
  values: describedValues({
    wallet: "An attribution wallet the campaign targets (`wal_…`).",
    exchange: "An exchange the campaign targets (its name).",
    issuer: "A stablecoin issuer the campaign targets (its name).",
    packet:
      "An open packet of the campaign's matter (draft, in_review, approved or exported; `pkt_…`).",
    action:
      "A live action (open, in_progress, blocked) of the campaign or of its matter outside any campaign (`act_…`).",
    operator_task: "A deadline within 90 days or an alert awaiting triage (`ddl_…`, `alr_…`).",
  }),
});

export const ExpansionTypeEnum = builder.enumType("ExpansionType", {
  description: "Where expansion leads come from.",
  values: describedValues({
    timeline_counterparties: "Counterparties of the campaign's wallets in transaction timelines.",
    exchange_hypotheses: "Exchanges the matter's hypotheses link to the campaign's wallets.",
    attribution_neighbours: "Neighbours of the campaign's wallets in attribution graphs.",
    stablecoin_issuers: "Issuers of stablecoins the campaign's wallets hold.",
  }),
});

export const LeadTypeEnum = builder.enumType("LeadType", {
  description: "What an expansion lead points at.",
  values: describedValues({
    address: "A chain address not yet imported as a wallet.",
    wallet: "An attribution wallet of the matter (`wal_…`), ready to target.",
    exchange: "An exchange (its name).",
    issuer: "A stablecoin issuer (its name).",
    entity: "A person or company named in an attribution graph.",
  }),
});

export const ClawActionKindEnum = builder.enumType("ClawActionKind", {
  description: "Kinds of claw actions (SPEC.md).",
  values: describedValues({
    watch: "Watch wallets or balances.",
    packet: "Prepare or send a packet.",
    discovery: "Post-judgment discovery.",
    exchange: "Work with an exchange.",
    issuer: "Work with a stablecoin issuer.",
    sanctions: "Sanctions screening, review or reporting.",
    legal_process: "Court filings, notices and orders.",
    ledger: "Record recoveries and distributions.",
    reporting_task: "Report to the client or counsel.",
  }),
});

export const PressureChangeSourceEnum = builder.enumType("PressureChangeSource", {
  description: "Which call changed the pressure.",
  values: describedValues({
    create: "The campaign's creation (the mode's starting level).",
    update: "PATCH /v1/claw/campaigns/{campaign_id}.",
    pressure: "POST /v1/claw/campaigns/{campaign_id}/pressure.",
  }),
});
