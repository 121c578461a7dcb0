import { expect } from "vitest";
import type { App } from "../../src/app.js";
import { BOOTSTRAP_SECRET } from "./app.js";
import { type ApiResponse, Client } from "./http.js";

let counter = 0;

/** An EVM address whose synthetic sandbox data has exchange links and stablecoin holdings. */
export const SANDBOX_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const unique = (label: string) => `${label} ${++counter}`;

export interface SeededOrg {
  id: string;
  /** An admin key (`*`) of this organization in the sandbox. */
  admin: Client;
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
   * (scope `*`): an authority grant and its `authority.granted` event, a claimant, a judgment
   * with its deadlines, a passing validation and a plan, a debtor with a graph, a wallet with a
   * claim, an attribution graph and a network signal, an operation with a transition, a manual
   * audit event, a sandbox crypto asset map (with its exchange hypotheses and stablecoin
   * exposure) and transaction timeline, and a matching sanctions screen with a blocked review
   * and its OFAC report. Extend it when a module adds a matter-tied
   * record (test/platform/matter-isolation.test.ts fails until a seeded kind exists).
   */
  async matterRecords(client: Client, matterId: string): Promise<MatterRecords> {
    const made = async (res: Promise<ApiResponse>, status = 201) => {
      const r = await res;
      expect(r.status, r.text).toBe(status);
      return r.body;
    };
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
    const timeline = await made(
      client.post("/v1/crypto/transaction-timeline", {
        matter_id: matterId,
        wallets: [SANDBOX_WALLET],
      }),
      200,
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
}

/** An Ethereum address on the shipped OFAC SDN list (Lifshits, Artem Mikhaylovich; CYBER2). */
export const LISTED_WALLET = "0x901bb9583b24d97e995513c6778dc6888ab6870e";
