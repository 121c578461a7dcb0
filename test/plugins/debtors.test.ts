import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreClaim, tierOf } from "../../plugins/core/confidence.js";
import { buildDebtorGraph, GRAPH_SOURCES, type DebtorRecord } from "../../plugins/debtors/graph.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let org: SeededOrg;
let api: Client;
let matterId: string;

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const BTC = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const SOL = "So11111111111111111111111111111111111111112";

beforeAll(async () => {
  app = await startTestApp();
  org = await new Seed(app).org({ features: ["live_access"] });
  api = org.admin;
  matterId = await newMatter();
});
afterAll(() => app.dispose());

async function newMatter(client: Client = api): Promise<string> {
  const res = await client.post("/v1/matters", { name: "Acme v. Doe" });
  expect(res.status, res.text).toBe(201);
  return res.body.matter_id;
}

const body = (extra: Record<string, unknown> = {}) => ({
  matter_id: matterId,
  type: "individual",
  legal_name: "Jane Doe",
  ...extra,
});

async function createDebtor(extra: Record<string, unknown> = {}, client: Client = api) {
  const res = await client.post("/v1/debtors", body(extra));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const debtorCount = () => app.db.root.debtor.count();
const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

describe("creating debtors over REST", () => {
  it("creates a debtor and answers 201 with the whole Debtor, audited under its matter", async () => {
    const res = await api.post(
      "/v1/debtors",
      body({
        aliases: ["J. Doe", "Janie"],
        identifiers: {
          dob: "1980-02-29",
          tax_id_last4: "1234",
          emails: ["jane@example.com"],
          ibans: ["GB82 WEST 1234 5698 7654 32"],
        },
        wallets: [EVM, BTC, TRON, SOL],
        linked_entities: [
          {
            name: "Doe Holdings Ltd",
            relationship: "shareholder",
            source_refs: [{ source_id: "reg-1", source_type: "commercial_data" }],
          },
        ],
        source_refs: [{ source_id: "doc-1", source_type: "certified_judgment", title: "Judgment" }],
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      debtor_id: expect.stringMatching(/^dbt_[0-9a-z]{26}$/),
      matter_id: matterId,
      type: "individual",
      legal_name: "Jane Doe",
      aliases: ["J. Doe", "Janie"],
      identifiers: {
        dob: "1980-02-29",
        tax_id_last4: "1234",
        emails: ["jane@example.com"],
        ibans: ["GB82 WEST 1234 5698 7654 32"],
      },
      wallets: [EVM, BTC, TRON, SOL],
      linked_entities: [
        {
          name: "Doe Holdings Ltd",
          relationship: "shareholder",
          source_refs: [
            {
              source_id: "reg-1",
              source_type: "commercial_data",
              title: null,
              uri: null,
              hash: null,
              chain_of_custody_id: null,
              admissibility_notes: null,
            },
          ],
        },
      ],
      review_state: {
        review_required: false,
        review_status: "not_required",
        review_owner: null,
        review_notes: null,
      },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: res.body.created_at,
      audit_ref: expect.stringMatching(/^req_/),
    });
    const [event] = await auditOf(res);
    expect(event).toMatchObject({
      eventType: "debtor.created",
      objectId: res.body.debtor_id,
      matterId,
    });
    expect((event!.details as any).source_refs).toEqual([
      { source_id: "doc-1", source_type: "certified_judgment", title: "Judgment" },
    ]);
    expect((await api.get(`/v1/debtors/${res.body.debtor_id}`)).body.legal_name).toBe("Jane Doe");
  });

  it.each(["matter_id", "type", "legal_name"])(
    "refuses a body without %s (400 parameter_missing)",
    async (field) => {
      const payload: Record<string, unknown> = body();
      delete payload[field];
      const res = await api.post("/v1/debtors", payload);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "parameter_missing", param: field });
    },
  );

  it.each<[Record<string, unknown>, string]>([
    [{ type: "pirate" }, "type"],
    [{ legal_name: 42 }, "legal_name"],
    [{ legal_name: "   " }, "legal_name"],
    [{ matter_id: ["mat"] }, "matter_id"],
    [{ aliases: "J. Doe" }, "aliases"],
    [{ aliases: ["ok", 7] }, "aliases[1]"],
    [{ aliases: ["ok", ""] }, "aliases[1]"],
    [{ identifiers: ["dob"] }, "identifiers"],
    [{ identifiers: { dob: "1981-02-29" } }, "identifiers.dob"],
    [{ identifiers: { tax_id_last4: "12345" } }, "identifiers.tax_id_last4"],
    [{ identifiers: { emails: ["a@b.co", "nope"] } }, "identifiers.emails[1]"],
    [{ identifiers: { phones: "+1 555 0100" } }, "identifiers.phones"],
    [{ identifiers: { dob: "1980-13-45" } }, "identifiers.dob"],
    [{ identifiers: { dob: "2999-01-01" } }, "identifiers.dob"],
    [{ identifiers: { dob: null } }, "identifiers.dob"],
    [{ identifiers: { ssn_last4: "12a4" } }, "identifiers.ssn_last4"],
    [{ identifiers: { ein: "12-345" } }, "identifiers.ein"],
    [{ identifiers: { lei: "5493001KJTIIGC8Y1R13" } }, "identifiers.lei"],
    [{ identifiers: { ibans: ["GB82WEST12345698765433"] } }, "identifiers.ibans[0]"],
    [{ identifiers: { vins: ["1HGCM82633A00435O"] } }, "identifiers.vins[0]"],
    [{ identifiers: { passport_number: "A 123" } }, "identifiers.passport_number"],
    [{ identifiers: { addresses: [{ line1: "1 High St" }] } }, "identifiers.addresses[0]"],
    [{ identifiers: { tax_id: " " } }, "identifiers.tax_id"],
    [{ wallets: EVM }, "wallets"],
    [{ wallets: [EVM, 12] }, "wallets[1]"],
    [{ linked_entities: [{ relationship: "director" }] }, "linked_entities[0].name"],
    [{ linked_entities: [{ name: " " }] }, "linked_entities[0].name"],
  ])(
    "refuses a wrongly typed body %j (400 parameter_invalid or missing, naming the field)",
    async (extra, param) => {
      const before = await debtorCount();
      const res = await api.post("/v1/debtors", body(extra));
      expect(res.status).toBe(400);
      expect(errorOf(res).code).toMatch(/^parameter_(invalid|missing)$/);
      expect(errorOf(res).param).toBe(param);
      expect(await debtorCount()).toBe(before);
    },
  );

  it("refuses unknown fields, top-level and nested (400 unknown_parameter)", async () => {
    expect(errorOf(await api.post("/v1/debtors", body({ color: "red" })))).toMatchObject({
      code: "unknown_parameter",
      param: "color",
    });
    expect(
      errorOf(await api.post("/v1/debtors", body({ review_state: { review_required: true } }))),
    ).toMatchObject({ code: "unknown_parameter", param: "review_state" });
    const nested = await api.post(
      "/v1/debtors",
      body({ linked_entities: [{ name: "X", share: 10 }] }),
    );
    expect(errorOf(nested)).toMatchObject({
      code: "unknown_parameter",
      param: "linked_entities[0].share",
    });
  });

  it.each([
    ["an EIP-55 checksum with one case flipped", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"],
    [
      "a bech32m checksum with one character changed",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1",
    ],
    ["a Tron checksum with one character changed", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"],
    ["a too-short hex address", "0x1234"],
    ["text that is no address", "not_a_wallet"],
  ])("refuses %s as wallets[1], writing nothing", async (_what, bad) => {
    const before = await debtorCount();
    const res = await api.post("/v1/debtors", body({ wallets: [EVM, bad] }));
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "wallets[1]",
    });
    expect(await debtorCount()).toBe(before);
  });

  it("answers 404 resource_missing naming matter_id for a matter that does not exist", async () => {
    const res = await api.post(
      "/v1/debtors",
      body({ matter_id: "mat_01h00000000000000000000000" }),
    );
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: "resource_missing", param: "matter_id" });
  });

  it("replays an idempotent create without writing twice", async () => {
    const before = await debtorCount();
    const headers = { "Idempotency-Key": `dbt-${Date.now()}` };
    const first = await api.post("/v1/debtors", body({ legal_name: "Replay Person" }), { headers });
    const again = await api.post("/v1/debtors", body({ legal_name: "Replay Person" }), { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await debtorCount()).toBe(before + 1);
  });
});

describe("reading, listing and updating debtors over REST", () => {
  it("lists newest first with matter_id, type and created_after/before filters", async () => {
    const fresh = await new Seed(app).org();
    const m1 = await newMatter(fresh.admin);
    const m2 = await newMatter(fresh.admin);
    const post = async (matter: string, type: string) =>
      (await fresh.admin.post("/v1/debtors", { matter_id: matter, type, legal_name: "X" })).body;
    const a = await post(m1, "individual");
    const b = await post(m2, "company");
    const c = await post(m1, "company");
    const ids = async (q: string) =>
      (await fresh.admin.get(`/v1/debtors${q}`)).body.items.map((d: any) => d.debtor_id);
    expect(await ids("")).toEqual([c.debtor_id, b.debtor_id, a.debtor_id]);
    expect(await ids(`?matter_id=${m1}`)).toEqual([c.debtor_id, a.debtor_id]);
    expect(await ids("?type=company")).toEqual([c.debtor_id, b.debtor_id]);
    expect(
      await ids(
        `?created_after=${encodeURIComponent(a.created_at)}&created_before=${encodeURIComponent(c.created_at)}`,
      ),
    ).toEqual(b.created_at > a.created_at && b.created_at < c.created_at ? [b.debtor_id] : []);
    const page = await fresh.admin.get("/v1/debtors?limit=2");
    expect(page.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect(
      (await fresh.admin.get(`/v1/debtors?limit=2&cursor=${page.body.next_cursor}`)).body.items.map(
        (d: any) => d.debtor_id,
      ),
    ).toEqual([a.debtor_id]);
    expect(errorOf(await fresh.admin.get("/v1/debtors?type=pirate"))).toMatchObject({
      code: "parameter_invalid",
      param: "type",
    });
    expect(errorOf(await fresh.admin.get("/v1/debtors?color=red"))).toMatchObject({
      code: "unknown_parameter",
      param: "color",
    });
  });

  it("patches names, lists and identifiers, merges review_state and refuses nulls and unknown fields", async () => {
    const d = await createDebtor({ aliases: ["A"], wallets: [EVM] });
    const res = await api.patch(`/v1/debtors/${d.debtor_id}`, {
      legal_name: "Jane Q. Doe",
      aliases: ["B", "C"],
      identifiers: { registration_number: "12345678" },
      wallets: [SOL],
      linked_entities: [{ name: "Q Corp", relationship: "director" }],
      review_state: { review_required: true, review_owner: "counsel@example.com" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      legal_name: "Jane Q. Doe",
      aliases: ["B", "C"],
      identifiers: { registration_number: "12345678" },
      wallets: [SOL],
      linked_entities: [{ name: "Q Corp", relationship: "director", source_refs: [] }],
      review_state: {
        review_required: true,
        review_status: "not_required",
        review_owner: "counsel@example.com",
      },
    });
    expect(res.body.updated_at >= d.updated_at).toBe(true);
    const note = await api.patch(`/v1/debtors/${d.debtor_id}`, {
      review_state: { review_notes: "checked" },
    });
    expect(note.body.review_state).toMatchObject({
      review_required: true,
      review_owner: "counsel@example.com",
      review_notes: "checked",
    });
    expect(
      errorOf(await api.patch(`/v1/debtors/${d.debtor_id}`, { legal_name: null })),
    ).toMatchObject({ code: "parameter_invalid", param: "legal_name" });
    expect(
      errorOf(await api.patch(`/v1/debtors/${d.debtor_id}`, { type: "company" })),
    ).toMatchObject({ code: "unknown_parameter", param: "type" });
    expect(
      errorOf(await api.patch(`/v1/debtors/${d.debtor_id}`, { wallets: ["0xnope"] })),
    ).toMatchObject({ code: "parameter_invalid", param: "wallets[0]" });
    expect(
      (await api.patch("/v1/debtors/dbt_01h00000000000000000000000", { legal_name: "X" })).status,
    ).toBe(404);
  });

  it("checks scopes before anything else (403 insufficient_scope)", async () => {
    const reader = await org.key({ scopes: ["debtors:read"] });
    const writer = await org.key({ scopes: ["debtors:write", "debtors:read"] });
    const d = await createDebtor();
    expect((await reader.get(`/v1/debtors/${d.debtor_id}`)).status).toBe(200);
    expect(errorOf(await reader.post("/v1/debtors", { bogus: true }))).toMatchObject({
      code: "insufficient_scope",
    });
    expect(errorOf(await writer.post(`/v1/debtors/${d.debtor_id}/graph`, {}))).toMatchObject({
      code: "insufficient_scope",
    });
    expect(
      errorOf(await writer.post(`/v1/debtors/${d.debtor_id}/asset-hypotheses`, {})),
    ).toMatchObject({ code: "insufficient_scope" });
  });
});

describe("tenant, environment and matter isolation", () => {
  it("hides a debtor from another organization, the live environment and a key limited to other matters (404)", async () => {
    const d = await createDebtor();
    const otherMatter = await newMatter();
    const other = (await new Seed(app).org()).admin;
    const live = await org.key({ environment: "live" });
    const limited = await org.key({ scopes: ["*"], matter_ids: [otherMatter] });
    for (const client of [other, live, limited]) {
      for (const res of [
        await client.get(`/v1/debtors/${d.debtor_id}`),
        await client.patch(`/v1/debtors/${d.debtor_id}`, { legal_name: "Stolen" }),
        await client.post(`/v1/debtors/${d.debtor_id}/graph`, {}),
        await client.post(`/v1/debtors/${d.debtor_id}/asset-hypotheses`, {}),
      ]) {
        expect(res.status, res.text).toBe(404);
        expect(errorOf(res).code).toBe("resource_missing");
      }
      const created = await client.post("/v1/debtors", body());
      expect(created.status).toBe(404);
      expect(errorOf(created)).toMatchObject({ code: "resource_missing", param: "matter_id" });
      const listed = (await client.get("/v1/debtors?limit=100")).body.items.map(
        (x: any) => x.debtor_id,
      );
      expect(listed).not.toContain(d.debtor_id);
    }
    expect((await api.get(`/v1/debtors/${d.debtor_id}`)).body.legal_name).toBe("Jane Doe");
  });

  it("lets a matter-limited key work inside its matter and lists only that matter's debtors", async () => {
    const mine = await newMatter();
    const limited = await org.key({ scopes: ["*"], matter_ids: [mine] });
    // The limited key writes while the newest audit event is in its own matter: src/write.ts finds
    // the chain head through the matter-scoped client, so after another matter's event its write
    // would 500 (a platform bug reported separately, not debtor behaviour).
    const inside = await limited.post("/v1/debtors", body({ matter_id: mine }));
    expect(inside.status, inside.text).toBe(201);
    expect((await limited.post(`/v1/debtors/${inside.body.debtor_id}/graph`, {})).status).toBe(200);
    await createDebtor();
    const listed = (await limited.get("/v1/debtors?limit=100")).body.items;
    expect(listed.map((x: any) => x.matter_id)).toEqual([mine]);
  });
});

describe("writes under a closed matter", () => {
  it("refuses every debtor write with 409 matter_closed and still serves reads", async () => {
    const matter = await newMatter();
    const d = await createDebtor({ matter_id: matter, wallets: [EVM] });
    const closed = await api.post(`/v1/matters/${matter}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    for (const res of [
      await api.post("/v1/debtors", body({ matter_id: matter })),
      await api.patch(`/v1/debtors/${d.debtor_id}`, { legal_name: "Later" }),
      await api.post(`/v1/debtors/${d.debtor_id}/graph`, {}),
      await api.post(`/v1/debtors/${d.debtor_id}/asset-hypotheses`, {}),
    ]) {
      expect(res.status, res.text).toBe(409);
      expect(errorOf(res)).toMatchObject({ type: "conflict_error", code: "matter_closed" });
      expect(await auditOf(res)).toEqual([]);
    }
    expect((await api.get(`/v1/debtors/${d.debtor_id}`)).status).toBe(200);
    // Validation comes before the matter's state (CONTRACT.md §2 order).
    expect(
      (await api.post("/v1/debtors", body({ matter_id: matter, wallets: ["bad"] }))).status,
    ).toBe(400);
  });
});

describe("debtor identifiers", () => {
  const IMPOSSIBLE = { dob: "1980-13-45" };

  it("refuses an impossible date of birth on create and update over REST, writing nothing", async () => {
    const before = await debtorCount();
    const created = await api.post("/v1/debtors", body({ identifiers: IMPOSSIBLE }));
    expect(created.status, created.text).toBe(400);
    expect(errorOf(created)).toMatchObject({ code: "parameter_invalid", param: "identifiers.dob" });
    expect(await auditOf(created)).toEqual([]);
    const d = await createDebtor({ identifiers: { dob: "1980-02-29" } });
    const patched = await api.patch(`/v1/debtors/${d.debtor_id}`, { identifiers: IMPOSSIBLE });
    expect(patched.status, patched.text).toBe(400);
    expect(errorOf(patched)).toMatchObject({ code: "parameter_invalid", param: "identifiers.dob" });
    expect((await api.get(`/v1/debtors/${d.debtor_id}`)).body.identifiers).toEqual({
      dob: "1980-02-29",
    });
    expect(await debtorCount()).toBe(before + 1);
  });

  it("refuses an impossible date of birth in createDebtor and updateDebtor, inline or as a variable", async () => {
    const before = await debtorCount();
    const inline = await api.graphql(
      `mutation($m: ID!) { createDebtor(input: { matterId: $m, type: individual, legalName: "X", identifiers: { dob: "1980-13-45" } }) { id } }`,
      { m: matterId },
    );
    const variable = await api.graphql(
      `mutation($input: CreateDebtorInput!) { createDebtor(input: $input) { id } }`,
      { input: { matterId, type: "individual", legalName: "X", identifiers: IMPOSSIBLE } },
    );
    const d = await createDebtor();
    const update = await api.graphql(
      `mutation($id: ID!, $input: UpdateDebtorInput!) { updateDebtor(id: $id, input: $input) { id } }`,
      { id: d.debtor_id, input: { identifiers: IMPOSSIBLE } },
    );
    for (const res of [inline, variable, update]) {
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors?.[0]?.extensions?.code, res.text).toBe("parameter_invalid");
      expect(res.body.data?.createDebtor ?? res.body.data?.updateDebtor ?? null).toBeNull();
    }
    expect(await debtorCount()).toBe(before + 1);
    expect((await api.get(`/v1/debtors/${d.debtor_id}`)).body.identifiers).toEqual({});
  });

  it("accepts only the documented keys, stored and returned in snake_case", async () => {
    const before = await debtorCount();
    for (const identifiers of [{ additionalProp1: {} }, { iban: "GB82WEST12345698765432" }]) {
      const res = await api.post("/v1/debtors", body({ identifiers }));
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: "unknown_parameter",
        param: `identifiers.${Object.keys(identifiers)[0]}`,
      });
      expect(errorOf(res).details.accepted).toContain("ssn_last4");
    }
    expect(await debtorCount()).toBe(before);
    const all = {
      dob: "1975-07-04",
      ssn_last4: "6789",
      tax_id_last4: "1234",
      tax_id: "DE123456789",
      ein: "12-3456789",
      national_id: "X1234567",
      passport_number: "C01X00T47",
      registration_number: "01234567",
      lei: "5493001KJTIIGC8Y1R12",
      emails: ["jane@example.com"],
      phones: ["+44 20 7946 0000"],
      addresses: ["1 High St, London"],
      ibans: ["DE89370400440532013000"],
      bank_accounts: ["Chase 021000021 / 000123456789"],
      exchange_accounts: ["Binance: user 12345678"],
      brokerage_accounts: ["IBKR U1234567"],
      parcel_numbers: ["APN 5432-010-012"],
      vins: ["1HGCM82633A004352"],
      license_plates: ["7ABC123 (CA)"],
      receivables: ["Invoice 42, Acme Ltd"],
    };
    expect((await createDebtor({ identifiers: all })).identifiers).toEqual(all);
    const gql = await api.graphql(
      `mutation($m: ID!) { createDebtor(input: { matterId: $m, type: individual, legalName: "G", identifiers: { taxIdLast4: "4321", exchangeAccounts: ["Kraken: jd"] } }) { identifiers } }`,
      { m: matterId },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.createDebtor.identifiers).toEqual({
      tax_id_last4: "4321",
      exchange_accounts: ["Kraken: jd"],
    });
    const junk = await api.graphql(
      `mutation($m: ID!) { createDebtor(input: { matterId: $m, type: individual, legalName: "G", identifiers: { nestedKey: 1 } }) { id } }`,
      { m: matterId },
    );
    expect(junk.body.errors[0].extensions.code).toBe("parameter_invalid");
  });
});

describe("debtor graphs", () => {
  const rich = {
    aliases: ["J. Doe", "J. Doe"],
    identifiers: { tax_id_last4: "1234", emails: ["jane@example.com", "jd@example.org"] },
    wallets: [EVM, TRON],
    linked_entities: [
      {
        name: "Doe Holdings Ltd",
        relationship: "director",
        source_refs: [{ source_id: "cf-1", source_type: "court_finding" }],
      },
    ],
  };

  it("builds nodes, edges and one claim per edge, with unsupported claims at 0.45 and review required", async () => {
    const d = await createDebtor(rich);
    const res = await api.post(`/v1/debtors/${d.debtor_id}/graph`, {});
    expect(res.status, res.text).toBe(200);
    const g = res.body;
    expect(g).toMatchObject({
      graph_id: expect.stringMatching(/^dgr_/),
      debtor_id: d.debtor_id,
      matter_id: matterId,
    });
    expect(g.nodes.map((n: any) => [n.kind, n.label])).toEqual([
      ["debtor", "Jane Doe"],
      ["alias", "J. Doe"],
      ["identifier", "emails: jane@example.com"],
      ["identifier", "emails: jd@example.org"],
      ["identifier", "tax_id_last4: 1234"],
      ["wallet", EVM],
      ["wallet", TRON],
      ["linked_entity", "Doe Holdings Ltd"],
    ]);
    expect(g.nodes[0].node_id).toBe(d.debtor_id);
    expect(g.nodes.filter((n: any) => n.kind === "wallet").map((n: any) => n.network)).toEqual([
      "evm",
      "tron",
    ]);
    expect(g.edges.map((e: any) => e.relation)).toEqual([
      "alias_of",
      "identified_by",
      "identified_by",
      "identified_by",
      "controls_wallet",
      "controls_wallet",
      "linked_to",
    ]);
    expect(g.edges[0]).toMatchObject({ source: g.nodes[1].node_id, target: d.debtor_id });
    expect(g.edges.at(-1)).toMatchObject({ source: d.debtor_id, relationship: "director" });
    expect(g.claims.map((c: any) => c.claim_id)).toEqual(g.edges.map((e: any) => e.claim_id));
    const linked = g.claims.at(-1);
    expect(linked).toMatchObject({
      matter_id: matterId,
      subject: d.debtor_id,
      predicate: "linked_to",
      object: "Doe Holdings Ltd",
      source_type: "court_finding",
      confidence: 0.95,
    });
    for (const c of g.claims.slice(0, -1))
      expect(c).toMatchObject({ source_type: "self_reported", source_refs: [], confidence: 0.45 });
    expect(g.review_state).toMatchObject({ review_required: true, review_status: "pending" });
  });

  it("scores by the supplied evidence: tier 1 for all claims, on-chain only for wallets", async () => {
    const d = await createDebtor(rich);
    const vasp = await api.post(`/v1/debtors/${d.debtor_id}/graph`, {
      source_refs: [{ source_id: "v-1", source_type: "vasp_response" }],
    });
    expect(vasp.body.claims.every((c: any) => c.confidence >= 0.95)).toBe(true);
    expect(vasp.body.review_state).toMatchObject({
      review_required: false,
      review_status: "not_required",
    });
    const chain = await api.post(`/v1/debtors/${d.debtor_id}/graph`, {
      source_refs: [{ source_id: "tx-1", source_type: "on_chain" }],
    });
    const byRelation = (rel: string) =>
      chain.body.claims.filter((c: any) => c.predicate === rel).map((c: any) => c.confidence);
    expect(byRelation("controls_wallet")).toEqual([0.8, 0.8]);
    expect(byRelation("identified_by")).toEqual([0.45, 0.45, 0.45]);
    expect(chain.body.review_state.review_required).toBe(true);
  });

  it("is deterministic for the same inputs and stores a new graph each call", async () => {
    const d = await createDebtor(rich);
    const input = {
      include_sources: ["wallets", "aliases"],
      source_refs: [{ source_id: "l-1", source_type: "commercial_label" }],
    };
    const a = (await api.post(`/v1/debtors/${d.debtor_id}/graph`, input)).body;
    const b = (await api.post(`/v1/debtors/${d.debtor_id}/graph`, input)).body;
    const { graph_id: ga, created_at: ca, audit_ref: ra, ...restA } = a;
    const { graph_id: gb, created_at: cb, audit_ref: rb, ...restB } = b;
    expect(restA).toEqual(restB);
    expect(ga).not.toBe(gb);
    expect(a.nodes.map((n: any) => n.kind)).toEqual(["debtor", "alias", "wallet", "wallet"]);
    expect(await app.db.root.debtorGraph.count({ where: { debtorId: d.debtor_id } })).toBe(2);
    const [event] = await app.db.root.auditEvent.findMany({ where: { requestId: b.audit_ref } });
    expect(event).toMatchObject({ eventType: "debtor_graph.built", objectId: gb, matterId });
  });

  it("validates include_sources and source_refs", async () => {
    const d = await createDebtor();
    const url = `/v1/debtors/${d.debtor_id}/graph`;
    expect(errorOf(await api.post(url, { include_sources: ["wallets", "dreams"] }))).toMatchObject({
      code: "parameter_invalid",
      param: "include_sources[1]",
    });
    expect(errorOf(await api.post(url, { include_sources: [] }))).toMatchObject({
      code: "parameter_invalid",
      param: "include_sources",
    });
    expect(errorOf(await api.post(url, { source_refs: [{ kind: "x" }] }))).toMatchObject({
      code: "unknown_parameter",
      param: "source_refs[0].kind",
    });
    expect((await api.post("/v1/debtors/dbt_01h00000000000000000000000/graph", {})).status).toBe(
      404,
    );
  });
});

describe("asset hypotheses", () => {
  const holdings = {
    type: "company",
    identifiers: {
      ibans: ["GB82WEST12345698765432"],
      registration_number: "01234567",
      addresses: ["1 High St, London"],
    },
    wallets: [EVM, BTC],
    linked_entities: [{ name: "Doe Family Trust", relationship: "beneficiary" }],
  };

  it("derives hypotheses only from held evidence, most confident first, with stable ids", async () => {
    const d = await createDebtor(holdings);
    const res = await api.post(`/v1/debtors/${d.debtor_id}/asset-hypotheses`, {});
    expect(res.status, res.text).toBe(200);
    const items = res.body.items;
    expect(items.map((h: any) => [h.asset_type, h.confidence])).toEqual([
      ["bank_account", 0.45],
      ["business_interest", 0.45],
      ["crypto", 0.45],
      ["real_property", 0.35],
    ]);
    const crypto = items.find((h: any) => h.asset_type === "crypto");
    expect(crypto).toMatchObject({
      hypothesis_id: expect.stringMatching(/^ahy_[0-9a-z]{26}$/),
      description: expect.stringContaining("wallet"),
    });
    expect(crypto.source_refs).toEqual([`${d.debtor_id}#/wallets/0`, `${d.debtor_id}#/wallets/1`]);
    const again = await api.post(`/v1/debtors/${d.debtor_id}/asset-hypotheses`, {});
    expect(again.body.items).toEqual(items);
    const [event] = await auditOf(res);
    expect(event).toMatchObject({
      eventType: "debtor.asset_hypotheses_proposed",
      objectId: d.debtor_id,
      matterId,
    });
  });

  it("takes confidence from the latest graph's claims and filters by min_confidence and asset_classes", async () => {
    const d = await createDebtor(holdings);
    await api.post(`/v1/debtors/${d.debtor_id}/graph`, {
      source_refs: [{ source_id: "chain-7", source_type: "on_chain" }],
    });
    const url = `/v1/debtors/${d.debtor_id}/asset-hypotheses`;
    const all = (await api.post(url, {})).body.items;
    expect(all[0]).toMatchObject({ asset_type: "crypto", confidence: 0.8 });
    expect(all[0].source_refs).toContain("chain-7");
    expect(
      (await api.post(url, { min_confidence: 0.5 })).body.items.map((h: any) => h.asset_type),
    ).toEqual(["crypto"]);
    expect((await api.post(url, { min_confidence: 1 })).body.items).toEqual([]);
    expect((await api.post(url, { min_confidence: 0 })).body.items).toHaveLength(4);
    expect(
      (await api.post(url, { asset_classes: ["vehicle", "real_property"] })).body.items.map(
        (h: any) => h.asset_type,
      ),
    ).toEqual(["real_property"]);
    expect((await api.post(url, { asset_classes: ["vehicle"] })).body.items).toEqual([]);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ min_confidence: 1.5 }, "parameter_invalid", "min_confidence"],
    [{ min_confidence: -0.1 }, "parameter_invalid", "min_confidence"],
    [{ min_confidence: "0.5" }, "parameter_invalid", "min_confidence"],
    [{ asset_classes: ["crypto", "art"] }, "parameter_invalid", "asset_classes[1]"],
    [{ asset_classes: [] }, "parameter_invalid", "asset_classes"],
    [{ max: 3 }, "unknown_parameter", "max"],
  ])("refuses %j (400 %s naming %s)", async (payload, code, param) => {
    const d = await createDebtor();
    const res = await api.post(`/v1/debtors/${d.debtor_id}/asset-hypotheses`, payload);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, param });
  });
});

describe("debtors over GraphQL", () => {
  it("creates, updates, graphs and reads a debtor with the same rules", async () => {
    const created = await api.graphql(
      `mutation($input: CreateDebtorInput!) { createDebtor(input: $input) { id debtorId type legalName wallets reviewState { reviewRequired } } }`,
      { input: { matterId, type: "company", legalName: "Acme Shell Co", wallets: [TRON] } },
    );
    expect(created.body.errors).toBeUndefined();
    const d = created.body.data.createDebtor;
    expect(d).toMatchObject({
      type: "company",
      legalName: "Acme Shell Co",
      wallets: [TRON],
      reviewState: { reviewRequired: false },
    });
    expect(d.id).toBe(d.debtorId);
    const updated = await api.graphql(
      `mutation($id: ID!) { updateDebtor(id: $id, input: { aliases: ["ASC"] }) { aliases } }`,
      { id: d.id },
    );
    expect(updated.body.data.updateDebtor.aliases).toEqual(["ASC"]);
    const graph = await api.graphql(
      `mutation($id: ID!) { buildDebtorGraph(id: $id, input: { includeSources: [aliases, wallets] }) { graphId nodes { kind network } claims { predicate confidence } reviewState { reviewRequired } } }`,
      { id: d.id },
    );
    expect(graph.body.data.buildDebtorGraph).toMatchObject({
      nodes: [{ kind: "debtor" }, { kind: "alias" }, { kind: "wallet", network: "tron" }],
      claims: [
        { predicate: "alias_of", confidence: 0.45 },
        { predicate: "controls_wallet", confidence: 0.45 },
      ],
      reviewState: { reviewRequired: true },
    });
    const hyp = await api.graphql(
      `mutation($id: ID!) { proposeAssetHypotheses(id: $id, input: { minConfidence: 0.4 }) { items { assetType confidence } } }`,
      { id: d.id },
    );
    expect(hyp.body.data.proposeAssetHypotheses.items).toEqual([
      { assetType: "crypto", confidence: 0.45 },
    ]);
    const graphId = graph.body.data.buildDebtorGraph.graphId;
    const read = await api.graphql(
      `query($id: ID!, $g: ID!, $m: ID!) {
        debtor(id: $id) { legalName }
        debtors(matterId: $m, type: company, first: 100) { edges { node { debtorId } } }
        node(id: $g) { __typename ... on DebtorGraph { debtorId } }
        dbt: node(id: $id) { __typename }
        matter(id: $m) { debtors(type: company) { edges { node { debtorId } } } }
      }`,
      { id: d.id, g: graphId, m: matterId },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.debtor.legalName).toBe("Acme Shell Co");
    expect(read.body.data.debtors.edges.map((e: any) => e.node.debtorId)).toContain(d.id);
    expect(read.body.data.node).toEqual({ __typename: "DebtorGraph", debtorId: d.id });
    expect(read.body.data.dbt).toEqual({ __typename: "Debtor" });
    expect(read.body.data.matter.debtors.edges.map((e: any) => e.node.debtorId)).toContain(d.id);
  });

  it("reports a bad wallet, a closed matter and another tenant's debtor with the REST codes", async () => {
    const bad = await api.graphql(
      `mutation($input: CreateDebtorInput!) { createDebtor(input: $input) { id } }`,
      {
        input: {
          matterId,
          type: "individual",
          legalName: "X",
          wallets: [EVM, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"],
        },
      },
    );
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.wallets[1]",
    });
    const matter = await newMatter();
    await api.post(`/v1/matters/${matter}/close`, { reason: "settled" });
    const closed = await api.graphql(
      `mutation($input: CreateDebtorInput!) { createDebtor(input: $input) { id } }`,
      {
        input: { matterId: matter, type: "individual", legalName: "X" },
      },
    );
    expect(closed.body.errors[0].extensions).toMatchObject({ code: "matter_closed" });
    const d = await createDebtor();
    const other = (await new Seed(app).org()).admin;
    const res = await other.graphql(
      `query($id: ID!) { node(id: $id) { id } debtor(id: $id) { id } }`,
      { id: d.debtor_id },
    );
    expect(res.body.data?.node ?? null).toBeNull();
    expect(res.body.errors.map((e: any) => e.extensions.code)).toContain("resource_missing");
  });
});

describe("confidence and graph functions", () => {
  const ref = (sourceType: string, sourceId?: string) => ({
    sourceType,
    ...(sourceId ? { sourceId } : {}),
  });

  it("maps source types to the CONTRACT.md §13 tiers", () => {
    expect(["court_finding", "vasp_response", "legal_process_return"].map(tierOf)).toEqual([
      "tier_1",
      "tier_1",
      "tier_1",
    ]);
    expect([
      tierOf("on_chain"),
      tierOf("commercial_label"),
      tierOf("osint"),
      tierOf("ip_signal"),
      tierOf("mystery"),
    ]).toEqual(["tier_2", "tier_3", "tier_4", "tier_5", "tier_4"]);
  });

  it("combines independent sources by noisy-OR, ignores repeats and keeps network-only claims weak", () => {
    expect(scoreClaim([])).toEqual({ confidence: 0.45, sourceType: "self_reported" });
    expect(scoreClaim([ref("vasp_response")])).toEqual({
      confidence: 0.95,
      sourceType: "vasp_response",
    });
    expect(scoreClaim([ref("commercial_label", "a"), ref("on_chain", "b")])).toEqual({
      confidence: 0.93,
      sourceType: "on_chain",
    });
    expect(
      scoreClaim([ref("commercial_label", "a"), ref("commercial_label", "a")]).confidence,
    ).toBe(0.65);
    expect(
      scoreClaim([ref("ip_signal", "1"), ref("ip_signal", "2"), ref("network_signal", "3")])
        .confidence,
    ).toBeLessThan(0.5);
  });

  it("never lowers a score when a source is added (property)", () => {
    const types = [
      "court_finding",
      "on_chain",
      "commercial_label",
      "osint",
      "ip_signal",
      "unknown_kind",
    ];
    const refsArb = fc.array(
      fc.record({
        sourceType: fc.constantFrom(...types),
        sourceId: fc.string({ minLength: 1, maxLength: 4 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(
        refsArb,
        fc.record({
          sourceType: fc.constantFrom(...types),
          sourceId: fc.string({ minLength: 1, maxLength: 4 }),
        }),
        (refs, extra) => {
          const before = scoreClaim(refs).confidence;
          const after = scoreClaim([...refs, extra]).confidence;
          expect(after).toBeGreaterThanOrEqual(before);
          expect(after).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("builds the same graph from the same record and inputs (property)", () => {
    const record: DebtorRecord = {
      id: "dbt_01h00000000000000000000000",
      matterId: "mat_01h00000000000000000000000",
      legalName: "Jane Doe",
      aliases: ["JD"],
      identifiers: { phones: ["+1 555 0100"], dob: "1980-01-01" },
      wallets: [EVM],
      linkedEntities: [{ name: "Co", relationship: "owner" }],
    };
    fc.assert(
      fc.property(
        fc.subarray([...GRAPH_SOURCES], { minLength: 1 }),
        fc.array(fc.constantFrom("vasp_response", "on_chain", "osint"), { maxLength: 3 }),
        (include, types) => {
          const refs = types.map((t, i) => ref(t, `s${i}`));
          const a = buildDebtorGraph(record, new Set(include), refs);
          const b = buildDebtorGraph(
            structuredClone(record),
            new Set([...include].reverse()),
            refs,
          );
          expect(b).toEqual(a);
          expect(a.claims).toHaveLength(a.edges.length);
          expect(a.reviewState.reviewRequired).toBe(a.claims.some((c) => c.confidence < 0.75));
        },
      ),
      { numRuns: 50 },
    );
  });
});
