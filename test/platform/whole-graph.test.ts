import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_PREFIXES, type IdKind, idPrefix } from "../../src/ids.js";
import { nodeEntryFor } from "../../src/schema/node-registry.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

/**
 * CONTRACT.md §14: every resource implements `Node`, and `node(id)` / `nodes(ids)` resolve every
 * id prefix of src/ids.ts that names a resource. Walks ID_PREFIXES, so a new prefix fails here
 * until its type is registered (registerNode) and Seed.matterRecords makes one.
 */

/** Prefixes that name no stored object of their own, each with the reason. */
const NOT_RESOURCES: Partial<Record<IdKind, string>> = {
  request: "a request id (`audit_ref`): it names what a request changed, read through audit",
  sourceRef: "a source without its own id, named by its content inside a packet's manifest",
  debtorGraphNode: "a node inside a stored debtor graph (DebtorGraph.nodes)",
  debtorGraphEdge: "an edge inside a stored debtor graph (DebtorGraph.edges)",
  debtorClaim: "a claim computed inside a debtor graph (DebtorGraph.claims)",
  assetHypothesis: "computed per request from a debtor's graph, not stored",
  attributionNode: "a node inside a stored attribution graph (AttributionGraph.nodes)",
  attributionEdge: "an edge inside a stored attribution graph (AttributionGraph.edges)",
  cryptoWallet: "a wallet row inside a stored asset map (CryptoAssetMap.wallets)",
};

/** The GraphQL type each resource prefix resolves to. */
const TYPENAMES: Partial<Record<IdKind, string>> = {
  operation: "Operation",
  transition: "OperationTransition",
  organization: "Organization",
  apiKey: "ApiKey",
  user: "User",
  matter: "Matter",
  authority: "AuthorityGrant",
  judgment: "Judgment",
  event: "Event",
  audit: "AuditEvent",
  webhookEndpoint: "WebhookEndpoint",
  webhookDelivery: "WebhookDelivery",
  claimant: "Claimant",
  judgmentValidation: "JudgmentValidation",
  deadline: "Deadline",
  enforcementPlan: "EnforcementPlan",
  debtor: "Debtor",
  debtorGraph: "DebtorGraph",
  wallet: "Wallet",
  attributionClaim: "AttributionClaim",
  attributionGraph: "AttributionGraph",
  networkSignal: "NetworkSignal",
  sanctionsScreen: "SanctionsScreenResult",
  sanctionsReview: "SanctionsReview",
  ofacReport: "OfacReport",
  alert: "Alert",
  cryptoAssetMap: "CryptoAssetMap",
  transactionTimeline: "TransactionTimeline",
  exchangeHypothesis: "ExchangeHypothesis",
  stablecoinExposure: "StablecoinExposure",
  counterparty: "Counterparty",
  relationship: "Relationship",
  contactLog: "ContactLog",
  packet: "Packet",
  recoveryEvent: "RecoveryEvent",
  remittanceEvent: "RemittanceEvent",
  waterfall: "Waterfall",
  campaign: "Campaign",
  campaignPressureChange: "CampaignPressureChange",
  issuerRemediation: "IssuerRemediation",
  destinationWalletCertificate: "DestinationWalletCertificate",
  action: "Action",
  alertTriage: "AlertTriage",
  watchlist: "Watchlist",
  watchlistAddress: "WatchedAddress",
  export: "Export",
  report: "Report",
};

const KINDS = Object.keys(ID_PREFIXES) as IdKind[];
/** How node(id) would read an id of this kind (registered when the app builds its schema). */
const entryOf = (kind: IdKind) => nodeEntryFor(`${ID_PREFIXES[kind]}_01h00000000000000000000000`);
const resourceKinds = () => KINDS.filter((k) => !(k in NOT_RESOURCES));

let app: TestApp;
let tenant: SeededOrg;
let stranger: Client;
/** One id of each prefix among the tenant's rows, straight from the database. */
const idOf = new Map<string, string>();

beforeAll(async () => {
  app = await startTestApp();
  const seed = new Seed(app);
  tenant = await seed.org();
  stranger = (await seed.org()).admin;
  const api = tenant.admin;
  // Organization-level records matterRecords does not make: a user, and a webhook endpoint
  // (made first, so the seeded events are delivered to it).
  const user = await api.post(`/v1/organizations/${tenant.id}/users`, {
    email: "graph@example.com",
    roles: ["admin"],
    name: "Graph Walker",
  });
  expect(user.status, user.text).toBe(201);
  const endpoint = await api.post("/v1/webhook-endpoints", {
    url: "http://localhost:9/graph",
    events: ["*"],
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  await seed.matterRecords(api, await seed.matter(api));

  const tables = await app.db.root.$queryRawUnsafe<Array<{ table_name: string }>>(
    `SELECT c.table_name FROM information_schema.columns c
     JOIN information_schema.columns i ON i.table_name = c.table_name AND i.column_name = 'id'
       AND i.table_schema = c.table_schema
     WHERE c.column_name = 'organization_id' AND c.table_schema = current_schema()`,
  );
  idOf.set("org", tenant.id);
  for (const { table_name } of tables) {
    const rows = await app.db.root.$queryRawUnsafe<Array<{ id: string }>>(
      `SELECT id FROM "${table_name}" WHERE organization_id = $1 ORDER BY id`,
      tenant.id,
    );
    for (const { id } of rows) {
      const prefix = idPrefix(id);
      if (prefix && !idOf.has(prefix)) idOf.set(prefix, id);
    }
  }
}, 120_000);
afterAll(() => app?.dispose());

describe("the whole graph through node(id)", () => {
  it("knows the GraphQL type of every prefix that names a resource", () => {
    const kinds = resourceKinds();
    expect(kinds.filter((k) => !TYPENAMES[k])).toEqual([]);
    for (const k of kinds) expect(entryOf(k)?.typename, k).toBe(TYPENAMES[k]);
  });

  it("resolves a seeded record of every resource prefix through node(id) with its type", async () => {
    const missing = resourceKinds().filter((k) => !idOf.has(ID_PREFIXES[k]));
    expect(missing, "no seeded record of these kinds: extend Seed.matterRecords").toEqual([]);
    const wrong: string[] = [];
    for (const kind of resourceKinds()) {
      const id = idOf.get(ID_PREFIXES[kind])!;
      const res = await tenant.admin.graphql(
        "query($id: ID!) { node(id: $id) { __typename id } }",
        { id },
      );
      const node = res.body.data?.node;
      if (res.body.errors || node?.id !== id || node.__typename !== TYPENAMES[kind])
        wrong.push(`${kind} ${id}: ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("resolves all of them at once through nodes(ids), in the order asked", async () => {
    const ids = resourceKinds().map((k) => idOf.get(ID_PREFIXES[k])!);
    expect(ids.length).toBeGreaterThan(40);
    const res = await tenant.admin.graphql(
      "query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }",
      { ids },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.nodes.map((n: { id: string } | null) => n?.id)).toEqual(ids);
    expect(res.body.data.nodes.map((n: { __typename: string }) => n.__typename)).toEqual(
      resourceKinds().map((k) => TYPENAMES[k]),
    );
  });

  it("answers null to another organization for every one of them, and 404 for an unknown prefix", async () => {
    const ids = resourceKinds().map((k) => idOf.get(ID_PREFIXES[k])!);
    const many = await stranger.graphql("query($ids: [ID!]!) { nodes(ids: $ids) { id } }", { ids });
    expect(many.body.errors).toBeUndefined();
    expect(many.body.data.nodes).toEqual(ids.map(() => null));
    for (const id of ids) {
      const one = await stranger.graphql("query($id: ID!) { node(id: $id) { id } }", { id });
      expect(one.body, id).toEqual({ data: { node: null }, extensions: expect.any(Object) });
    }
    const unknown = await tenant.admin.graphql(
      'query { node(id: "zzz_01h00000000000000000000000") { id } }',
    );
    expect(unknown.body.data.node).toBeNull();
    expect(unknown.body.errors[0].extensions.code).toBe("resource_missing");
  });

  it("lists as not-a-resource only prefixes no type is registered for", () => {
    for (const kind of Object.keys(NOT_RESOURCES) as IdKind[])
      expect(entryOf(kind), kind).toBeUndefined();
  });
});
