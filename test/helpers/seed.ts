import { expect } from "vitest";
import type { App } from "../../src/app.js";
import { BOOTSTRAP_SECRET } from "./app.js";
import { type ApiResponse, Client, made } from "./http.js";

let counter = 0;

/** An EVM address whose synthetic sandbox data has exchange links and stablecoin holdings. */
export const SANDBOX_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const unique = (label: string) => `${label} ${++counter}`;

export interface SeededOrg {
  id: string;
  /** An admin key (`*`) of this organization in the sandbox. */
  admin: Client & { keyId: string };
  /** Issues another key of this organization and returns a client for it. */
  key(options?: {
    scopes?: string[];
    environment?: "sandbox" | "live";
    matter_ids?: string[];
    user_id?: string;
    expires_at?: string;
  }): Promise<Client & { keyId: string }>;
}

/**
 * Fluent test seed kit (STYLE.md): builds tenants through the public HTTP API, starting from
 * the bootstrap provider_internal key.
 */
export class Seed {
  readonly root: Client;
  constructor(readonly app: Pick<App, "fetch">) {
    this.root = new Client(app, BOOTSTRAP_SECRET);
  }

  async bootstrapOrgId(): Promise<string> {
    const res = await this.root.get("/v1/capabilities");
    return res.body.access_posture.organization_id;
  }

  async org(
    options: { name?: string; type?: string; features?: string[] } = {},
  ): Promise<SeededOrg> {
    const res = await this.root.post("/v1/organizations", {
      name: options.name ?? unique("Org"),
      type: options.type ?? "recovery_operator",
      ...(options.features ? { features: options.features } : {}),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.organization_id as string;
    const issue = async (o: Parameters<SeededOrg["key"]>[0] = {}) => {
      const k = await this.root.post(`/v1/organizations/${id}/api-keys`, {
        name: unique("key"),
        scopes: o.scopes ?? ["*"],
        ...(o.environment ? { environment: o.environment } : {}),
        ...(o.matter_ids ? { matter_ids: o.matter_ids } : {}),
        ...(o.user_id ? { user_id: o.user_id } : {}),
        ...(o.expires_at ? { expires_at: o.expires_at } : {}),
      });
      expect(k.status, k.text).toBe(201);
      return Object.assign(new Client(this.app, k.body.secret_once), {
        keyId: k.body.key_id as string,
      });
    };
    const admin = await issue();
    return { id, admin, key: issue };
  }

  /** A matter created through the API by `client`; returns its id. */
  async matter(client: Client, name = unique("Matter")): Promise<string> {
    const res = await client.post("/v1/matters", { name });
    expect(res.status, res.text).toBe(201);
    return res.body.matter_id as string;
  }

  /** A live engagement-letter authority grant on the matter; `overrides` replace body fields. */
  async grant(client: Client, matterId: string, overrides: Record<string, unknown> = {}) {
    return made(
      client.post(`/v1/matters/${matterId}/authority`, {
        basis: "engagement_letter",
        granted_by: "Acme Capital LLC",
        source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
        ...overrides,
      }),
    );
  }

  /**
   * A judgment taken in on the matter (Los Angeles, USD 125,000.50, entered 400 days ago), and
   * validated unless told; `overrides` replace intake fields.
   */
  async judgment(
    client: Client,
    matterId: string,
    overrides: Record<string, unknown> = {},
    options: { validate?: boolean } = {},
  ) {
    const judgment = await made(
      client.post("/v1/judgments/intake", {
        matter_id: matterId,
        court: "Superior Court of California, County of Los Angeles",
        case_number: `BC${Math.random().toString().slice(2, 8)}`,
        jurisdiction: "CA",
        creditor: "Acme Capital LLC",
        debtor: "John Doe",
        amount: { amount: 125000.5, currency: "USD" },
        date_entered: new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10),
        source_refs: [{ source_type: "certified_judgment", title: "Certified judgment" }],
        consumer_debt: false,
        ...overrides,
      }),
    );
    if (options.validate !== false)
      await made(client.post(`/v1/judgments/${judgment.judgment_id}/validate`, {}), 200);
    return judgment;
  }

  /**
   * A matter in a fresh tenant with live access, and the three callers who must find it
   * absent (404): `stranger` (another tenant), the tenant's own live key, and `limited`, a key
   * of the tenant (scope `*`) limited to the tenant's other matter, `elsewhere`.
   */
  async foreignMatter(stranger: Client): Promise<{
    owner: SeededOrg;
    matterId: string;
    outsiders: Client[];
    elsewhere: string;
    limited: Client;
  }> {
    const owner = await this.org({ features: ["live_access"] });
    const matterId = await this.matter(owner.admin);
    const elsewhere = await this.matter(owner.admin);
    const limited = await owner.key({ scopes: ["*"], matter_ids: [elsewhere] });
    const outsiders = [stranger, await owner.key({ environment: "live" }), limited];
    return { owner, matterId, outsiders, elsewhere, limited };
  }

  /**
   * One record of every matter-tied kind under `matterId`, made through the API by `client`
   * (scope `*`): an authority grant and its `authority.granted` event, a claimant, an action, a
   * judgment
   * with its deadlines, a passing validation and a plan, a debtor with a graph, a wallet with a
   * claim, an attribution graph and a network signal, an operation with a transition, a manual
   * audit event, a sandbox crypto asset map (with its exchange hypotheses and stablecoin
   * exposure) and transaction timeline, a clear sanctions screen and a campaign (with its
   * pressure history), then a matching screen with a blocked review and its OFAC report, a
   * relationship with a packet through it and a contact log, and a recovery event with a
   * waterfall and a remittance, an issuer freeze request and a destination wallet certificate,
   * a watchlist with an address and a triaged alert, a PDF export of the packet, and a claimant
   * update with its export. Extend it
   * when a module adds a matter-tied
   * record (test/platform/matter-isolation.test.ts fails until a seeded kind exists).
   */
  async matterRecords(client: Client, matterId: string): Promise<MatterRecords> {
    const grant = await made(
      client.post(`/v1/matters/${matterId}/authority`, {
        basis: "engagement_letter",
        granted_by: "Acme Corp (client)",
        source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
      }),
    );
    const claimant = await made(
      client.post(`/v1/matters/${matterId}/claimants`, { name: "Jane Victim", role: "victim" }),
    );
    const action = await made(
      client.post("/v1/actions", {
        matter_id: matterId,
        type: "exchange",
        title: "Send a preservation request to the exchange",
      }),
    );
    const entered = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const judgment = await made(
      client.post("/v1/judgments/intake", {
        matter_id: matterId,
        court: "Superior Court of California, County of Los Angeles",
        case_number: unique("BC"),
        jurisdiction: "CA",
        creditor: "Acme Corp",
        debtor: "John Doe",
        amount: { amount: 10000, currency: "USD" },
        date_entered: entered,
        source_refs: [{ source_type: "certified_judgment", title: "Certified copy of judgment" }],
        consumer_debt: false,
      }),
    );
    const judgmentId = judgment.judgment_id as string;
    const validation = await made(client.post(`/v1/judgments/${judgmentId}/validate`, {}), 200);
    expect(validation.enforcement_ready, JSON.stringify(validation)).toBe(true);
    await made(
      client.post(`/v1/judgments/${judgmentId}/enforcement-profile`, { profile: "measured" }),
      200,
    );
    await made(client.post(`/v1/judgments/${judgmentId}/enforcement-plan`, {}), 200);
    const debtor = await made(
      client.post("/v1/debtors", { matter_id: matterId, type: "individual", legal_name: "J Doe" }),
    );
    await made(client.post(`/v1/debtors/${debtor.debtor_id}/graph`, {}), 200);
    const wallets = await made(
      client.post("/v1/attribution/wallets/import", {
        matter_id: matterId,
        wallets: [{ address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", network: "ethereum" }],
      }),
    );
    const walletId = wallets.wallets[0].wallet_id as string;
    const claim = await made(
      client.post("/v1/attribution/claims", {
        matter_id: matterId,
        subject: walletId,
        predicate: "controlled_by",
        object: "John Doe",
        source_type: "vasp_response",
      }),
    );
    const graph = await made(
      client.post("/v1/attribution/graph", { matter_id: matterId, wallet_ids: [walletId] }),
      200,
    );
    const signal = await made(
      client.post("/v1/network-attribution/signals", {
        matter_id: matterId,
        signal_type: "exchange_login_ip",
        source: "Exchange X",
        wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        raw_value_redacted: "203.0.113.x",
      }),
    );
    const operation = await made(
      client.post("/v1/operations", {
        matter_id: matterId,
        type: "victim_recovery",
        intent: "trace and recover",
        posture: "monitoring",
      }),
    );
    await made(client.post(`/v1/operations/${operation.id}/transitions`, { to: "intake" }), 200);
    const audit = await made(
      client.post("/v1/audit/events", { matter_id: matterId, event_type: "note.recorded" }),
    );
    // A campaign, created while a clear screen lets it pass the sanctions gate (the matching
    // screen below then holds the matter), with its first pressure history entry.
    await made(
      client.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
      200,
    );
    const campaign = await made(
      client.post("/v1/claw/campaigns", {
        matter_id: matterId,
        judgment_id: judgmentId,
        mode: "measured",
        target_set: { wallets: [walletId], debtors: [debtor.debtor_id] },
      }),
    );
    // A matching screen (and its `sanctions` alert), a blocked review and its OFAC report with
    // the report's deadline.
    const screen = await made(
      client.post("/v1/sanctions/screen", {
        matter_id: matterId,
        wallets: [LISTED_WALLET],
        entities: ["J Doe"],
      }),
      200,
    );
    const review = await made(
      client.post("/v1/sanctions/review-packet", {
        matter_id: matterId,
        screen_id: screen.screen_id,
      }),
    );
    await made(
      client.post(`/v1/sanctions/${review.review_id}/decision`, {
        decision: "blocked",
        counsel_owner: "Jordan Counsel, Esq.",
      }),
      200,
    );
    await made(
      client.post("/v1/sanctions/ofac-report-workflow", {
        matter_id: matterId,
        sanctions_review_id: review.review_id,
        report_type: "blocked_property",
        counsel_owner: "Jordan Counsel, Esq.",
      }),
    );
    const assetMap = await made(
      client.post("/v1/crypto/asset-map", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
      200,
    );
    expect(assetMap.exchange_hypotheses.length, "sandbox exchange hypotheses").toBeGreaterThan(0);
    expect(assetMap.stablecoin_exposure.length, "sandbox stablecoin exposure").toBeGreaterThan(0);
    // A destination wallet certificate (with its own clear screen) and a freeze request to
    // Tether for the mapped wallet's USDT.
    const certificate = await made(
      client.post("/v1/issuer-remediation/destination-wallet-certificate", {
        matter_id: matterId,
        wallet_address: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        network: "ethereum",
        purpose: "Receive reissued USDT",
        owner: "Acme Corp",
        signer_model: "2-of-3 multisig",
        allowed_assets: ["USDT"],
      }),
    );
    const remediation = await made(
      client.post("/v1/issuer-remediation/freeze-packet", {
        matter_id: matterId,
        wallets: [SANDBOX_WALLET],
        asset: "USDT",
        authorized_sender: "Jordan Counsel, Esq.",
      }),
    );
    const timeline = await made(
      client.post("/v1/crypto/transaction-timeline", {
        matter_id: matterId,
        wallets: [SANDBOX_WALLET],
      }),
      200,
    );
    // A channel (organization-level), a packet going through it and a contact log naming it.
    const relationship = await made(
      client.post("/v1/relationships", {
        counterparty_type: "exchange",
        counterparty_name: "Northwind Exchange",
        channel_type: "compliance_email",
      }),
    );
    const packet = await made(
      client.post("/v1/packets/exchange-freeze", {
        matter_id: matterId,
        judgment_id: judgmentId,
        wallets: [SANDBOX_WALLET],
        authorized_sender: "Jordan Counsel, Esq.",
        relationship_id: relationship.relationship_id,
      }),
    );
    const contact = await made(
      client.post(`/v1/relationships/${relationship.relationship_id}/contact-log`, {
        matter_id: matterId,
        authorized_sender: "Jordan Counsel, Esq.",
        contact_type: "email",
        packet_id: packet.packet_id,
        outcome: "acknowledged",
      }),
    );
    // A recovery, a waterfall over it and a remittance paying the claimant's line from it.
    const recovery = await made(
      client.post("/v1/ledger/recovery-events", {
        matter_id: matterId,
        event_type: "turned_over",
        asset: "USDT",
        network: "ethereum",
        gross_amount: 1000,
        usd_value: 1000,
        source: "Exchange X turnover",
      }),
    );
    const waterfall = await made(
      client.post("/v1/waterfall/calculate", {
        matter_id: matterId,
        recovery_event_ids: [recovery.recovery_event_id],
      }),
      200,
    );
    const remittance = await made(
      client.post("/v1/ledger/remittance-events", {
        matter_id: matterId,
        destination: "Jane Victim (client account)",
        amount: 100,
        asset: "USDT",
        source_recovery_event_id: recovery.recovery_event_id,
        waterfall_id: waterfall.waterfall_id,
        claimant_id: claimant.claimant_id,
      }),
    );
    // A watchlist with an address, and a triage of the screen's sanctions alert.
    const watchlist = await made(
      client.post("/v1/watchlists", {
        matter_id: matterId,
        name: "Debtor wallets",
        chains: ["ethereum"],
      }),
    );
    await made(
      client.post(`/v1/watchlists/${watchlist.watchlist_id}/addresses`, {
        addresses: [SANDBOX_WALLET],
        reason: "Debtor's wallet",
      }),
      200,
    );
    const alerts = await made(client.get(`/v1/alerts?matter_id=${matterId}&type=sanctions`), 200);
    expect(alerts.items.length, "the screen's sanctions alert").toBeGreaterThan(0);
    const alertId = alerts.items[0].alert_id as string;
    await made(
      client.post(`/v1/alerts/${alertId}/triage`, { status: "actionable", notes: "Counsel" }),
      200,
    );
    // A PDF export of the packet, and a claimant update with its JSON export.
    const exported = await made(
      client.post(`/v1/packets/${packet.packet_id}/export`, { format: "pdf" }),
    );
    const report = await made(
      client.post("/v1/reports/claimant-update", {
        matter_id: matterId,
        claimant_id: claimant.claimant_id,
      }),
    );
    const reportExport = await made(
      client.post(`/v1/reports/${report.report_id}/export`, { format: "json" }),
    );
    const events = await made(client.get("/v1/events?type=authority.granted&limit=100"), 200);
    const event = events.items.find(
      (e: { data: { authority_id?: string } }) => e.data.authority_id === grant.authority_id,
    );
    expect(event, "the authority.granted event").toBeDefined();
    return {
      matterId,
      authorityId: grant.authority_id,
      claimantId: claimant.claimant_id,
      judgmentId,
      debtorId: debtor.debtor_id,
      walletId,
      claimId: claim.claim_id,
      graphId: graph.graph_id,
      signalId: signal.network_attribution_id,
      operationId: operation.id,
      auditEventId: audit.event_id,
      eventId: event.event_id,
      reviewId: review.review_id,
      assetMapId: assetMap.map_id,
      timelineId: timeline.timeline_id,
      relationshipId: relationship.relationship_id,
      counterpartyId: relationship.counterparty_id,
      packetId: packet.packet_id,
      contactLogId: contact.contact_log_id,
      recoveryEventId: recovery.recovery_event_id,
      remittanceEventId: remittance.remittance_event_id,
      waterfallId: waterfall.waterfall_id,
      campaignId: campaign.campaign_id,
      remediationId: remediation.remediation_id,
      certificateId: certificate.destination_wallet_id,
      actionId: action.action_id,
      watchlistId: watchlist.watchlist_id,
      alertId,
      exportId: exported.export_id,
      reportId: report.report_id,
      reportExportId: reportExport.export_id,
    };
  }
}

/** Ids of the records Seed.matterRecords made under one matter. */
export interface MatterRecords {
  matterId: string;
  authorityId: string;
  claimantId: string;
  judgmentId: string;
  debtorId: string;
  /** An imported wallet, a claim about it, a graph over it and a network signal. */
  walletId: string;
  claimId: string;
  graphId: string;
  signalId: string;
  operationId: string;
  auditEventId: string;
  /** The grant's `authority.granted` event. */
  eventId: string;
  /** A blocked sanctions review (its screen matched LISTED_WALLET). */
  reviewId: string;
  assetMapId: string;
  timelineId: string;
  /** A relationship (organization-level, with its counterparty), an exchange-freeze packet
   * through it and a contact log naming the packet. */
  relationshipId: string;
  counterpartyId: string;
  packetId: string;
  contactLogId: string;
  /** A turned_over recovery, a waterfall over it and a remittance to the claimant. */
  recoveryEventId: string;
  remittanceEventId: string;
  waterfallId: string;
  /** A measured campaign on the judgment, targeting the wallet and the debtor. */
  campaignId: string;
  /** A freeze request for the mapped wallet's USDT, and a destination wallet certificate. */
  remediationId: string;
  certificateId: string;
  actionId: string;
  /** A watchlist watching SANDBOX_WALLET, and the screen's sanctions alert, triaged. */
  watchlistId: string;
  alertId: string;
  /** A PDF export of the packet (through POST /v1/packets/{packet_id}/export). */
  exportId: string;
  /** A claimant update for the claimant, and its JSON export. */
  reportId: string;
  reportExportId: string;
}

/** An Ethereum address on the shipped OFAC SDN list (Lifshits, Artem Mikhaylovich; CYBER2). */
export const LISTED_WALLET = "0x901bb9583b24d97e995513c6778dc6888ab6870e";
