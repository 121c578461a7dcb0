import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atLeast } from "../../plugins/exports/request.js";
import { REDACTION_PROFILES } from "../../plugins/exports/redaction.js";
import {
  exportedStatus,
  REPORT_SECTIONS,
  REPORT_STATUSES,
  sectionsOf,
} from "../../plugins/reports/values.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { downloaded, squeezed, textsOf } from "../helpers/files.js";
import { type ApiResponse, type Client, errorOf, expectError, made } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

const MATTER_NAME = "Acme Capital LLC v. Johnathan Debtorson";
const CASE_NUMBER = "24STCV07788";
const DEBTOR = "Johnathan Debtorson";
const JANE = "Jane Victim";
const RICHARD = "Richard Roe";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
/** A matter with two claimants (60 % and 40 % of a USD 1,000.00 recovery) and a waterfall. */
let m: Awaited<ReturnType<typeof reportMatter>>;

async function reportMatter(client = api, options: { hold?: boolean } = {}) {
  const matterId = await seed.matter(client, MATTER_NAME);
  await seed.grant(client, matterId);
  const judgment = await seed.judgment(client, matterId, {
    case_number: CASE_NUMBER,
    debtor: DEBTOR,
  });
  const jane = await made(
    client.post(`/v1/matters/${matterId}/claimants`, {
      name: JANE,
      role: "victim",
      economics: { share_percentage: 60 },
    }),
  );
  const richard = await made(
    client.post(`/v1/matters/${matterId}/claimants`, {
      name: RICHARD,
      role: "victim",
      economics: { share_percentage: 40 },
    }),
  );
  await made(
    client.post("/v1/attribution/wallets/import", {
      matter_id: matterId,
      wallets: [{ address: SANDBOX_WALLET, network: "ethereum" }],
    }),
  );
  await made(
    client.post("/v1/crypto/asset-map", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
    200,
  );
  await made(
    client.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
    200,
  );
  const campaign = await made(
    client.post("/v1/claw/campaigns", {
      matter_id: matterId,
      judgment_id: judgment.judgment_id,
      mode: "measured",
      target_set: {},
    }),
  );
  const recovery = await made(
    client.post("/v1/ledger/recovery-events", {
      matter_id: matterId,
      event_type: "turned_over",
      asset: "USDT",
      network: "ethereum",
      gross_amount: 1000,
      usd_value: 1000,
      source: "Exchange turnover",
    }),
  );
  const waterfall = await made(
    client.post("/v1/waterfall/calculate", {
      matter_id: matterId,
      recovery_event_ids: [recovery.recovery_event_id],
    }),
    200,
  );
  await made(
    client.post("/v1/ledger/remittance-events", {
      matter_id: matterId,
      destination: "Jane Victim (client account)",
      amount: 100,
      asset: "USDT",
      source_recovery_event_id: recovery.recovery_event_id,
      waterfall_id: waterfall.waterfall_id,
      claimant_id: jane.claimant_id,
    }),
  );
  if (options.hold)
    await made(
      client.post("/v1/sanctions/screen", { matter_id: matterId, wallets: [LISTED_WALLET] }),
      200,
    );
  return {
    matterId,
    judgmentId: judgment.judgment_id as string,
    janeId: jane.claimant_id as string,
    richardId: richard.claimant_id as string,
    campaignId: campaign.campaign_id as string,
    waterfallId: waterfall.waterfall_id as string,
  };
}

const brief = (body: Record<string, unknown>, client = api) =>
  client.post("/v1/reports/campaign-brief", { matter_id: m.matterId, ...body });
const update = (body: Record<string, unknown>, client = api) =>
  client.post("/v1/reports/claimant-update", { matter_id: m.matterId, ...body });
const exportReport = (id: string, body: Record<string, unknown>, client = api) =>
  client.post(`/v1/reports/${id}/export`, body);

/** Every text of the file an export made (PDF text, JSON, ZIP contents). */
async function exportTexts(id: string, body: Record<string, unknown>) {
  const res = await exportReport(id, body);
  expect(res.status, res.text).toBe(201);
  const t = textsOf(body.format as string, await downloaded(api, res.body));
  return { res, texts: [...t.pdf, ...t.json], pdf: t.pdf };
}

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org();
  api = org.admin;
  m = await reportMatter();
}, 60_000);
afterAll(() => app.dispose());

describe("POST /v1/reports/campaign-brief", () => {
  it("makes a ready brief from the matter's real records, every section by default", async () => {
    const res = await brief({ audience: "internal" });
    expect(res.status, res.text).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({
      matter_id: m.matterId,
      type: "campaign_brief",
      status: "ready",
      draft: false,
      audience: "internal",
      include_sections: [...REPORT_SECTIONS],
      claimant_id: null,
      redaction_profile: "none",
      content_uri: `/v1/reports/${r.report_id}`,
      review_reasons: [],
      exports: [],
    });
    expect(r.report_id).toMatch(/^rpt_/);
    const s = r.content.sections;
    // jsonb keeps keys in its own order; include_sections says the brief's order.
    expect(Object.keys(s).sort()).toEqual([...REPORT_SECTIONS].sort());
    expect(s.summary).toMatchObject({
      total_recovered: { amount: 1000, currency: "USD" },
      judgment_value: { amount: 125000.5, currency: "USD" },
      active_campaigns: 1,
    });
    expect(s.summary.known_crypto_exposure.amount).toBeGreaterThan(0);
    expect(s.judgment[0]).toMatchObject({ case_number: CASE_NUMBER, debtor: DEBTOR });
    expect(s.campaigns[0]).toMatchObject({
      campaign_id: m.campaignId,
      pressure_level: 1,
      pressure_name: "prepare",
    });
    expect(s.waterfall.waterfall_id).toBe(m.waterfallId);
    expect(
      s.waterfall.claimant_distributions.map((c: any) => [c.claimant_id, c.name, c.amount]),
    ).toEqual([
      [m.janeId, JANE, 600],
      [m.richardId, RICHARD, 400],
    ]);
    expect(s.ledger).toMatchObject({ recovery_events: 1, total_remitted: { amount: 100 } });
    expect(s.sanctions.status).toBe("clear");
    expect(r.source_manifest.map((e: any) => e.source_id)).toEqual(
      expect.arrayContaining([m.matterId, m.judgmentId, m.waterfallId, m.campaignId]),
    );
    const got = await api.get(`/v1/reports/${r.report_id}`);
    const { audit_ref: _a, ...body } = got.body;
    const { audit_ref: _b, ...created } = r;
    expect(body).toEqual(created);
    expect(r.audit.request_id).toBe(r.audit_ref);
  });

  it("keeps only the sections asked for, once each, in the brief's order", async () => {
    const res = await brief({
      audience: "counsel",
      include_sections: ["waterfall", "summary", "summary"],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.include_sections).toEqual(["summary", "waterfall"]);
    expect(Object.keys(res.body.content.sections).sort()).toEqual(["summary", "waterfall"]);
    expect(res.body.redaction_profile).toBe("counsel");
  });

  it("is a draft with review reasons while the matter is under a sanctions hold", async () => {
    const held = await reportMatter(api, { hold: true });
    const res = await brief({ matter_id: held.matterId, audience: "internal" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe("draft");
    expect(res.body.review_state).toMatchObject({
      review_required: true,
      review_status: "pending",
    });
    expect(res.body.review_reasons.join(" ")).toContain("sanctions hold");
    expect(res.body.content.sections.sanctions.status).toBe("hold");
    const { res: exported, pdf } = await exportTexts(res.body.report_id, { format: "pdf" });
    expect(pdf[0]).toContain("DRAFT");
    expect(pdf[0]).toContain(CASE_NUMBER);
    expect(exported.body.object_type).toBe("report");
    expect((await api.get(`/v1/reports/${res.body.report_id}`)).body.status).toBe("draft");
  });

  it("refuses bad bodies with 400 naming the parameter, and writes nothing", async () => {
    const before = await app.db.root.report.count();
    expectError(await brief({}), 400, "parameter_missing", "audience");
    expectError(await brief({ audience: "press" }), 400, "parameter_invalid", "audience");
    expectError(
      await brief({ audience: "internal", include_sections: [] }),
      400,
      "parameter_invalid",
      "include_sections",
    );
    const bogus = await brief({ audience: "internal", include_sections: ["summary", "gossip"] });
    expectError(bogus, 400, "parameter_invalid");
    expect(errorOf(bogus).param).toMatch(/^include_sections/);
    expectError(
      await brief({ audience: "internal", tone: "dry" }),
      400,
      "unknown_parameter",
      "tone",
    );
    expectError(
      await api.post("/v1/reports/campaign-brief", { audience: "internal" }),
      400,
      "parameter_missing",
      "matter_id",
    );
    expect(await app.db.root.report.count()).toBe(before);
  });

  it("replays a brief retried with the same Idempotency-Key", async () => {
    const headers = { "Idempotency-Key": `brief-${m.matterId}` };
    const body = { matter_id: m.matterId, audience: "internal" };
    const first = await api.post("/v1/reports/campaign-brief", body, { headers });
    const second = await api.post("/v1/reports/campaign-brief", body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.report_id).toBe(first.body.report_id);
  });
});

describe("POST /v1/reports/claimant-update", () => {
  it("holds one claimant's view and nothing of the other claimant, not even the pool", async () => {
    const res = await update({ claimant_id: m.janeId });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      type: "claimant_update",
      status: "ready",
      claimant_id: m.janeId,
      redaction_profile: "claimant",
      audience: null,
      include_sections: [],
    });
    const view = res.body.content.claimant_view;
    expect(view.claimant).toMatchObject({
      claimant_id: m.janeId,
      name: JANE,
      share_percentage: 60,
    });
    expect(view.distribution).toMatchObject({
      waterfall_id: m.waterfallId,
      amount: { amount: 600, currency: "USD" },
      remitted: { amount: 100 },
    });
    expect(view.recoveries.total_recovered.amount).toBe(1000);
    expect(view.judgments[0].case_number).toBe(CASE_NUMBER);
    expect(res.body.content.sections).toBeNull();
    for (const secret of [RICHARD, m.richardId, "claimant_pool", "claimant_distributions"])
      expect(res.text).not.toContain(secret);
  });

  it("is a draft when no waterfall has a line for the claimant", async () => {
    const { claimant_id } = await made(
      api.post(`/v1/matters/${m.matterId}/claimants`, { name: "Late Claimant", role: "victim" }),
    );
    const res = await update({ claimant_id });
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe("draft");
    expect(res.body.content.claimant_view.distribution).toBeNull();
    expect(res.body.review_reasons.join(" ")).toContain("no line for this claimant");
  });

  it("refuses a missing claimant or one of another matter", async () => {
    const other = await seed.matter(api);
    const { claimant_id: foreign } = await made(
      api.post(`/v1/matters/${other}/claimants`, { name: "Someone Else", role: "victim" }),
    );
    expectError(await update({}), 400, "parameter_missing", "claimant_id");
    expectError(await update({ claimant_id: foreign }), 404, "resource_missing", "claimant_id");
    expectError(
      await update({ claimant_id: m.janeId, redaction_profile: "secret" }),
      400,
      "parameter_invalid",
      "redaction_profile",
    );
  });
});

describe("POST /v1/reports/{report_id}/export", () => {
  it("exports a ready brief in every format, moves it to exported and points content_uri at the newest file", async () => {
    const r = (await brief({ audience: "internal" })).body;
    const pdf = await exportTexts(r.report_id, { format: "pdf" });
    expect(pdf.res.body).toMatchObject({
      object_type: "report",
      object_id: r.report_id,
      format: "pdf",
      redaction_profile: "none",
      status: "ready",
    });
    expect(pdf.pdf[0]).toContain(MATTER_NAME);
    expect(pdf.pdf[0]).toContain(CASE_NUMBER);
    expect(pdf.pdf[0]).not.toContain("DRAFT");
    // Not vacuous for the redaction tests below: without redaction both claimants show.
    for (const s of [JANE, RICHARD, "600.00", "400.00"]) expect(pdf.pdf[0]).toContain(s);
    const zip = await exportTexts(r.report_id, { format: "zip" });
    expect(zip.pdf).toHaveLength(1);
    const json = await exportTexts(r.report_id, { format: "json" });
    const file = JSON.parse(json.texts[0]!);
    expect(file).toMatchObject({ object_type: "report", object_id: r.report_id, draft: false });
    expect(file.object.report_id).toBe(r.report_id);
    expect(file.object.content).toEqual(r.content);
    const after = await api.get(`/v1/reports/${r.report_id}`);
    expect(after.body.status).toBe("exported");
    expect(after.body.content_uri).toBe(json.res.body.download_url);
    expect(after.body.exports.map((e: any) => e.export_id)).toEqual([
      json.res.body.export_id,
      zip.res.body.export_id,
      pdf.res.body.export_id,
    ]);
  });

  it("records the report.exported audit event and event under the request id", async () => {
    const r = (await update({ claimant_id: m.janeId })).body;
    const res = await exportReport(r.report_id, { format: "pdf" });
    expect(res.status, res.text).toBe(201);
    const audit = await app.db.root.auditEvent.findMany({
      where: { requestId: res.body.audit_ref },
    });
    expect(audit.map((a) => a.eventType)).toEqual(["report.exported"]);
    expect(audit[0]).toMatchObject({ id: res.body.audit_id, objectId: r.report_id });
    expect(audit[0]!.details).toMatchObject({
      export_id: res.body.export_id,
      redaction_profile: "claimant",
      claimant_id: m.janeId,
      sha256: res.body.sha256,
      report_status: "exported",
    });
    const events = await api.get(
      `/v1/events?type=report.exported&matter_id=${m.matterId}&limit=100`,
    );
    const event = events.body.items.find((e: any) => e.data.export_id === res.body.export_id);
    expect(event.data).toMatchObject({ object_id: r.report_id, matter_id: m.matterId });
    const stored = await app.db.root.event.findUnique({ where: { id: event.event_id } });
    expect(stored?.requestId).toBe(res.body.audit_ref);
  });

  it("shows the claimant only their own identity and amount in every file of their update", async () => {
    const r = (await update({ claimant_id: m.janeId })).body;
    for (const format of ["pdf", "json", "zip"]) {
      const { texts, res } = await exportTexts(r.report_id, { format });
      expect(res.body).toMatchObject({ redaction_profile: "claimant", claimant_id: m.janeId });
      const all = texts.join("\n");
      expect(all).toContain(JANE);
      expect(all).toMatch(/600(\.00)?/);
      for (const secret of [RICHARD, m.richardId, "400.00"]) {
        expect(all, `${format}: ${secret}`).not.toContain(secret);
        expect(squeezed(all), `${format}: ${secret}`).not.toContain(squeezed(secret));
      }
    }
  });

  it("hides the other claimant of a brief exported for one claimant, in every format", async () => {
    const r = (await brief({ audience: "internal", include_sections: ["waterfall"] })).body;
    for (const format of ["pdf", "json", "zip"]) {
      const { texts } = await exportTexts(r.report_id, {
        format,
        redaction_profile: "claimant",
        claimant_id: m.janeId,
      });
      const all = texts.join("\n");
      expect(all).toContain(JANE);
      for (const secret of [RICHARD, "400.00", '"amount": 400'])
        expect(all, `${format}: ${secret}`).not.toContain(secret);
    }
  });

  it("shows no full wallet address, debtor or claimant name under the public profile", async () => {
    const r = (await brief({ audience: "public" })).body;
    expect(r.redaction_profile).toBe("public");
    const secrets = [SANDBOX_WALLET, DEBTOR, MATTER_NAME, JANE, RICHARD];
    for (const format of ["pdf", "json", "zip"]) {
      const { texts } = await exportTexts(r.report_id, { format });
      for (const text of texts)
        for (const s of secrets) {
          expect(text, `${format}: ${s}`).not.toContain(s);
          expect(squeezed(text), `${format}: ${s}`).not.toContain(squeezed(s));
        }
      expect(texts.join("\n")).toContain(CASE_NUMBER);
    }
    // Not vacuous: an internal brief's PDF shows them all.
    const internal = (await brief({ audience: "internal" })).body;
    const { pdf } = await exportTexts(internal.report_id, { format: "pdf" });
    for (const s of secrets) expect(squeezed(pdf[0]!), s).toContain(squeezed(s));
  });

  it("refuses a profile weaker than the report's, a foreign claimant and bad bodies", async () => {
    const pub = (await brief({ audience: "public" })).body;
    const weak = await exportReport(pub.report_id, { format: "pdf", redaction_profile: "none" });
    expectError(weak, 400, "parameter_invalid", "redaction_profile");
    expect(errorOf(weak).details.minimum).toBe("public");
    const upd = (await update({ claimant_id: m.janeId })).body;
    expectError(
      await exportReport(upd.report_id, {
        format: "pdf",
        redaction_profile: "claimant",
        claimant_id: m.richardId,
      }),
      400,
      "parameter_invalid",
      "claimant_id",
    );
    expectError(
      await exportReport(upd.report_id, { format: "pdf", redaction_profile: "counsel" }),
      400,
      "parameter_invalid",
      "redaction_profile",
    );
    expectError(await exportReport(upd.report_id, {}), 400, "parameter_missing", "format");
    expectError(
      await exportReport(pub.report_id, { format: "pdf", claimant_id: m.janeId }),
      400,
      "parameter_invalid",
      "claimant_id",
    );
    expect(
      await app.db.root.export.count({
        where: { objectId: { in: [pub.report_id, upd.report_id] } },
      }),
    ).toBe(0);
  });
});

describe("who may make, read and export reports", () => {
  it("needs reports:write, reports:read and reports:export", async () => {
    const r = (await brief({ audience: "internal" })).body;
    const reader = await org.key({ scopes: ["reports:read"] });
    expectError(await brief({ audience: "internal" }, reader), 403, "insufficient_scope");
    expectError(
      await exportReport(r.report_id, { format: "pdf" }, reader),
      403,
      "insufficient_scope",
    );
    expect((await reader.get(`/v1/reports/${r.report_id}`)).status).toBe(200);
    const writer = await org.key({ scopes: ["reports:write"] });
    expectError(await writer.get(`/v1/reports/${r.report_id}`), 403, "insufficient_scope");
  });

  it("answers 404 for another tenant's, environment's or matter's reports and matters", async () => {
    const foreign = await seed.foreignMatter(api);
    const owner = foreign.owner.admin;
    const r = (
      await owner.post("/v1/reports/campaign-brief", {
        matter_id: foreign.matterId,
        audience: "internal",
      })
    ).body;
    expect(r.report_id).toMatch(/^rpt_/);
    for (const outsider of foreign.outsiders) {
      expectError(await outsider.get(`/v1/reports/${r.report_id}`), 404, "resource_missing");
      expectError(
        await exportReport(r.report_id, { format: "pdf" }, outsider),
        404,
        "resource_missing",
      );
      expectError(
        await outsider.post("/v1/reports/campaign-brief", {
          matter_id: foreign.matterId,
          audience: "internal",
        }),
        404,
        "resource_missing",
        "matter_id",
      );
    }
    expect(await app.db.root.export.count({ where: { objectId: r.report_id } })).toBe(0);
  });

  it("refuses writes under a closed matter with 409 matter_closed", async () => {
    const closed = await reportMatter();
    const r = (await brief({ matter_id: closed.matterId, audience: "internal" })).body;
    await made(api.post(`/v1/matters/${closed.matterId}/close`, { reason: "paid" }), 200);
    expectError(
      await brief({ matter_id: closed.matterId, audience: "internal" }),
      409,
      "matter_closed",
    );
    expectError(
      await update({ matter_id: closed.matterId, claimant_id: closed.janeId }),
      409,
      "matter_closed",
    );
    expectError(await exportReport(r.report_id, { format: "pdf" }), 409, "matter_closed");
    // Reading still works.
    expect((await api.get(`/v1/reports/${r.report_id}`)).status).toBe(200);
  });
});

describe("reports over GraphQL", () => {
  it("creates, exports and reads reports, and lists them on the matter with their exports", async () => {
    const created = await api.graphql(
      `mutation ($m: ID!, $c: ID!) {
         brief: createCampaignBrief(input: { matterId: $m, audience: counsel, includeSections: [summary, ledger] }) {
           id reportId type status redactionProfile includeSections contentUri
         }
         update: createClaimantUpdate(input: { matterId: $m, claimantId: $c }) {
           reportId type claimantId redactionProfile
         }
       }`,
      { m: m.matterId, c: m.janeId },
    );
    expect(created.body.errors).toBeUndefined();
    const { brief: b, update: u } = created.body.data;
    expect(b).toMatchObject({
      type: "campaign_brief",
      status: "ready",
      redactionProfile: "counsel",
      includeSections: ["summary", "ledger"],
      contentUri: `/v1/reports/${b.reportId}`,
    });
    expect(u).toMatchObject({
      type: "claimant_update",
      claimantId: m.janeId,
      redactionProfile: "claimant",
    });
    const exported = await api.graphql(
      `mutation ($id: ID!) { exportReport(id: $id, input: { format: pdf }) { exportId redactionProfile downloadUrl } }`,
      { id: b.reportId },
    );
    expect(exported.body.errors).toBeUndefined();
    const e = exported.body.data.exportReport;
    expect(e.redactionProfile).toBe("counsel");
    const read = await api.graphql(
      `query ($id: ID!, $m: ID!) {
         report(id: $id) { status contentUri exports { exportId } }
         node(id: $id) { ... on Report { reportId } }
         matter(id: $m) {
           reports(first: 100) { edges { node { reportId } } }
           exports(first: 100, objectType: report) { edges { node { exportId objectId } } }
         }
       }`,
      { id: b.reportId, m: m.matterId },
    );
    expect(read.body.errors).toBeUndefined();
    const d = read.body.data;
    expect(d.report).toEqual({
      status: "exported",
      contentUri: e.downloadUrl,
      exports: [{ exportId: e.exportId }],
    });
    expect(d.node.reportId).toBe(b.reportId);
    expect(d.matter.reports.edges.map((x: any) => x.node.reportId)).toEqual(
      expect.arrayContaining([b.reportId, u.reportId]),
    );
    expect(d.matter.exports.edges[0].node).toEqual({ exportId: e.exportId, objectId: b.reportId });
    expect(d.matter.exports.edges.every((x: any) => x.node.objectId.startsWith("rpt_"))).toBe(true);
  });

  it("names GraphQL parameters in its errors", async () => {
    const res = await api.graphql(
      `mutation ($m: ID!) { createCampaignBrief(input: { matterId: $m, audience: internal, includeSections: [] }) { reportId } }`,
      { m: m.matterId },
    );
    expect(res.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.includeSections",
    });
  });
});

describe("report rules (pure)", () => {
  it("orders and dedupes sections, and defaults to all of them", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REPORT_SECTIONS)), (asked) => {
        const out = sectionsOf(asked);
        if (!asked.length) return out.length === REPORT_SECTIONS.length;
        return (
          new Set(out).size === out.length &&
          out.every((s) => asked.includes(s)) &&
          asked.every((s) => out.includes(s)) &&
          out.every(
            (s, i) => i === 0 || REPORT_SECTIONS.indexOf(out[i - 1]!) < REPORT_SECTIONS.indexOf(s),
          )
        );
      }),
    );
  });

  it("orders the redaction profiles and moves only ready reports to exported", () => {
    for (const p of REDACTION_PROFILES) expect(atLeast(p, p)).toBe(true);
    expect(atLeast("counsel", "public")).toBe(false);
    expect(atLeast("public", "none")).toBe(true);
    expect(REPORT_STATUSES.map(exportedStatus)).toEqual(["draft", "exported", "exported"]);
  });
});
