import { getNamedType, isNonNullType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { type MatterRecords, Seed, type SeededOrg } from "../helpers/seed.js";

/**
 * CONTRACT.md §3: a key limited to matters finds other matters' records absent (404) and
 * filtered out of lists, through every face. Driven by the compiled route table and the GraphQL
 * schema, and by the database catalog for what counts as a matter's record, so a new module's
 * routes and tables are covered (or make this file fail) without editing it.
 */

/** Tenant tables that belong to the organization, not to a matter. */
const ORGANIZATION_LEVEL_TABLES = new Set([
  "api_keys",
  "users",
  "idempotency_records",
  "webhook_endpoints",
  "counterparties",
  "relationships",
]);

let app: TestApp;
let owner: SeededOrg;
let limited: Client;
let endpointId: string;
let a: MatterRecords;
let b: MatterRecords;
/** Every row id of matter B, from every matter-tied table. */
let bIds: string[];
let aIds: string[];

beforeAll(async () => {
  app = await startTestApp();
  const seed = new Seed(app);
  const foreign = await seed.foreignMatter((await seed.org()).admin);
  owner = foreign.owner;
  limited = foreign.limited;
  const endpoint = await owner.admin.post("/v1/webhook-endpoints", {
    url: "http://localhost:9/isolation",
    events: ["*"],
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  endpointId = endpoint.body.webhook_endpoint_id;
  a = await seed.matterRecords(owner.admin, foreign.elsewhere);
  b = await seed.matterRecords(owner.admin, foreign.matterId);
  aIds = [...(await rowsOfMatter(a.matterId)).values()].flat();
  bIds = [...(await rowsOfMatter(b.matterId)).values()].flat();
}, 60_000);
afterAll(() => app?.dispose());

// ---- what a matter's records are, read from the database catalog ----

const sql = <T>(text: string, ...values: unknown[]) =>
  app.db.root.$queryRawUnsafe<T[]>(text, ...values);

async function tablesWithColumn(column: string): Promise<string[]> {
  const rows = await sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = $1`,
    column,
  );
  return rows.map((r) => r.table_name).filter((t) => !t.startsWith("_prisma"));
}

async function foreignKeys() {
  return sql<{ child: string; col: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
}

/** Tables whose rows belong to a matter: `matters`, tables with matter_id, and their FK children. */
async function matterTiedTables(): Promise<Set<string>> {
  const tied = new Set(["matters", ...(await tablesWithColumn("matter_id"))]);
  const fks = await foreignKeys();
  for (let grew = true; grew; ) {
    grew = false;
    for (const fk of fks) {
      if (tied.has(fk.parent) && !tied.has(fk.child) && !ORGANIZATION_LEVEL_TABLES.has(fk.child)) {
        tied.add(fk.child);
        grew = true;
      }
    }
  }
  return tied;
}

/** Row ids of one matter, by table: rows naming it, then rows hanging off those (by FK). */
async function rowsOfMatter(matterId: string): Promise<Map<string, string[]>> {
  const rows = new Map<string, Set<string>>([["matters", new Set([matterId])]]);
  for (const table of await tablesWithColumn("matter_id")) {
    const found = await sql<{ id: string }>(
      `SELECT id FROM ${table} WHERE matter_id = $1`,
      matterId,
    );
    rows.set(table, new Set(found.map((r) => r.id)));
  }
  const fks = await foreignKeys();
  for (let grew = true; grew; ) {
    grew = false;
    for (const fk of fks) {
      const parents = [...(rows.get(fk.parent) ?? [])];
      if (!parents.length || ORGANIZATION_LEVEL_TABLES.has(fk.child)) continue;
      const found = await sql<{ id: string }>(
        `SELECT id FROM ${fk.child} WHERE ${fk.col} = ANY($1)`,
        parents,
      );
      const have = rows.get(fk.child) ?? new Set<string>();
      for (const r of found) {
        if (!have.has(r.id)) {
          have.add(r.id);
          grew = true;
        }
      }
      rows.set(fk.child, have);
    }
  }
  return new Map([...rows].map(([t, ids]) => [t, [...ids]]));
}

// ---- what a response must not show ----

/** Values of matter_id / matterId / matter_ids fields anywhere in a JSON body. */
function matterFields(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) matterFields(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "matter_ids" || k === "matterIds") out.push(...(v as unknown[]));
      else if (k === "matter_id" || k === "matterId") out.push(v);
      else matterFields(v, out);
    }
  }
  return out;
}

/** What in a response a key limited to matter A must not see: B's ids, other matters' ids. */
function leaks(res: ApiResponse): string[] {
  const found = bIds.filter((id) => res.text.includes(id));
  for (const m of matterFields(res.body))
    if (m !== null && m !== a.matterId) found.push(`matter field ${String(m)}`);
  return [...new Set(found)];
}

const shows = (res: ApiResponse, ids: string[]) => ids.some((id) => res.text.includes(id));

describe("seeding covers every kind of matter record", () => {
  it("classifies every tenant table as matter-tied or organization-level", async () => {
    const tied = await matterTiedTables();
    const unclassified = (await tablesWithColumn("organization_id")).filter(
      (t) => !tied.has(t) && !ORGANIZATION_LEVEL_TABLES.has(t),
    );
    expect(unclassified).toEqual([]);
  });

  it("has rows of every matter-tied table under matter B (extend Seed.matterRecords otherwise)", async () => {
    const rows = await rowsOfMatter(b.matterId);
    const empty = [...(await matterTiedTables())].filter((t) => !rows.get(t)?.length);
    expect(empty).toEqual([]);
  });
});

describe("events and webhook deliveries of another matter", () => {
  it("keeps matter B's authority.granted event from a key limited to A: list, get, deliveries", async () => {
    const admin = owner.admin;
    const all = await admin.get("/v1/events?type=authority.granted&limit=100");
    expect(all.body.items.map((e: any) => e.event_id)).toEqual(
      expect.arrayContaining([a.eventId, b.eventId]),
    );

    const ofA = await admin.get(`/v1/events?matter_id=${a.matterId}&limit=100`);
    expect(ofA.status, ofA.text).toBe(200);
    expect(ofA.body.items.map((e: any) => e.event_id)).toContain(a.eventId);
    expect(ofA.body.items.every((e: any) => e.data.matter_id === a.matterId)).toBe(true);
    const ofBForLimited = await limited.get(`/v1/events?matter_id=${b.matterId}`);
    expect(ofBForLimited.body.items, ofBForLimited.text).toEqual([]);

    const listed = await limited.get("/v1/events?limit=100");
    expect(listed.status, listed.text).toBe(200);
    const ids = listed.body.items.map((e: any) => e.event_id);
    expect(ids).toContain(a.eventId);
    expect(ids).not.toContain(b.eventId);
    expect(listed.body.items.every((e: any) => e.data.matter_id === a.matterId)).toBe(true);

    expect((await limited.get(`/v1/events/${a.eventId}`)).status).toBe(200);
    const one = await limited.get(`/v1/events/${b.eventId}`);
    expect(one.status, one.text).toBe(404);
    expect(errorOf(one).code).toBe("resource_missing");

    const path = `/v1/webhook-endpoints/${endpointId}/deliveries?limit=100`;
    const everyDelivery = (await admin.get(path)).body.items.map((d: any) => d.event_id);
    expect(everyDelivery).toEqual(expect.arrayContaining([a.eventId, b.eventId]));
    const deliveries = await limited.get(path);
    expect(deliveries.status, deliveries.text).toBe(200);
    const delivered = deliveries.body.items.map((d: any) => d.event_id);
    expect(delivered).toContain(a.eventId);
    expect(delivered).not.toContain(b.eventId);

    const gql = await limited.graphql(
      `query ($b: ID!) {
         node(id: $b) { id }
         events(first: 100) { edges { node { eventId } } }
       }`,
      { b: b.eventId },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.node).toBeNull();
    expect(gql.body.data.events.edges.map((e: any) => e.node.eventId)).not.toContain(b.eventId);
  });

  it("hides organization-level events from a key limited to matters", async () => {
    const sent = await owner.admin.post(`/v1/webhook-endpoints/${endpointId}/test`);
    expect(sent.status, sent.text).toBe(201);
    expect((await owner.admin.get(`/v1/events/${sent.body.event_id}`)).status).toBe(200);
    expect(errorOf(await limited.get(`/v1/events/${sent.body.event_id}`)).code).toBe(
      "resource_missing",
    );
    const listed = await limited.get("/v1/events?type=webhook_endpoint.test&limit=100");
    expect(listed.body.items).toEqual([]);
  });

  it("delivers to an endpoint made by a key limited to A only matter A's events", async () => {
    const made = await limited.post("/v1/webhook-endpoints", {
      url: "http://localhost:9/limited",
      events: ["*"],
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.matter_ids).toEqual([a.matterId]);
    const id = made.body.webhook_endpoint_id;
    const grant = (matterId: string) =>
      owner.admin.post(`/v1/matters/${matterId}/authority`, {
        basis: "engagement_letter",
        granted_by: "Acme Corp (client)",
        source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
      });
    const inA = await grant(a.matterId);
    const inB = await grant(b.matterId);
    expect([inA.status, inB.status]).toEqual([201, 201]);
    const deliveries = await owner.admin.get(`/v1/webhook-endpoints/${id}/deliveries?limit=100`);
    const events = await owner.admin.get("/v1/events?type=authority.granted&limit=100");
    const eventOf = (authorityId: string) =>
      events.body.items.find((e: any) => e.data.authority_id === authorityId).event_id;
    expect(deliveries.body.items.map((d: any) => d.event_id)).toEqual([
      eventOf(inA.body.authority_id),
    ]);
    expect((await owner.admin.get(`/v1/webhook-endpoints/${endpointId}`)).body.matter_ids).toEqual(
      [],
    );
  });
});

describe("every REST read a matter-limited key can reach", () => {
  /** Path collection (the path before a `{param}`, params as `{}`) → the id to put there. */
  const idFor = (collection: string, side: MatterRecords): string | undefined =>
    ({
      "/v1/matters": side.matterId,
      "/v1/audit/matters": side.matterId,
      "/v1/claimants": side.claimantId,
      "/v1/judgments": side.judgmentId,
      "/v1/debtors": side.debtorId,
      "/v1/attribution/graphs": side.graphId,
      "/v1/network-attribution": side.signalId,
      "/v1/operations": side.operationId,
      "/v1/events": side.eventId,
      "/v1/audit/events": side.auditEventId,
      "/v1/sanctions": side.reviewId,
      "/v1/crypto/asset-map": side.assetMapId,
      "/v1/packets": side.packetId,
      "/v1/ledger/matters": side.matterId,
      "/v1/waterfall/matters": side.matterId,
      "/v1/claw/campaigns": side.campaignId,
      "/v1/issuer-remediation": side.remediationId,
      "/v1/actions": side.actionId,
      "/v1/actions/matters": side.matterId,
      "/v1/watchlists": side.watchlistId,
      "/v1/exports": side.exportId,
      "/v1/reports": side.reportId,
    })[collection];
  const organizationLevel = (collection: string): string | undefined =>
    ({
      "/v1/organizations": owner.id,
      "/v1/webhook-endpoints": endpointId,
      // Relationships and counterparties belong to the organization; a counterparty's history
      // lists contact logs and packets of both matters, so it must leave B's out.
      "/v1/relationships": a.relationshipId,
      "/v1/relationships/counterparties": a.counterpartyId,
    })[collection];

  /** The route's path with ids of `side` put in; `tied` when one of them is a matter's record. */
  function fill(path: string, side: MatterRecords): { url: string; tied: boolean } {
    let tied = false;
    const url = path.replace(/\{[^}]+\}/g, (_param, offset: number) => {
      const collection = path.slice(0, offset - 1).replace(/\{[^}]+\}/g, "{}");
      const org = organizationLevel(collection);
      if (org) return org;
      const id = idFor(collection, side);
      if (!id) throw new Error(`no seeded id for ${collection}/{…}: teach this test the route`);
      tied = true;
      return id;
    });
    return { url, tied };
  }

  it("answers 404 for B's records and shows nothing of B anywhere", async () => {
    const routes = app.routes.filter((r) => r.def.method === "GET" && !r.def.public);
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const adminSeesB: string[] = [];
    for (const route of routes) {
      const { path, list } = route.def;
      const query = list ? "?limit=100" : "";
      const mine = fill(path, a);
      const res = await limited.get(mine.url + query);
      const leaked = leaks(res);
      if (leaked.length) problems.push(`${path}: shows ${leaked.join(", ")}`);
      if (mine.tied) {
        if (res.status !== 200) problems.push(`${path} with A's ids: ${res.status} ${res.text}`);
        const theirs = fill(path, b).url + query;
        const refused = await limited.get(theirs);
        if (refused.status !== 404 || errorOf(refused)?.code !== "resource_missing")
          problems.push(`${path} with B's ids: ${refused.status} ${refused.text.slice(0, 200)}`);
        if ((await owner.admin.get(theirs)).status !== 200)
          problems.push(`${path} with B's ids: not readable by the admin either`);
      } else if (shows(await owner.admin.get(mine.url + query), bIds)) {
        adminSeesB.push(path);
      }
    }
    expect(problems).toEqual([]);
    // The untied reads above are not vacuous: the admin's answers do show matter B.
    expect(adminSeesB).toEqual(
      expect.arrayContaining([
        "/v1/matters",
        "/v1/debtors",
        "/v1/operations",
        "/v1/events",
        "/v1/webhook-endpoints/{webhook_endpoint_id}/deliveries",
      ]),
    );
  });
});

describe("every GraphQL read a matter-limited key can reach", () => {
  it("resolves B's ids to null through node() and nodes()", async () => {
    for (let i = 0; i < bIds.length; i += 10) {
      const chunk = bIds.slice(i, i + 10);
      const single = await limited.graphql(
        `{ ${chunk.map((id, n) => `n${n}: node(id: "${id}") { id }`).join(" ")} }`,
      );
      expect(single.body.errors).toBeUndefined();
      expect(Object.values(single.body.data).filter((n) => n !== null)).toEqual([]);
    }

    // nodes() takes at most 100 ids a call, so the lookups go in batches of 100.
    const nodes = `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
    const resolved = async (client: typeof limited, ids: string[]) => {
      const out: Array<string | undefined> = [];
      for (let i = 0; i < ids.length; i += 100) {
        const res = await client.graphql(nodes, { ids: ids.slice(i, i + 100) });
        expect(res.body.errors).toBeUndefined();
        out.push(...res.body.data.nodes.map((n: { id: string } | null) => n?.id));
      }
      return out;
    };
    expect((await resolved(limited, bIds)).filter((id) => id !== undefined)).toEqual([]);
    // Not vacuous: the same ids resolve for the admin, and A's for the limited key.
    expect(await resolved(owner.admin, bIds)).toEqual(bIds);
    expect(await resolved(limited, aIds)).toEqual(aIds);
  });

  it("leaves B out of every root connection", async () => {
    const fields = Object.values(app.schema.getQueryType()!.getFields()).filter(
      (f) =>
        getNamedType(f.type).name.endsWith("Connection") &&
        !f.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined),
    );
    expect(fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["matters", "debtors", "operations", "events"]),
    );
    const problems: string[] = [];
    for (const field of fields) {
      const query = `{ result: ${field.name}(first: 100) { edges { node { ... on Node { id } } } } }`;
      const res = await limited.graphql(query);
      if (res.body.errors) problems.push(`${field.name}: ${JSON.stringify(res.body.errors)}`);
      const leaked = leaks(res);
      if (leaked.length) problems.push(`${field.name}: shows ${leaked.join(", ")}`);
      const admin = await owner.admin.graphql(query);
      if (["matters", "events"].includes(field.name) && !shows(admin, bIds))
        problems.push(`${field.name}: the admin does not see B either`);
    }
    expect(problems).toEqual([]);
  });
});

describe("audit verification under a matter limit", () => {
  it("does not name another matter's event as the first invalid one", async () => {
    const seed = new Seed(app);
    const tenant = await seed.org();
    const mine = await seed.matter(tenant.admin);
    const theirs = await seed.matter(tenant.admin);
    const key = await tenant.key({ scopes: ["audit:read"], matter_ids: [mine] });
    const record = async (matterId: string) =>
      (await tenant.admin.post("/v1/audit/events", { matter_id: matterId, event_type: "note" }))
        .body.event_id as string;
    await record(mine);
    const hidden = await record(theirs);
    await record(mine);

    // Tampering needs the append-only trigger off, which only a database superuser can do.
    await app.db.root.$executeRawUnsafe(
      "ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only",
    );
    try {
      await app.db.root.$executeRawUnsafe(
        `UPDATE audit_events SET prev_hash = '${"f".repeat(64)}' WHERE id = '${hidden}'`,
      );
    } finally {
      await app.db.root.$executeRawUnsafe(
        "ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only",
      );
    }
    const admin = await tenant.admin.get(`/v1/audit/verify?matter_id=${mine}`);
    expect(admin.body).toMatchObject({ valid: false, first_invalid_event_id: hidden });
    const res = await key.get(`/v1/audit/verify?matter_id=${mine}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ valid: false, first_invalid_event_id: null });
    expect(res.text).not.toContain(hidden);
    expect(res.text).not.toContain(theirs);
  });
});
