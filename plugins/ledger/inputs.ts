import { builder } from "../../src/schema/builder.js";
import { RecoveryEventTypeEnum } from "./types.js";

export const RecordRecoveryEventInput = builder.inputType("RecordRecoveryEventInput", {
  description: "A recovery to record in a matter's ledger.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    eventType: t.field({
      type: RecoveryEventTypeEnum,
      required: true,
      description: "frozen, blocked, seized, turned_over, remitted, settled or recovered.",
    }),
    asset: t.string({ required: true, description: "Asset recovered, e.g. USDT, ETH or USD." }),
    grossAmount: t.float({
      required: true,
      description: "Amount in units of the asset: greater than 0, at most 18 decimal places.",
    }),
    network: t.string({ description: "Network the asset is on, e.g. ethereum; omit for fiat." }),
    usdValue: t.float({
      description:
        "USD value at recovery: at least 0, at most 2 decimal places. Needed for the event to enter a waterfall or the ledger totals.",
    }),
    source: t.string({ description: "Where the recovery came from." }),
    packetId: t.id({
      description:
        "The packet the recovery resulted from (pkt_…): a packet of the same matter; another matter's or an unknown packet is 404 resource_missing naming packet_id.",
    }),
    occurredAt: t.field({
      type: "DateTime",
      description: "When the recovery happened (default now); not in the future.",
    }),
  }),
});

export const RecordRemittanceEventInput = builder.inputType("RecordRemittanceEventInput", {
  description:
    "A remittance of recovered property. Name the recovery event it is paid from, the waterfall it pays under, or both; it may never exceed what they leave unremitted.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    destination: t.string({
      required: true,
      description: "Where it was paid: a wallet address, an account or a payee.",
    }),
    amount: t.float({
      required: true,
      description: "Amount in units of the asset: greater than 0, at most 18 decimal places.",
    }),
    asset: t.string({
      required: true,
      description:
        "Asset paid: that of the source recovery event (compared case-insensitively); USD when only a waterfall is named.",
    }),
    sourceRecoveryEventId: t.id({
      description:
        "The recovery event paid from (rce_…); blocked property is refused (403 sanctions_hold).",
    }),
    waterfallId: t.id({
      description:
        "The waterfall it pays under (wfl_…); the source recovery event, if named, must be one of its events.",
    }),
    claimantId: t.id({
      description:
        "The claimant whose line of the waterfall it pays (clm_…); needs waterfall_id, and may not exceed that line's unremitted amount.",
    }),
  }),
});

export const WaterfallCostsInput = builder.inputType("WaterfallCostsInput", {
  description:
    "Costs paid out of the recovery first, in USD (at least 0, at most cents); each 0 when omitted.",
  fields: (t) => ({
    courtCosts: t.float({ description: "Court and filing costs." }),
    enforcementCosts: t.float({ description: "Enforcement costs (levying officers, receivers)." }),
    vendorCosts: t.float({ description: "Vendors (tracing, custody, translation)." }),
    otherCosts: t.float({ description: "Any other costs." }),
  }),
});

export const CalculateWaterfallInput = builder.inputType("CalculateWaterfallInput", {
  description: "What to distribute and on which terms (CONTRACT.md §13).",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    recoveryEventIds: t.idList({
      required: { list: false, items: true },
      description:
        "Recovery events of the matter to distribute (rce_…, no repeats); every one needs a usd_value. Default: every recovery event of the matter.",
    }),
    costs: t.field({ type: WaterfallCostsInput, description: "Costs, in USD." }),
    providerPercentage: t.float({
      description:
        "The provider's percentage (0–100), on the same base as the counsel fee; default the matter's economics.provider_percentage, else 0. With the counsel fee at most 100.",
    }),
  }),
});
