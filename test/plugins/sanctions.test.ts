import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.js";
import { enforceGate } from "../../src/gates.js";
import { matterOf } from "../../plugins/matters/service.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { contextOf } from "../helpers/context.js";
import { type ApiResponse, type Client, errorOf, expectError } from "../helpers/http.js";
import { LISTED_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

/** Another listed address (XBT, HEBEI ATUN TRADING CO., LTD.; ILLICIT-DRUGS-EO14059). */
const LISTED_BTC = "1JPfVv5cWRLx1js9NWxg46dG2CGbeRz4th";
const CLEAN_EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const DELISTED = "0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc"; // Tornado Cash, delisted 2025-03-21
const COUNSEL = "Jordan Counsel, Esq.";

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
});
afterAll(() => app.dispose());

async function screenOf(matterId: string, body: Record<string, unknown>, client = api) {
  const res = await client.post("/v1/sanctions/screen", { matter_id: matterId, ...body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function reviewOf(matterId: string, screenId: string, client = api) {
  const res = await client.post("/v1/sanctions/review-packet", {
    matter_id: matterId,
    screen_id: screenId,
    notes: "Check the exchange's KYC file.",
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const decide = (reviewId: string, decision: string, client = api) =>
  client.post(`/v1/sanctions/${reviewId}/decision`, {
    decision,
    notes: "Compared DOB and passport.",
    counsel_owner: COUNSEL,
  });

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });
const eventsOf = (res: ApiResponse) =>
  app.db.root.event.findMany({ where: { requestId: res.body.audit_ref } });

describe("POST /v1/sanctions/screen", () => {
  it("stores a matching screen with its hits, pauses collection, emits the event and raises alerts", async () => {
    const matterId = await seed.matter(api);
    const res = await api.post("/v1/sanctions/screen", {
      matter_id: matterId,
      wallets: [LISTED_WALLET.toUpperCase().replace("0X", "0x"), CLEAN_EVM],
      entities: ["Miguel Trevino Moralez"],
      counterparties: ["John Smith"],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      screen_id: expect.stringMatching(/^scr_[0-9a-z]{26}$/),
      review_id: null,
      matter_id: matterId,
      status: "match",
      ordinary_collection_paused: true,
      list_issue: { issue_date: "2025-11-19", source: expect.stringContaining("sdn_advanced") },
      counterparties: ["John Smith"],
      audit_ref: expect.stringMatching(/^req_/),
    });
    expect(res.body.required_actions.join(" ")).toContain("31 CFR 501.603/604");
    expect(res.body.matches).toEqual([
      {
        kind: "wallet",
        input: LISTED_WALLET.toUpperCase().replace("0X", "0x"),
        status: "match",
        score: 1,
        matched_value: LISTED_WALLET,
        asset: "ETH",
        sdn_entry: {
          profile_id: 29702,
          name: "Lifshits, Artem Mikhaylovich",
          party_type: "Individual",
          programs: expect.arrayContaining(["CYBER2"]),
          listed_on: "2020-09-10",
          source: "OFAC SDN List, issue of 2025-11-19",
        },
      },
      expect.objectContaining({
        kind: "entity",
        input: "Miguel Trevino Moralez",
        status: "potential_match",
        score: expect.any(Number),
        matched_value: "TREVINO MORALES, Miguel",
        asset: null,
      }),
    ]);
    const stored = await app.db.root.sanctionsScreen.findUniqueOrThrow({
      where: { id: res.body.screen_id },
    });
    expect(stored).toMatchObject({ status: "match", listIssueDate: "2025-11-19" });

    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      eventType: "sanctions.screened",
      objectId: res.body.screen_id,
      matterId,
    });
    const events = await eventsOf(res);
    expect(events.map((e) => e.type).sort()).toEqual([
      "alert.created",
      "alert.created",
      "sanctions.screen_matched",
    ]);
    expect(events.find((e) => e.type === "sanctions.screen_matched")!.data).toMatchObject({
      matter_id: matterId,
      screen_id: res.body.screen_id,
      status: "match",
      match_count: 2,
    });
    const alerts = await app.db.root.alert.findMany({
      where: { matterId },
      orderBy: { id: "asc" },
    });
    expect(alerts.map((a) => [a.type, a.severity, a.status, a.target])).toEqual([
      ["sanctions", "critical", "open", res.body.matches[0].input],
      ["sanctions", "high", "open", "Miguel Trevino Moralez"],
    ]);
    for (const e of events.filter((x) => x.type === "alert.created"))
      expect((e.data as { matter_id: string }).matter_id).toBe(matterId);
  });

  it("raises one alert per matter, type and target however often the target is screened", async () => {
    const matterId = await seed.matter(api);
    const first = await api.post("/v1/sanctions/screen", {
      matter_id: matterId,
      wallets: [LISTED_BTC],
    });
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        api.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [LISTED_BTC] }),
      ),
    );
    for (const r of [first, ...again]) expect(r.status, r.text).toBe(200);
    const alerts = await app.db.root.alert.findMany({ where: { matterId } });
    expect(alerts).toHaveLength(1);
    const created = await app.db.root.event.findMany({ where: { type: "alert.created" } });
    expect(created.filter((e) => (e.data as any).matter_id === matterId)).toHaveLength(1);
    expect((await Promise.all(again.map(eventsOf))).map((es) => es.map((e) => e.type))).toEqual([
      ["sanctions.screen_matched"],
      ["sanctions.screen_matched"],
      ["sanctions.screen_matched"],
    ]);

    // GraphQL Matter.alerts and the dashboard show it.
    const gql = await api.graphql(
      `query ($id: ID!) { matter(id: $id) { alerts(first: 10) { edges { node {
         alertId matterId type severity status target reason createdAt } } } } }`,
      { id: matterId },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.matter.alerts.edges).toEqual([
      {
        node: {
          alertId: alerts[0]!.id,
          matterId,
          type: "sanctions",
          severity: "critical",
          status: "open",
          target: LISTED_BTC,
          reason: expect.stringContaining("HEBEI ATUN TRADING CO., LTD."),
          createdAt: expect.any(String),
        },
      },
    ]);
    const node = await api.graphql(`query ($id: ID!) { node(id: $id) { ... on Alert { type } } }`, {
      id: alerts[0]!.id,
    });
    expect(node.body.data.node).toEqual({ type: "sanctions" });
    const dashboard = await api.get(`/v1/matters/${matterId}/dashboard`);
    expect(dashboard.body.alerts).toBe(1);
  });

  it("answers clear for clean and delisted addresses and common names, without event or alert", async () => {
    const matterId = await seed.matter(api);
    const res = await api.post("/v1/sanctions/screen", {
      matter_id: matterId,
      wallets: [CLEAN_EVM, DELISTED],
      entities: ["Maria Garcia"],
    });
    expect(res.body).toMatchObject({
      status: "clear",
      matches: [],
      ordinary_collection_paused: false,
      required_actions: [],
    });
    expect(await eventsOf(res)).toEqual([]);
    expect(await app.db.root.alert.count({ where: { matterId } })).toBe(0);
    expect((await api.get(`/v1/matters/${matterId}/dashboard`)).body.alerts).toBe(0);
  });

  it("replays an idempotent retry without a second screen, event or alert", async () => {
    const matterId = await seed.matter(api);
    const body = { matter_id: matterId, wallets: [LISTED_WALLET] };
    const headers = { headers: { "Idempotency-Key": `screen-${matterId}` } };
    const first = await api.post("/v1/sanctions/screen", body, headers);
    const again = await api.post("/v1/sanctions/screen", body, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await app.db.root.sanctionsScreen.count({ where: { matterId } })).toBe(1);
    expect(
      await app.db.root.event.count({ where: { type: "sanctions.screen_matched", matterId } }),
    ).toBe(1);
  });

  it("refuses missing, mistyped, unknown, empty and out-of-bounds fields naming them", async () => {
    const matterId = await seed.matter(api);
    const post = (body: unknown) => api.post("/v1/sanctions/screen", body);
    expectError(await post({ wallets: [CLEAN_EVM] }), 400, "parameter_missing", "matter_id");
    expectError(await post({ matter_id: matterId }), 400, "parameter_missing", "wallets");
    expectError(
      await post({ matter_id: matterId, wallets: [], entities: [] }),
      400,
      "parameter_missing",
      "wallets",
    );
    expectError(await post({ matter_id: matterId, wallets: CLEAN_EVM }), 400, "parameter_invalid");
    expectError(await post({ matter_id: matterId, entities: [42] }), 400, "parameter_invalid");
    expectError(
      await post({ matter_id: matterId, wallets: [CLEAN_EVM], chain: "eth" }),
      400,
      "unknown_parameter",
    );
    expectError(
      await post({ matter_id: matterId, wallets: [CLEAN_EVM, "0xnot-an-address"] }),
      400,
      "parameter_invalid",
      "wallets[1]",
    );
    expectError(
      await post({ matter_id: matterId, entities: ["Acme", " "] }),
      400,
      "parameter_invalid",
      "entities[1]",
    );
    expectError(
      await post({ matter_id: matterId, wallets: Array(1001).fill(CLEAN_EVM) }),
      400,
      "parameter_invalid",
      "wallets",
    );
    expectError(
      await post({ matter_id: matterId, counterparties: ["x".repeat(10_001)] }),
      400,
      "parameter_invalid",
    );
    expectError(
      await post({ matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4", wallets: [CLEAN_EVM] }),
      404,
      "resource_missing",
      "matter_id",
    );
    expect(await app.db.root.sanctionsScreen.count({ where: { matterId } })).toBe(0);
  });

  it("takes 1,000 wallets in one request", async () => {
    const matterId = await seed.matter(api);
    const body = await screenOf(matterId, {
      wallets: [...Array(999).fill(CLEAN_EVM), LISTED_WALLET],
    });
    expect(body.status).toBe("match");
    expect(body.wallets).toHaveLength(1000);
  });

  it("needs sanctions:screen and refuses writes under a closed matter", async () => {
    const matterId = await seed.matter(api);
    const reader = await org.key({ scopes: ["sanctions:read", "sanctions:write"] });
    const refused = await reader.post("/v1/sanctions/screen", {
      matter_id: matterId,
      wallets: [CLEAN_EVM],
    });
    expectError(refused, 403, "insufficient_scope");
    expect(errorOf(refused).details).toEqual({ required_scope: "sanctions:screen" });
    const closed = await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    expectError(
      await api.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [CLEAN_EVM] }),
      409,
      "matter_closed",
    );
  });
});

describe("sanctions reviews and decisions", () => {
  it("opens a review of a screen with its blocked-property analysis, reads it back and clears it", async () => {
    const matterId = await seed.matter(api);
    const screen = await screenOf(matterId, { wallets: [LISTED_WALLET] });
    const res = await api.post("/v1/sanctions/review-packet", {
      matter_id: matterId,
      screen_id: screen.screen_id,
      notes: "Check the exchange's KYC file.",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      review_id: expect.stringMatching(/^srv_[0-9a-z]{26}$/),
      matter_id: matterId,
      screen_id: screen.screen_id,
      status: "open",
      ofac_report_required: false,
      notes: "Check the exchange's KYC file.",
      decision: null,
      review_state: { review_required: true, review_status: "open" },
    });
    expect(res.body.blocked_property_analysis).toContain(`Wallet ${LISTED_WALLET} is listed (ETH)`);
    expect(res.body.blocked_property_analysis).toContain("31 CFR 501.603");
    expect((await auditOf(res))[0]).toMatchObject({
      eventType: "sanctions_review.opened",
      matterId,
    });
    const read = await api.get(`/v1/sanctions/${res.body.review_id}`);
    expect(read.status).toBe(200);
    expect({ ...read.body, audit_ref: null }).toEqual({ ...res.body, audit_ref: null });
    expect(read.body.screen).toMatchObject({ screen_id: screen.screen_id, status: "match" });
    const screenNow = await api.graphql(
      `query ($id: ID!) { sanctionsScreen(id: $id) { reviewId status } }`,
      { id: screen.screen_id },
    );
    expect(screenNow.body.data.sanctionsScreen).toEqual({
      reviewId: res.body.review_id,
      status: "match",
    });

    const cleared = await decide(res.body.review_id, "cleared");
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({
      status: "cleared",
      decision: "cleared",
      decision_notes: "Compared DOB and passport.",
      counsel_owner: COUNSEL,
      ofac_report_required: false,
      decided_at: expect.any(String),
      review_state: { review_required: false, review_status: "cleared", review_owner: COUNSEL },
    });
    expect((await auditOf(cleared))[0]).toMatchObject({
      eventType: "sanctions_review.decided",
      objectId: res.body.review_id,
    });
    const twice = await decide(res.body.review_id, "blocked");
    expectError(twice, 409, "invalid_state_transition");
    expect(errorOf(twice).details).toMatchObject({ from: "cleared", allowed: [] });
  });

  it("blocks: ofac_report_required, and the review stays blocked", async () => {
    const matterId = await seed.matter(api);
    const screen = await screenOf(matterId, { wallets: [LISTED_WALLET] });
    const review = await reviewOf(matterId, screen.screen_id);
    const blocked = await decide(review.review_id, "blocked");
    expect(blocked.body).toMatchObject({ status: "blocked", ofac_report_required: true });
    expect((await api.get(`/v1/sanctions/${review.review_id}`)).body.status).toBe("blocked");
  });

  it("refuses missing, unknown and invalid fields and other matters' screens", async () => {
    const matterId = await seed.matter(api);
    const other = await seed.matter(api);
    const screen = await screenOf(other, { wallets: [CLEAN_EVM] });
    const post = (body: unknown) => api.post("/v1/sanctions/review-packet", body);
    expectError(await post({ matter_id: matterId }), 400, "parameter_missing", "screen_id");
    expectError(
      await post({ matter_id: matterId, screen_id: screen.screen_id, owner: "x" }),
      400,
      "unknown_parameter",
    );
    expectError(
      await post({ matter_id: matterId, screen_id: screen.screen_id }),
      400,
      "parameter_invalid",
      "screen_id",
    );
    expectError(
      await post({ matter_id: matterId, screen_id: "scr_01jxd4m5q6r7s8t9v0w1x2y3z4" }),
      404,
      "resource_missing",
      "screen_id",
    );
    const review = await reviewOf(other, screen.screen_id);
    const path = `/v1/sanctions/${review.review_id}/decision`;
    expectError(
      await api.post(path, { counsel_owner: COUNSEL }),
      400,
      "parameter_missing",
      "decision",
    );
    expectError(
      await api.post(path, { decision: "approved", counsel_owner: COUNSEL }),
      400,
      "parameter_invalid",
      "decision",
    );
    expectError(
      await api.post(path, { decision: "cleared" }),
      400,
      "parameter_missing",
      "counsel_owner",
    );
    expectError(
      await api.post(path, { decision: "cleared", counsel_owner: "  " }),
      400,
      "parameter_invalid",
      "counsel_owner",
    );
    expectError(
      await api.post("/v1/sanctions/srv_01jxd4m5q6r7s8t9v0w1x2y3z4/decision", {
        decision: "cleared",
        counsel_owner: COUNSEL,
      }),
      404,
      "resource_missing",
    );
    expectError(
      await api.get("/v1/sanctions/srv_01jxd4m5q6r7s8t9v0w1x2y3z4"),
      404,
      "resource_missing",
    );
  });

  it("looks objects up before refusing writes under a closed matter", async () => {
    const matterId = await seed.matter(api);
    const screen = await screenOf(matterId, { wallets: [LISTED_WALLET] });
    const closed = await api.post(`/v1/matters/${matterId}/close`, { reason: "paid" });
    expect(closed.status, closed.text).toBe(200);
    const post = (screenId: string) =>
      api.post("/v1/sanctions/review-packet", { matter_id: matterId, screen_id: screenId });
    expectError(await post("scr_01jxd4m5q6r7s8t9v0w1x2y3z4"), 404, "resource_missing", "screen_id");
    expectError(await post(screen.screen_id), 409, "matter_closed");
  });
});

describe("OFAC report workflow", () => {
  async function blockedReview() {
    const matterId = await seed.matter(api);
    const screen = await screenOf(matterId, { wallets: [LISTED_WALLET] });
    const review = await reviewOf(matterId, screen.screen_id);
    const blocked = await decide(review.review_id, "blocked");
    expect(blocked.status, blocked.text).toBe(200);
    return { matterId, reviewId: review.review_id as string, decidedAt: blocked.body.decided_at };
  }

  it("starts a draft with its 10-business-day deadline on the matter and moves it forward", async () => {
    const { matterId, reviewId } = await blockedReview();
    const res = await api.post("/v1/sanctions/ofac-report-workflow", {
      matter_id: matterId,
      sanctions_review_id: reviewId,
      report_type: "blocked_property",
      counsel_owner: COUNSEL,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      ofac_report_id: expect.stringMatching(/^ofr_[0-9a-z]{26}$/),
      matter_id: matterId,
      sanctions_review_id: reviewId,
      report_type: "blocked_property",
      status: "draft",
      counsel_owner: COUNSEL,
      submitted_by: null,
      submitted_at: null,
      due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      deadline_id: expect.stringMatching(/^ddl_/),
    });
    const { addBusinessDays } = await import("../../plugins/sanctions/business-days.js");
    const review = await app.db.root.sanctionsReview.findUniqueOrThrow({ where: { id: reviewId } });
    expect(res.body.due_date).toBe(
      addBusinessDays(review.decidedAt!, 10).toISOString().slice(0, 10),
    );
    const deadline = await api.graphql(
      `query ($id: ID!) { node(id: $id) { ... on Deadline { type date owner status matterId basis } } }`,
      { id: res.body.deadline_id },
    );
    expect(deadline.body.data.node).toMatchObject({
      type: "ofac_report",
      date: res.body.due_date,
      owner: COUNSEL,
      status: "open",
      matterId,
    });
    expect(deadline.body.data.node.basis).toContain("31 CFR 501.603");
    expect((await auditOf(res))[0]).toMatchObject({ eventType: "ofac_report.created", matterId });

    const path = `/v1/sanctions/ofac-reports/${res.body.ofac_report_id}/transition`;
    const skip = await api.post(path, { status: "acknowledged" });
    expectError(skip, 409, "invalid_state_transition");
    expect(errorOf(skip).details).toEqual({
      from: "draft",
      to: "acknowledged",
      allowed: ["submitted"],
    });
    expectError(
      await api.post(path, { status: "submitted" }),
      400,
      "parameter_missing",
      "submitted_by",
    );
    expectError(await api.post(path, { status: "sent" }), 400, "parameter_invalid", "status");
    const submitted = await api.post(path, { status: "submitted", submitted_by: COUNSEL });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({
      status: "submitted",
      submitted_by: COUNSEL,
      submitted_at: expect.any(String),
    });
    const done = await app.db.root.deadline.findUniqueOrThrow({
      where: { id: res.body.deadline_id },
    });
    expect(done.status).toBe("completed");
    const acknowledged = await api.post(path, { status: "acknowledged" });
    expect(acknowledged.body).toMatchObject({
      status: "acknowledged",
      acknowledged_at: expect.any(String),
    });
    expectError(
      await api.post(path, { status: "submitted", submitted_by: COUNSEL }),
      409,
      "invalid_state_transition",
    );
  });

  it("refuses a report for a review that is not blocked, and bad fields", async () => {
    const matterId = await seed.matter(api);
    const screen = await screenOf(matterId, { wallets: [LISTED_WALLET] });
    const review = await reviewOf(matterId, screen.screen_id);
    const post = (body: Record<string, unknown>) =>
      api.post("/v1/sanctions/ofac-report-workflow", {
        matter_id: matterId,
        sanctions_review_id: review.review_id,
        report_type: "blocked_property",
        counsel_owner: COUNSEL,
        ...body,
      });
    expectError(await post({}), 400, "parameter_invalid", "sanctions_review_id");
    expectError(await post({ report_type: "annual" }), 400, "parameter_invalid", "report_type");
    expectError(await post({ extra: true }), 400, "unknown_parameter");
    expectError(await post({ counsel_owner: "" }), 400, "parameter_invalid", "counsel_owner");
    expectError(
      await api.post("/v1/sanctions/ofac-report-workflow", { matter_id: matterId }),
      400,
      "parameter_missing",
    );
    expect(await app.db.root.ofacReport.count({ where: { matterId } })).toBe(0);
  });
});

describe("isolation across organizations, environments and matter-limited keys", () => {
  it("answers 404 to every outsider for every sanctions endpoint and writes nothing", async () => {
    const stranger = (await seed.org()).admin;
    const { owner, matterId, outsiders } = await seed.foreignMatter(stranger);
    const screen = await screenOf(matterId, { wallets: [LISTED_WALLET] }, owner.admin);
    const review = await reviewOf(matterId, screen.screen_id, owner.admin);
    const blocked = await decide(review.review_id, "blocked", owner.admin);
    expect(blocked.status).toBe(200);
    const report = await owner.admin.post("/v1/sanctions/ofac-report-workflow", {
      matter_id: matterId,
      sanctions_review_id: review.review_id,
      report_type: "blocked_property",
      counsel_owner: COUNSEL,
    });
    expect(report.status, report.text).toBe(201);
    const before = await app.db.root.sanctionsScreen.count();
    for (const outsider of outsiders) {
      const calls = [
        outsider.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [CLEAN_EVM] }),
        outsider.post("/v1/sanctions/review-packet", {
          matter_id: matterId,
          screen_id: screen.screen_id,
        }),
        outsider.post(`/v1/sanctions/${review.review_id}/decision`, {
          decision: "cleared",
          counsel_owner: COUNSEL,
        }),
        outsider.post("/v1/sanctions/ofac-report-workflow", {
          matter_id: matterId,
          sanctions_review_id: review.review_id,
          report_type: "blocked_property",
          counsel_owner: COUNSEL,
        }),
        outsider.post(`/v1/sanctions/ofac-reports/${report.body.ofac_report_id}/transition`, {
          status: "submitted",
          submitted_by: COUNSEL,
        }),
        outsider.get(`/v1/sanctions/${review.review_id}`),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 404, "resource_missing");
      const gql = await outsider.graphql(
        `query ($s: ID!, $r: ID!, $o: ID!) { s: node(id: $s) { id } r: node(id: $r) { id }
           o: node(id: $o) { id } sanctionsReview(id: $r) { reviewId } }`,
        { s: screen.screen_id, r: review.review_id, o: report.body.ofac_report_id },
      );
      expect(gql.body.data).toEqual({ s: null, r: null, o: null, sanctionsReview: null });
      expect(gql.body.errors[0].extensions.code).toBe("resource_missing");
    }
    expect(await app.db.root.sanctionsScreen.count()).toBe(before);
    expect((await owner.admin.get(`/v1/sanctions/${review.review_id}`)).body.status).toBe(
      "blocked",
    );
  });
});

describe("GraphQL face", () => {
  it("screens, reviews and decides through mutations with the same codes", async () => {
    const matterId = await seed.matter(api);
    const screened = await api.graphql(
      `mutation ($input: ScreenSanctionsInput!) { screenSanctions(input: $input) {
         screenId status ordinaryCollectionPaused requiredActions
         matches { kind status score matchedValue asset sdnEntry { profileId name programs listedOn } }
         listIssue { issueDate } } }`,
      { input: { matterId, wallets: [LISTED_BTC], entities: ["Hebei Atun Trading Co Ltd"] } },
    );
    expect(screened.body.errors).toBeUndefined();
    const s = screened.body.data.screenSanctions;
    expect(s).toMatchObject({
      status: "match",
      ordinaryCollectionPaused: true,
      listIssue: { issueDate: "2025-11-19" },
    });
    expect(s.matches.map((m: any) => [m.kind, m.status, m.sdnEntry.profileId])).toEqual([
      ["wallet", "match", 32313],
      ["entity", "match", 32313],
    ]);
    const opened = await api.graphql(
      `mutation ($input: CreateSanctionsReviewInput!) { createSanctionsReview(input: $input) {
         reviewId status screen { screenId } } }`,
      { input: { matterId, screenId: s.screenId } },
    );
    expect(opened.body.data.createSanctionsReview).toMatchObject({
      status: "open",
      screen: { screenId: s.screenId },
    });
    const id = opened.body.data.createSanctionsReview.reviewId;
    const decideGql = `mutation ($id: ID!, $input: DecideSanctionsReviewInput!) {
      decideSanctionsReview(id: $id, input: $input) { status ofacReportRequired } }`;
    const decided = await api.graphql(decideGql, {
      id,
      input: { decision: "blocked", counselOwner: COUNSEL },
    });
    expect(decided.body.data.decideSanctionsReview).toEqual({
      status: "blocked",
      ofacReportRequired: true,
    });
    const again = await api.graphql(decideGql, {
      id,
      input: { decision: "cleared", counselOwner: COUNSEL },
    });
    expect(again.body.errors[0].extensions.code).toBe("invalid_state_transition");
    const bad = await api.graphql(
      `mutation { screenSanctions(input: { matterId: "${matterId}", wallets: ["nope"] }) { status } }`,
    );
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.wallets[0]",
    });
  });

  it("shows the gates in the SDL and the list issue in capabilities", async () => {
    const caps = await api.get("/v1/capabilities");
    expect(caps.body.sanctions_list).toEqual({
      issue_date: "2025-11-19",
      source: expect.stringContaining("sdn_advanced.xml"),
    });
    expect(caps.body.capabilities).toEqual(
      expect.arrayContaining(["sanctions_screening", "alerts"]),
    );
    const sdl = await api.graphql(`{ __type(name: "Mutation") { fields { name } } }`);
    expect(sdl.body.data.__type.fields.map((f: any) => f.name)).toEqual(
      expect.arrayContaining([
        "screenSanctions",
        "createSanctionsReview",
        "decideSanctionsReview",
        "createOfacReport",
        "transitionOfacReport",
      ]),
    );
  });
});

describe("the sanctions gate", () => {
  /** Runs the gate of a field declared `gate: {scope, sanctions}` through the registered check. */
  async function gate(matterId: string, client: Client = api): Promise<string> {
    const ctx = await contextOf(app, client);
    const spec = { scope: "claw:write", sanctions: matterOf.arg() };
    try {
      await enforceGate(spec, { matterId }, ctx, null);
      return "pass";
    } catch (err) {
      if (err instanceof ApiError) return err.code;
      throw err;
    }
  }

  it("refuses a matter without a screen, then follows screens and review decisions", async () => {
    const matterId = await seed.matter(api);
    expect(await gate(matterId)).toBe("sanctions_screen_required");

    await screenOf(matterId, { wallets: [CLEAN_EVM] });
    expect(await gate(matterId)).toBe("pass");

    const hit = await screenOf(matterId, { entities: ["Miguel Trevino Moralez"] });
    expect(hit.status).toBe("potential_match");
    expect(await gate(matterId)).toBe("sanctions_hold");
    const review = await reviewOf(matterId, hit.screen_id);
    expect(await gate(matterId)).toBe("sanctions_hold");
    await decide(review.review_id, "cleared");
    expect(await gate(matterId)).toBe("pass");

    const match = await screenOf(matterId, { wallets: [LISTED_WALLET] });
    expect(await gate(matterId)).toBe("sanctions_hold");
    const first = await reviewOf(matterId, match.screen_id);
    const second = await reviewOf(matterId, match.screen_id);
    await decide(first.review_id, "cleared");
    expect(await gate(matterId)).toBe("pass");
    await decide(second.review_id, "blocked");
    expect(await gate(matterId)).toBe("sanctions_hold");
  });

  it("names the refusal, and keeps scope and 404 first", async () => {
    const matterId = await seed.matter(api);
    await screenOf(matterId, { wallets: [LISTED_WALLET] });
    const ctx = await contextOf(app, api);
    const spec = { scope: "claw:write", sanctions: matterOf.arg() };
    const err = await enforceGate(spec, { matterId }, ctx, null).catch((e) => e as ApiError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: "sanctions_hold",
      status: 403,
      param: "matter_id",
      details: { matter_id: matterId, blocked_review_ids: [] },
    });
    expect((err as ApiError).details.uncleared_screen_ids).toHaveLength(1);

    const narrow = await org.key({ scopes: ["sanctions:read"] });
    expect(await gate(matterId, narrow)).toBe("insufficient_scope");
    const stranger = (await seed.org()).admin;
    expect(await gate(matterId, stranger)).toBe("resource_missing");
  });
});
