import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMove, PACKET_STATUSES } from "../../plugins/packets/values.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { downloaded, squeezed, textsOf } from "../helpers/files.js";
import { type ApiResponse, type Client, errorOf, expectError, made } from "../helpers/http.js";
import { SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

const MATTER_NAME = "Acme Capital LLC v. Johnathan Debtorson";
const CASE_NUMBER = "24STCV05566";
const DEBTOR = "Johnathan Debtorson";
const COUNSEL = "Jordan Counsel, Esq.";
/** The debtor's identifiers as recorded; `public` must show none of them in full. */
const IDENTIFIERS = {
  tax_id: "987-65-4321",
  emails: ["j.debtorson@example.com"],
  phones: ["+1 415 555 0199"],
  passport_number: "X12345678",
};
const SECOND_WALLET = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org();
  api = org.admin;
});
afterAll(() => app.dispose());

/**
 * A matter with a live grant, a validated judgment, a debtor with identifiers, two wallets and a
 * sandbox asset map, and an exchange-freeze packet (in review: counsel reviews every freeze).
 */
async function packetMatter(client = api) {
  const matterId = await seed.matter(client, MATTER_NAME);
  await seed.grant(client, matterId);
  const judgment = await seed.judgment(client, matterId, {
    case_number: CASE_NUMBER,
    debtor: DEBTOR,
    source_refs: [{ source_type: "certified_judgment", title: "Certified judgment", hash: "h1" }],
  });
  await made(
    client.post("/v1/debtors", {
      matter_id: matterId,
      type: "individual",
      legal_name: DEBTOR,
      aliases: ["J. Debtorson"],
      identifiers: IDENTIFIERS,
    }),
  );
  await made(
    client.post("/v1/attribution/wallets/import", {
      matter_id: matterId,
      wallets: [
        { address: SANDBOX_WALLET, network: "ethereum" },
        { address: SECOND_WALLET, network: "ethereum" },
      ],
    }),
  );
  await made(
    client.post("/v1/crypto/asset-map", { matter_id: matterId, wallets: [SANDBOX_WALLET] }),
    200,
  );
  const packet = await made(
    client.post("/v1/packets/exchange-freeze", {
      matter_id: matterId,
      judgment_id: judgment.judgment_id,
      authorized_sender: COUNSEL,
      notes: `${DEBTOR} moved funds from ${SECOND_WALLET}; contact ${IDENTIFIERS.emails[0]}.`,
    }),
  );
  return { matterId, packetId: packet.packet_id as string, packet };
}

const exportPacket = (packetId: string, body: Record<string, unknown>, client = api) =>
  client.post(`/v1/packets/${packetId}/export`, body);

const approve = (packetId: string, client = api) =>
  made(
    client.post(`/v1/packets/${packetId}/review`, { decision: "approved", reviewer: COUNSEL }),
    200,
  );

describe("POST /v1/packets/{packet_id}/export", () => {
  it("exports an unapproved packet as a DRAFT PDF and leaves its status alone", async () => {
    const { matterId, packetId, packet } = await packetMatter();
    expect(packet.status).toBe("in_review");
    const res = await exportPacket(packetId, { format: "pdf" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      object_type: "packet",
      object_id: packetId,
      matter_id: matterId,
      format: "pdf",
      redaction_profile: "none",
      status: "ready",
      content_type: "application/pdf",
      download_url: `/v1/exports/${res.body.export_id}/download`,
      request_id: res.body.audit_ref,
    });
    expect(res.body.export_id).toMatch(/^exp_/);
    expect(res.body.audit_id).toMatch(/^aud_/);
    const text = textsOf("pdf", await downloaded(api, res.body)).pdf[0]!;
    expect(text).toContain(MATTER_NAME);
    expect(text).toContain(CASE_NUMBER);
    expect(text).toContain("DRAFT");

    const after = await api.get(`/v1/packets/${packetId}`);
    expect(after.body.status).toBe("in_review");
    expect(after.body.draft).toBe(true);
    expect(after.body.exports.map((e: { export_id: string }) => e.export_id)).toEqual([
      res.body.export_id,
    ]);
    expect(after.body.exports[0]).toMatchObject({ format: "pdf", sha256: res.body.sha256 });
  });

  it("exports an approved packet as final, moves it to exported, and exports it again unchanged", async () => {
    const { packetId } = await packetMatter();
    await approve(packetId);
    const zip = await exportPacket(packetId, { format: "zip", redaction_profile: "counsel" });
    expect(zip.status, zip.text).toBe(201);
    const { pdf, json } = textsOf("zip", await downloaded(api, zip.body));
    expect(pdf).toHaveLength(1);
    expect(pdf[0]).toContain(MATTER_NAME);
    expect(pdf[0]).toContain(CASE_NUMBER);
    expect(pdf[0]).not.toContain("DRAFT");
    const body = JSON.parse(json[0]!);
    expect(body).toMatchObject({ object_type: "packet", object_id: packetId, draft: false });
    expect(body.object.status).toBe("approved");
    expect((await api.get(`/v1/packets/${packetId}`)).body.status).toBe("exported");

    const again = await exportPacket(packetId, { format: "json" });
    expect(again.status, again.text).toBe(201);
    const packet = await api.get(`/v1/packets/${packetId}`);
    expect(packet.body.status).toBe("exported");
    expect(packet.body.exports.map((e: { export_id: string }) => e.export_id)).toEqual([
      again.body.export_id,
      zip.body.export_id,
    ]);
    // Exported packets are out of review.
    expectError(
      await api.post(`/v1/packets/${packetId}/review`, {
        decision: "changes_requested",
        reviewer: COUNSEL,
      }),
      409,
      "invalid_state_transition",
    );
  });

  it("puts the packet's REST body, as GET shows it, in the JSON file", async () => {
    const { packetId } = await packetMatter();
    const { audit_ref: _ref, ...before } = (await api.get(`/v1/packets/${packetId}`)).body;
    const res = await exportPacket(packetId, { format: "json", redaction_profile: "none" });
    expect(res.status, res.text).toBe(201);
    const file = JSON.parse(textsOf("json", await downloaded(api, res.body)).json[0]!);
    expect(file.object).toEqual(before);
    expect(file.draft).toBe(true);
    expect(file.source_manifest.length).toBe(before.source_manifest.length);
  });

  it("shows no full wallet address, identifier or party name under the public profile, in any format", async () => {
    const { packetId } = await packetMatter();
    const secrets = [
      SANDBOX_WALLET,
      SECOND_WALLET,
      DEBTOR,
      MATTER_NAME,
      IDENTIFIERS.tax_id,
      IDENTIFIERS.emails[0]!,
      IDENTIFIERS.passport_number,
    ];
    const textsFor = async (profile: string, format: string) => {
      const res = await exportPacket(packetId, { format, redaction_profile: profile });
      expect(res.status, res.text).toBe(201);
      const t = textsOf(format, await downloaded(api, res.body));
      return [...t.pdf, ...t.json];
    };
    // Not vacuous: without redaction every secret is there, in the PDF and in the JSON.
    for (const format of ["pdf", "json"]) {
      const all = (await textsFor("none", format)).join("\n");
      for (const s of secrets) expect(squeezed(all), `${format} none: ${s}`).toContain(squeezed(s));
    }
    for (const format of ["pdf", "json", "zip"]) {
      const texts = await textsFor("public", format);
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        for (const s of secrets) {
          expect(text, `${format}: ${s}`).not.toContain(s);
          expect(squeezed(text), `${format}: ${s}`).not.toContain(squeezed(s));
        }
        // Addresses stay recognisable by their ends.
        if (text.includes("Wallets")) expect(text).toContain("0x5aAe…eAed");
      }
      // The case number and court stay: they are public record.
      expect(texts.join("\n")).toContain(CASE_NUMBER);
    }
  });

  it("records the export audit event and the packet.exported event under the request id", async () => {
    const { matterId, packetId } = await packetMatter();
    await approve(packetId);
    const res = await exportPacket(packetId, { format: "pdf", redaction_profile: "public" });
    expect(res.status, res.text).toBe(201);
    const audit = await app.db.root.auditEvent.findMany({
      where: { requestId: res.body.audit_ref },
    });
    expect(audit.map((a) => a.eventType)).toEqual(["packet.exported"]);
    expect(audit[0]).toMatchObject({
      id: res.body.audit_id,
      objectType: "packet",
      objectId: packetId,
      matterId,
    });
    expect(audit[0]!.details).toMatchObject({
      export_id: res.body.export_id,
      format: "pdf",
      redaction_profile: "public",
      sha256: res.body.sha256,
      size_bytes: res.body.size_bytes,
      packet_status: "exported",
      draft: false,
    });
    const events = await api.get(`/v1/events?type=packet.exported&matter_id=${matterId}`);
    expect(events.body.items).toHaveLength(1);
    expect(events.body.items[0].data).toMatchObject({
      matter_id: matterId,
      export_id: res.body.export_id,
      object_id: packetId,
      sha256: res.body.sha256,
    });
    const stored = await app.db.root.event.findUnique({
      where: { id: events.body.items[0].event_id },
    });
    expect(stored?.requestId).toBe(res.body.audit_ref);
  });

  it("replays an export retried with the same Idempotency-Key instead of making a second file", async () => {
    const { packetId } = await packetMatter();
    const headers = { "Idempotency-Key": `export-${packetId}` };
    const first = await api.post(`/v1/packets/${packetId}/export`, { format: "pdf" }, { headers });
    const second = await api.post(`/v1/packets/${packetId}/export`, { format: "pdf" }, { headers });
    expect(first.status, first.text).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.export_id).toBe(first.body.export_id);
    expect(await app.db.root.export.count({ where: { objectId: packetId } })).toBe(1);
  });
});

describe("refused packet exports", () => {
  it("refuses bad bodies with 400 naming the parameter, and writes nothing", async () => {
    const { packetId, matterId } = await packetMatter();
    const other = await packetMatter();
    const { claimant_id: foreignClaimant } = await made(
      api.post(`/v1/matters/${other.matterId}/claimants`, { name: "Other Person", role: "victim" }),
    );
    const { claimant_id: claimantId } = await made(
      api.post(`/v1/matters/${matterId}/claimants`, { name: "Jane Victim", role: "victim" }),
    );
    expectError(await exportPacket(packetId, {}), 400, "parameter_missing", "format");
    expectError(
      await exportPacket(packetId, { format: "docx" }),
      400,
      "parameter_invalid",
      "format",
    );
    expectError(
      await exportPacket(packetId, { format: "pdf", redaction_profile: "secret" }),
      400,
      "parameter_invalid",
      "redaction_profile",
    );
    expectError(
      await exportPacket(packetId, { format: "pdf", pages: 3 }),
      400,
      "unknown_parameter",
      "pages",
    );
    expectError(
      await exportPacket(packetId, { format: "pdf", claimant_id: claimantId }),
      400,
      "parameter_invalid",
      "claimant_id",
    );
    expectError(
      await exportPacket(packetId, {
        format: "pdf",
        redaction_profile: "claimant",
        claimant_id: foreignClaimant,
      }),
      404,
      "resource_missing",
      "claimant_id",
    );
    expect(await app.db.root.export.count({ where: { objectId: packetId } })).toBe(0);
    // The claimant profile with a claimant of the matter (or none) is fine.
    const ok = await exportPacket(packetId, {
      format: "json",
      redaction_profile: "claimant",
      claimant_id: claimantId,
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.claimant_id).toBe(claimantId);
  });

  it("passes the authority gate: 403 authority_required once the grant is revoked", async () => {
    const { matterId, packetId } = await packetMatter();
    const grants = await api.get(`/v1/matters/${matterId}/authority`);
    await made(
      api.post(`/v1/matters/${matterId}/authority/${grants.body.items[0].authority_id}/revoke`, {
        reason: "engagement ended",
      }),
      200,
    );
    expectError(await exportPacket(packetId, { format: "pdf" }), 403, "authority_required");
    expect(await app.db.root.export.count({ where: { objectId: packetId } })).toBe(0);
  });

  it("needs packets:export", async () => {
    const { packetId } = await packetMatter();
    const reader = await org.key({ scopes: ["packets:read", "exports:read"] });
    const res = await exportPacket(packetId, { format: "pdf" }, reader);
    expectError(res, 403, "insufficient_scope");
    expect(errorOf(res).details.required_scope).toBe("packets:export");
  });

  it("refuses a packet of a closed matter with 409 matter_closed", async () => {
    const { matterId, packetId } = await packetMatter();
    await made(api.post(`/v1/matters/${matterId}/close`, { reason: "paid" }), 200);
    expectError(await exportPacket(packetId, { format: "pdf" }), 409, "matter_closed");
    expect(await app.db.root.export.count({ where: { objectId: packetId } })).toBe(0);
  });

  it("answers 404 for another tenant's, environment's or matter's packet", async () => {
    const foreign = await seed.foreignMatter(api);
    const { packetId } = await packetMatter(foreign.owner.admin);
    for (const outsider of foreign.outsiders)
      expectError(
        await exportPacket(packetId, { format: "pdf" }, outsider),
        404,
        "resource_missing",
      );
    expectError(
      await exportPacket("pkt_01jxnotapacket00000000000", { format: "pdf" }),
      404,
      "resource_missing",
    );
    expect(await app.db.root.export.count({ where: { objectId: packetId } })).toBe(0);
  });
});

describe("exportPacket over GraphQL", () => {
  it("exports and lists the packet's exports", async () => {
    const { packetId } = await packetMatter();
    const res = await api.graphql(
      `mutation ($id: ID!) {
         exportPacket(id: $id, input: { format: json, redactionProfile: public }) {
           exportId objectType objectId format redactionProfile sha256 downloadUrl
         }
       }`,
      { id: packetId },
    );
    expect(res.body.errors).toBeUndefined();
    const made = res.body.data.exportPacket;
    expect(made).toMatchObject({
      objectType: "packet",
      objectId: packetId,
      format: "json",
      redactionProfile: "public",
    });
    const read = await api.graphql(
      `query ($id: ID!) { packet(id: $id) { status exports { exportId sha256 } } }`,
      { id: packetId },
    );
    expect(read.body.data.packet).toEqual({
      status: "in_review",
      exports: [{ exportId: made.exportId, sha256: made.sha256 }],
    });
  });

  it("shows the new export to later fields of the same document", async () => {
    const { packetId } = await packetMatter();
    const res = await api.graphql(
      `mutation ($id: ID!) {
         e: exportPacket(id: $id, input: { format: pdf }) { exportId }
         r: reviewPacket(id: $id, input: { decision: approved, reviewer: "Counsel" }) {
           status exports { exportId }
         }
       }`,
      { id: packetId },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.r).toEqual({
      status: "approved",
      exports: [{ exportId: res.body.data.e.exportId }],
    });
  });

  it("names GraphQL parameters in errors and keeps the gate", async () => {
    const { matterId, packetId } = await packetMatter();
    const bad = await api.graphql(
      `mutation ($id: ID!, $c: ID) {
         exportPacket(id: $id, input: { format: pdf, claimantId: $c }) { exportId }
       }`,
      { id: packetId, c: "clm_01jxnotaclaimant000000000" },
    );
    expect(bad.body.errors[0].extensions.code).toBe("parameter_invalid");
    expect(bad.body.errors[0].extensions.param).toBe("input.claimantId");
    const grants = await api.get(`/v1/matters/${matterId}/authority`);
    await made(
      api.post(`/v1/matters/${matterId}/authority/${grants.body.items[0].authority_id}/revoke`, {
        reason: "ended",
      }),
      200,
    );
    const gated = await api.graphql(
      `mutation ($id: ID!) { exportPacket(id: $id, input: { format: pdf }) { exportId } }`,
      { id: packetId },
    );
    expect(gated.body.errors[0].extensions.code).toBe("authority_required");
  });
});

describe("exportMove", () => {
  it("moves only approved packets, keeps drafts, reviews and final ones, and refuses closed ones", () => {
    expect(exportMove("approved")).toEqual({ ok: true, to: "exported" });
    expect(exportMove("closed")).toEqual({ ok: false });
    fc.assert(
      fc.property(fc.constantFrom(...PACKET_STATUSES), (status) => {
        const move = exportMove(status);
        if (status === "closed") return !move.ok;
        return move.ok && move.to === (status === "approved" ? "exported" : status);
      }),
    );
  });
});
