/** Node types RecoveryEvent (rce_) and RemittanceEvent (rme_), and the MatterLedger view. */
import { Decimal } from "decimal.js";
import type { RecoveryEvent, RemittanceEvent } from "../../src/generated/prisma/client.js";
import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { AuditBlockRef, auditBlockOf, MoneyRef, type MoneyShape } from "../core/shared-types.js";
import { wireNumber } from "./amounts.js";
import { type RecoveryEventStatus, type RecoveryEventType, REMITTANCE_STATUSES } from "./values.js";

export const RecoveryEventTypeEnum = builder.enumType("RecoveryEventType", {
  description:
    "How property came into the ledger. `turned_over`, `remitted`, `settled` and `recovered` count as recovered; `frozen` and `seized` as secured; `blocked` is held under sanctions.",
  values: describedValues<RecoveryEventType>({
    frozen: "An exchange or issuer froze the property; it is restrained, not yet in hand.",
    blocked:
      "Property blocked under sanctions (OFAC): held back in full by every waterfall and never remitted.",
    seized: "Seized under legal process (levy, warrant); to be turned over.",
    turned_over: "Turned over to the creditor or its agent under a turnover order.",
    remitted: "Remitted to the creditor by a third party (e.g. an issuer reissuing frozen tokens).",
    settled: "Paid under a settlement with the debtor.",
    recovered: "Otherwise recovered into the creditor's hands.",
  }),
});

export const RecoveryEventStatusEnum = builder.enumType("RecoveryEventStatus", {
  description: "Where a recovery event stands against its remittances.",
  values: describedValues<RecoveryEventStatus>({
    unremitted: "Nothing remitted from it yet.",
    partially_remitted: "Some of its gross amount has been remitted.",
    fully_remitted: "Its whole gross amount has been remitted.",
    held: "Blocked property: held under sanctions, never remitted.",
  }),
});

export const RemittanceStatusEnum = builder.enumType("RemittanceStatus", {
  description:
    "State of a remittance. The service records remittances made elsewhere and moves no funds itself, so a remittance is `recorded` once stored.",
  values: describedValues<(typeof REMITTANCE_STATUSES)[number]>({
    recorded: "Recorded in the ledger after passing the remittance constraints.",
  }),
});

export const unremittedOf = (e: RecoveryEvent) =>
  new Decimal(e.grossAmount.toString()).minus(e.remittedAmount.toString());

export const RecoveryEventRef = builder.prismaNode("RecoveryEvent", {
  id: { field: "id", description: "Global id, the same as the `rce_` id." },
  description:
    "A recovery of property into a matter's ledger: what kind, which asset, how much and its USD value.",
  fields: (t) => ({
    recoveryEventId: t.exposeString("id", { description: "Recovery event id (prefix `rce_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    eventType: t.field({
      type: RecoveryEventTypeEnum,
      description: "frozen, blocked, seized, turned_over, remitted, settled or recovered.",
      resolve: (e) => e.eventType as never,
    }),
    status: t.field({
      type: RecoveryEventStatusEnum,
      description: "unremitted, partially_remitted, fully_remitted, or held (blocked property).",
      resolve: (e) => e.status as never,
    }),
    asset: t.exposeString("asset", { description: "Asset recovered, e.g. USDT, ETH or USD." }),
    network: t.exposeString("network", {
      nullable: true,
      description: "Network the asset is on, e.g. ethereum; null for fiat.",
    }),
    grossAmount: t.float({
      description: "Amount recovered in units of the asset (exact in storage, up to 18 places).",
      resolve: (e) => wireNumber(e.grossAmount),
    }),
    usdValue: t.float({
      nullable: true,
      description:
        "USD value at recovery, in dollars and cents; what the waterfall distributes. Null when not valued (the event then cannot enter a waterfall).",
      resolve: (e) => (e.usdValue === null ? null : wireNumber(e.usdValue)),
    }),
    remittedAmount: t.float({
      description: "Asset units remitted from it so far.",
      resolve: (e) => wireNumber(e.remittedAmount),
    }),
    unremittedAmount: t.float({
      description:
        "Asset units still unremitted: the most a further remittance from it may pay (0 for blocked property, which is never remitted).",
      resolve: (e) => (e.eventType === "blocked" ? 0 : unremittedOf(e).toNumber()),
    }),
    source: t.exposeString("source", {
      nullable: true,
      description: "Where the recovery came from, e.g. the exchange or the levying officer.",
    }),
    packetId: t.exposeString("packetId", {
      nullable: true,
      description: "The packet (pkt_…) the recovery resulted from, if any.",
    }),
    occurredAt: t.expose("occurredAt", {
      type: "DateTime",
      description:
        "When the recovery happened (default: when it was recorded); dates it as a payment toward the matter's judgments.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was recorded." }),
    audit: t.field({
      type: AuditBlockRef,
      description: "Who recorded it, under which request.",
      resolve: (e) => auditBlockOf(e),
    }),
  }),
});

export const RemittanceEventRef = builder.prismaNode("RemittanceEvent", {
  id: { field: "id", description: "Global id, the same as the `rme_` id." },
  description:
    "A remittance of recovered property to a destination, within what its recovery event and waterfall leave unremitted.",
  fields: (t) => ({
    remittanceEventId: t.exposeString("id", {
      description: "Remittance event id (prefix `rme_`).",
    }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    destination: t.exposeString("destination", {
      description: "Where it was paid: a wallet address, an account or a payee.",
    }),
    asset: t.exposeString("asset", { description: "Asset paid; that of its recovery event." }),
    amount: t.float({
      description: "Amount paid in units of the asset.",
      resolve: (r) => wireNumber(r.amount),
    }),
    usdValue: t.float({
      nullable: true,
      description:
        "USD value: the amount at its recovery event's usd_value per unit (half-even to cents), or the amount itself for USD; what counts against a waterfall.",
      resolve: (r) => (r.usdValue === null ? null : wireNumber(r.usdValue)),
    }),
    status: t.field({
      type: RemittanceStatusEnum,
      description: "`recorded`.",
      resolve: (r) => r.status as never,
    }),
    sourceRecoveryEventId: t.exposeString("recoveryEventId", {
      nullable: true,
      description: "The recovery event paid from (rce_…).",
    }),
    waterfallId: t.exposeString("waterfallId", {
      nullable: true,
      description: "The waterfall it pays under (wfl_…).",
    }),
    claimantId: t.exposeString("claimantId", {
      nullable: true,
      description: "The claimant whose waterfall line it pays (clm_…).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was recorded." }),
    audit: t.field({
      type: AuditBlockRef,
      description: "Who recorded it, under which request.",
      resolve: (r) => auditBlockOf(r),
    }),
  }),
});

export interface MatterLedgerShape {
  matterId: string;
  recoveryEvents: RecoveryEvent[];
  remittanceEvents: RemittanceEvent[];
  totalRecovered: MoneyShape;
  totalSecured: MoneyShape;
  totalBlocked: MoneyShape;
  totalRemitted: MoneyShape;
  unvaluedRecoveryEvents: number;
}

export const MatterLedgerRef = builder.objectRef<MatterLedgerShape>("MatterLedger").implement({
  description:
    "A matter's book of recoveries and remittances, newest first, with USD totals (exact sums, half-even to cents).",
  fields: (t) => ({
    matterId: t.exposeString("matterId", { description: "The matter." }),
    recoveryEvents: t.field({
      type: [RecoveryEventRef],
      description: "Every recovery event of the matter, newest first.",
      resolve: (l) => l.recoveryEvents,
    }),
    remittanceEvents: t.field({
      type: [RemittanceEventRef],
      description: "Every remittance event of the matter, newest first.",
      resolve: (l) => l.remittanceEvents,
    }),
    totalRecovered: t.field({
      type: MoneyRef,
      description:
        "Sum of usd_value over the recovery events in hand: event_type turned_over, remitted, settled or recovered. Frozen and seized property (secured, not yet in hand) and blocked property are not recovered; events without a usd_value are not counted (see unvalued_recovery_events).",
      resolve: (l) => l.totalRecovered,
    }),
    totalSecured: t.field({
      type: MoneyRef,
      description:
        "Sum of usd_value over frozen and seized property, restrained but not yet in hand.",
      resolve: (l) => l.totalSecured,
    }),
    totalBlocked: t.field({
      type: MoneyRef,
      description: "Sum of usd_value over property blocked under sanctions (never remitted).",
      resolve: (l) => l.totalBlocked,
    }),
    totalRemitted: t.field({
      type: MoneyRef,
      description: "Sum of usd_value over the remittance events.",
      resolve: (l) => l.totalRemitted,
    }),
    unvaluedRecoveryEvents: t.exposeInt("unvaluedRecoveryEvents", {
      description: "Recovery events without a usd_value, left out of the totals.",
    }),
  }),
});
