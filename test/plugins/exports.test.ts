import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportRequest } from "../../plugins/exports/service.js";
import {
  partialIdentifier,
  redactJson,
  redactText,
  shortAddress,
} from "../../plugins/exports/redaction.js";
import { renderExport } from "../../plugins/exports/render.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import {
  SAMPLE_ADDRESSES,
  SAMPLE_IDENTIFIERS,
  SAMPLE_PERSON,
  sampleDocument,
  sampleJson,
} from "../helpers/export-document.js";
import { recordExport } from "../helpers/exports.js";
import { type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

const MATTER_NAME = "Acme Corp v. Debtorson";
const CASE_NUMBER = "BC-778899";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Text of a PDF as poppler's pdftotext reads it (poppler-utils must be installed). */
function pdfToText(pdf: Uint8Array): string {
  const run = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf });
  if (run.error)
    throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString("utf8");
}

/** pdfinfo's fields: the file opens in a PDF reader and says what it is. */
function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const run = spawnSync("pdfinfo", ["-"], { input: pdf });
  if (run.error) throw new Error(`pdfinfo is needed (apt-get install poppler-utils): ${run.error}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  expect(run.stderr.toString()).toBe("");
  return Object.fromEntries(
    run.stdout
      .toString()
      .split("\n")
      .filter((l) => l.includes(":"))
      .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
  );
}

/** Every full address, name and identifier of the sample, none of which `public` may show. */
const SECRETS = [
  ...Object.values(SAMPLE_ADDRESSES),
  SAMPLE_PERSON,
  ...Object.values(SAMPLE_IDENTIFIERS),
  "Jane Victim",
  "Richard Roe",
];

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let matterId: string;
let otherMatterId: string;

type Options = Partial<ExportRequest> & { draft?: boolean; sources?: number };

async function exportOf(o: Options = {}) {
  const draft = o.draft ?? true;
  const sample = {
    matterName: MATTER_NAME,
    caseNumber: CASE_NUMBER,
    draft,
    sources: o.sources ?? 12,
    claimants: ["clm_jane", "clm_richard"] as [string, string],
  };
  const objectId = o.objectId ?? "pkt_01jxexportstest0000000000";
  return recordExport(app, org.admin, {
    objectType: "packet",
    objectId,
    matterId: o.matterId ?? matterId,
    format: o.format ?? "pdf",
    redactionProfile: o.redactionProfile ?? "none",
    claimantId: o.claimantId ?? null,
    document: o.document ?? sampleDocument(sample),
    json: o.json ?? sampleJson({ ...sample, packetId: objectId, matterId: o.matterId ?? matterId }),
    filenameBase: o.filenameBase ?? `freeze-request-${objectId}`,
  });
}

async function download(client: Client, exportId: string) {
  const res = await client.get(`/v1/exports/${exportId}/download`);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res;
}

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  matterId = await seed.matter(org.admin, MATTER_NAME);
  otherMatterId = await seed.matter(org.admin);
}, 60_000);
afterAll(() => app?.dispose());

describe("GET /v1/exports/{export_id}", () => {
  it("returns the Export with its download_url, audit id, SHA-256 and size", async () => {
    const made = await exportOf({ format: "pdf" });
    const res = await org.admin.get(`/v1/exports/${made.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      export_id: made.id,
      object_type: "packet",
      object_id: made.objectId,
      matter_id: matterId,
      format: "pdf",
      redaction_profile: "none",
      claimant_id: null,
      status: "ready",
      download_url: `/v1/exports/${made.id}/download`,
      filename: `freeze-request-${made.objectId}.pdf`,
      content_type: "application/pdf",
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      size_bytes: expect.any(Number),
      audit_id: expect.stringMatching(/^aud_/),
      request_id: made.requestId,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      audit_ref: res.headers.get("md-request-id"),
    });
  });

  it("answers 404 resource_missing for an unknown or malformed id", async () => {
    for (const id of ["exp_01h00000000000000000000000", "nope"]) {
      for (const path of [`/v1/exports/${id}`, `/v1/exports/${id}/download`]) {
        const res = await org.admin.get(path);
        expect(res.status, path).toBe(404);
        expect(errorOf(res).code).toBe("resource_missing");
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      }
    }
  });

  it("refuses query parameters neither endpoint takes", async () => {
    const made = await exportOf({ format: "json" });
    for (const path of [`/v1/exports/${made.id}`, `/v1/exports/${made.id}/download`]) {
      const res = await org.admin.get(`${path}?format=pdf`);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "unknown_parameter", param: "format" });
    }
  });
});

describe("GET /v1/exports/{export_id}/download", () => {
  it("sends a draft packet's PDF with download headers, its stored hash and a DRAFT marking", async () => {
    const made = await exportOf({ format: "pdf", draft: true });
    const res = await download(org.admin, made.id);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(res.bytes.length));
    expect(res.bytes.length).toBe(made.sizeBytes);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="freeze-request-${made.objectId}.pdf"`,
    );
    expect(sha256(res.bytes)).toBe(made.sha256);
    expect(res.headers.get("etag")).toBe(`"${made.sha256}"`);
    expect(res.headers.get("repr-digest")).toBe(
      `sha-256=:${Buffer.from(made.sha256, "hex").toString("base64")}:`,
    );
    expect(res.headers.get("md-request-id")).toMatch(/^req_/);
    expect(res.headers.get("md-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(strFromU8(res.bytes.subarray(0, 5))).toBe("%PDF-");

    const info = pdfInfo(res.bytes);
    expect(info.Title).toBe("Exchange freeze request");
    expect(info.Subject).toBe(`packet ${made.objectId} (export ${made.id})`);
    expect(Number(info.Pages)).toBeGreaterThanOrEqual(2);
    const text = pdfToText(res.bytes);
    for (const expected of ["Exchange freeze request", MATTER_NAME, `Case No. ${CASE_NUMBER}`]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("DRAFT — NOT APPROVED");
    // The header marks every page.
    expect(text.match(/DRAFT — NOT APPROVED/g)).toHaveLength(Number(info.Pages));
    expect(text).toContain(`Page 1 of ${info.Pages}`);
    expect(text).toContain(SAMPLE_ADDRESSES.evm);
    expect(text).toContain("Source manifest");
  });

  it("marks no DRAFT on an approved packet's PDF", async () => {
    const made = await exportOf({ format: "pdf", draft: false });
    const text = pdfToText((await download(org.admin, made.id)).bytes);
    expect(text).toContain(MATTER_NAME);
    expect(text).toContain("Approved");
    expect(text).not.toMatch(/draft/i);
  });

  it("paginates a long source manifest, numbering every page", async () => {
    const made = await exportOf({ format: "pdf", sources: 300 });
    const bytes = (await download(org.admin, made.id)).bytes;
    const pages = Number(pdfInfo(bytes).Pages);
    expect(pages).toBeGreaterThan(5);
    const text = pdfToText(bytes);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
    expect(text).toContain("src_0300");
    // The table's header is repeated on each page it continues on.
    expect(text.match(/Chain of\s+custody/g)!.length).toBeGreaterThan(pages - 3);
  });

  it("sends a ZIP of the JSON, the PDF and a manifest whose SHA-256 sums verify", async () => {
    const made = await exportOf({ format: "zip" });
    const res = await download(org.admin, made.id);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="freeze-request-${made.objectId}.zip"`,
    );
    expect(sha256(res.bytes)).toBe(made.sha256);
    const files = unzipSync(res.bytes);
    const base = `freeze-request-${made.objectId}`;
    expect(Object.keys(files).sort()).toEqual([`${base}.json`, `${base}.pdf`, "manifest.json"]);
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!));
    expect(manifest).toMatchObject({ export_id: made.id, algorithm: "SHA-256" });
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual([
      `${base}.json`,
      `${base}.pdf`,
    ]);
    for (const f of manifest.files) {
      expect(sha256(files[f.name]!), f.name).toBe(f.sha256);
      expect(files[f.name]!.length).toBe(f.size_bytes);
    }
    const json = JSON.parse(strFromU8(files[`${base}.json`]!));
    expect(json.object.packet_id).toBe(made.objectId);
    expect(json.source_manifest).toHaveLength(12);
    expect(pdfToText(files[`${base}.pdf`]!)).toContain(MATTER_NAME);
  });

  it("sends the JSON: the object with its source manifest", async () => {
    const made = await exportOf({ format: "json" });
    const res = await download(org.admin, made.id);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(sha256(res.bytes)).toBe(made.sha256);
    // The file as stored: no audit_ref is added to it.
    expect(res.body.audit_ref).toBeUndefined();
    expect(res.body).toMatchObject({
      export_id: made.id,
      object_type: "packet",
      object_id: made.objectId,
      matter_id: matterId,
      redaction_profile: "none",
      draft: true,
      object: { packet_id: made.objectId, debtor: { legal_name: SAMPLE_PERSON } },
    });
    expect(res.body.source_manifest).toHaveLength(12);
    expect(res.body.source_manifest[0]).toEqual({
      source_id: "src_0001",
      source_type: "vasp_response",
      title: expect.stringContaining("Evidence item 1"),
      uri: "https://evidence.example.com/items/1",
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      chain_of_custody_id: null,
    });
  });
});

describe("redaction profiles", () => {
  /** The text of every file an export holds: PDF text, JSON, and both again inside a ZIP. */
  async function textsOf(profile: ExportRequest["redactionProfile"], claimantId?: string) {
    const texts: Record<string, string> = {};
    for (const format of ["pdf", "json", "zip"] as const) {
      const made = await exportOf({ format, redactionProfile: profile, claimantId });
      const bytes = (await download(org.admin, made.id)).bytes;
      expect(made.filename).toBe(
        `freeze-request-${made.objectId}${profile === "none" ? "" : `-${profile}`}.${format}`,
      );
      if (format === "pdf") texts.pdf = pdfToText(bytes);
      else if (format === "json") texts.json = strFromU8(bytes);
      else {
        for (const [name, content] of Object.entries(unzipSync(bytes))) {
          texts[`zip:${name}`] = name.endsWith(".pdf") ? pdfToText(content) : strFromU8(content);
        }
      }
    }
    return texts;
  }

  it("public leaves no full wallet address, name or personal identifier in any file", async () => {
    const texts = await textsOf("public");
    expect(Object.keys(texts)).toHaveLength(5);
    for (const [where, text] of Object.entries(texts)) {
      for (const secret of SECRETS) expect(text, `${where} shows ${secret}`).not.toContain(secret);
      expect(text, where).not.toMatch(/0x[0-9a-fA-F]{40}/);
    }
    expect(texts.pdf).toContain(shortAddress(SAMPLE_ADDRESSES.evm));
    expect(texts.pdf).toContain("[name redacted]");
    expect(texts.pdf).toContain("USD 1,254,300.17");
    const json = JSON.parse(texts.json!);
    expect(json.object.debtor).toEqual({
      legal_name: "[name redacted]",
      type: "individual",
      identifiers: { ssn: "[redacted]" },
    });
    expect(json.object.wallets[0]).toEqual({ address: "0x5aAe…eAed", network: "various" });
    expect(json.object.claimant_distributions[0]).toEqual({
      claimant_id: "[claimant]",
      name: "[redacted]",
      amount: "[redacted]",
      currency: "USD",
    });
  });

  it("counsel keeps names and addresses and the last four characters of identifiers", async () => {
    const texts = await textsOf("counsel");
    for (const [where, text] of Object.entries(texts)) {
      if (where.endsWith("manifest.json")) continue;
      expect(text).toContain(SAMPLE_ADDRESSES.evm);
      expect(text).not.toContain(SAMPLE_IDENTIFIERS.ssn);
      expect(text).not.toContain(SAMPLE_IDENTIFIERS.email);
      expect(text).toContain("***-**-6789");
      expect(text).toContain("j***@example.com");
    }
    expect(texts.pdf).toContain(SAMPLE_PERSON);
    expect(texts.pdf).toContain("****-****7766");
  });

  it("claimant shows the viewer's own identity and share and hides the other claimant's", async () => {
    const texts = await textsOf("claimant", "clm_jane");
    for (const [where, text] of Object.entries(texts)) {
      if (where.endsWith("manifest.json")) continue;
      expect(text, where).toContain("Jane Victim");
      expect(text, where).not.toContain("Richard Roe");
      expect(text, where).not.toContain(SAMPLE_IDENTIFIERS.ssn);
    }
    expect(texts.pdf).toContain("USD 600.00");
    expect(texts.pdf).not.toContain("USD 400.00");
    expect(texts.pdf).toContain("[other claimant]");
    const json = JSON.parse(texts.json!);
    expect(json.claimant_id).toBe("clm_jane");
    expect(json.object.claimant_distributions).toEqual([
      { claimant_id: "clm_jane", name: "Jane Victim", amount: 600, currency: "USD" },
      {
        claimant_id: "[other claimant]",
        name: "[redacted]",
        amount: "[redacted]",
        currency: "USD",
      },
    ]);
  });
});

describe("audit and events", () => {
  it("records the export audit event with the request id, hash, size, format and profile, and emits packet.exported", async () => {
    const made = await exportOf({ format: "zip", redactionProfile: "counsel" });
    const audit = await org.admin.get(`/v1/audit/events/${made.auditId}`);
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body).toMatchObject({
      event_type: "packet.exported",
      object_type: "packet",
      object_id: made.objectId,
      matter_id: matterId,
      request_id: made.requestId,
      details: {
        export_id: made.id,
        format: "zip",
        redaction_profile: "counsel",
        sha256: made.sha256,
        size_bytes: made.sizeBytes,
        content_type: "application/zip",
      },
    });
    const events = await org.admin.get(`/v1/events?type=packet.exported&limit=100`);
    const event = events.body.items.find((e: any) => e.data.export_id === made.id);
    expect(event?.data).toMatchObject({
      matter_id: matterId,
      object_type: "packet",
      object_id: made.objectId,
      format: "zip",
      sha256: made.sha256,
    });
  });
});

describe("who may read an export", () => {
  it("answers 404 to another organization, the live environment and a key limited to another matter", async () => {
    const made = await exportOf({ format: "pdf" });
    const stranger = (await seed.org()).admin;
    const live = await org.key({ environment: "live" });
    const elsewhere = await org.key({ matter_ids: [otherMatterId] });
    for (const client of [stranger, live, elsewhere]) {
      for (const path of [`/v1/exports/${made.id}`, `/v1/exports/${made.id}/download`]) {
        const res = await client.get(path);
        expect(res.status, path).toBe(404);
        expect(errorOf(res).code).toBe("resource_missing");
      }
      const gql = await client.graphql(
        `query ($id: ID!) { node(id: $id) { id } export(id: $id) { exportId } }`,
        { id: made.id },
      );
      expect(gql.body.data?.node ?? null).toBeNull();
      expect(gql.body.errors[0].extensions.code).toBe("resource_missing");
    }
    const mine = await org.key({ matter_ids: [matterId], scopes: ["exports:read"] });
    expect((await mine.get(`/v1/exports/${made.id}`)).status).toBe(200);
    expect(sha256((await download(mine, made.id)).bytes)).toBe(made.sha256);
  });

  it("needs the exports:read scope on both endpoints", async () => {
    const made = await exportOf({ format: "json" });
    const reader = await org.key({ scopes: ["packets:read", "matters:read"] });
    for (const path of [`/v1/exports/${made.id}`, `/v1/exports/${made.id}/download`]) {
      const res = await reader.get(path);
      expect(res.status, path).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: "insufficient_scope",
        details: { required_scope: "exports:read" },
      });
    }
    const gql = await reader.graphql(`query ($id: ID!) { exportFile(id: $id) { sha256 } }`, {
      id: made.id,
    });
    expect(gql.body.errors[0].extensions.code).toBe("insufficient_scope");
  });
});

describe("GraphQL", () => {
  it("resolves export(id), node(id) and exportFile(id) with the same bytes as the download", async () => {
    const made = await exportOf({ format: "pdf", redactionProfile: "public" });
    const res = await org.admin.graphql(
      `query ($id: ID!) {
        export(id: $id) { id exportId objectType format redactionProfile status downloadUrl sha256 sizeBytes auditId }
        node(id: $id) { ... on Export { exportId filename } }
        exportFile(id: $id) { filename contentType sizeBytes sha256 contentBase64 }
      }`,
      { id: made.id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.export).toEqual({
      id: made.id,
      exportId: made.id,
      objectType: "packet",
      format: "pdf",
      redactionProfile: "public",
      status: "ready",
      downloadUrl: `/v1/exports/${made.id}/download`,
      sha256: made.sha256,
      sizeBytes: made.sizeBytes,
      auditId: made.auditId,
    });
    expect(res.body.data.node).toEqual({ exportId: made.id, filename: made.filename });
    const file = res.body.data.exportFile;
    const bytes = Buffer.from(file.contentBase64, "base64");
    expect(file).toMatchObject({ contentType: "application/pdf", sizeBytes: bytes.length });
    expect(sha256(bytes)).toBe(made.sha256);
  });
});

describe("rendering (pure)", () => {
  const input = (draft: boolean) => {
    const sample = { matterName: MATTER_NAME, caseNumber: CASE_NUMBER, draft };
    return {
      exportId: "exp_01jxrenderdeterminism00000",
      objectType: "packet",
      objectId: "pkt_01jxrender",
      matterId: "mat_01jxrender",
      createdAt: new Date("2026-06-11T09:30:00.000Z"),
      redaction: { profile: "public" as const },
      document: sampleDocument(sample),
      json: sampleJson({ ...sample, packetId: "pkt_01jxrender", matterId: "mat_01jxrender" }),
      base: "render",
    };
  };

  it("renders the same export to the same bytes, in every format", async () => {
    for (const format of ["pdf", "zip", "json"] as const) {
      const a = await renderExport(format, input(true));
      const b = await renderExport(format, input(true));
      expect(a.sha256, format).toBe(b.sha256);
    }
  });

  it("spells text the standard fonts cannot show instead of printing wrong glyphs", async () => {
    const doc = sampleDocument({
      matterName: "Łódź → Zürich ≥ 5 漢字",
      caseNumber: "X",
      draft: false,
    });
    const out = await renderExport("pdf", {
      ...input(false),
      document: doc,
      redaction: { profile: "none" },
    });
    expect(pdfToText(out.bytes)).toContain("Lódz -> Zürich >= 5 ??");
  });
});

describe("redaction rules (pure)", () => {
  const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${n}}$`));

  it("shortens every EVM address inside public text, wherever it sits", () => {
    fc.assert(
      fc.property(fc.string(), hex(40), fc.string(), (before, body, after) => {
        const address = `0x${body}`;
        const out = redactText(`${before} ${address} ${after}`, { profile: "public" });
        expect(out).not.toContain(address);
        expect(out).toContain(shortAddress(address));
      }),
    );
  });

  it("keeps exactly the last four letters or digits of a partial identifier", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9-]{5,30}$/), (id) => {
        const alnum = id.replace(/[^A-Z0-9]/g, "");
        fc.pre(alnum.length > 4);
        const out = partialIdentifier(id);
        expect(out).toHaveLength(id.length);
        expect(out.replace(/[^A-Z0-9]/g, "")).toBe(alnum.slice(-4));
      }),
    );
  });

  it("changes nothing under none and never alters its input", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const before = JSON.stringify(value);
        expect(redactJson(value, { profile: "none" })).toEqual(JSON.parse(before ?? "null"));
        redactJson(value, { profile: "public" });
        expect(JSON.stringify(value)).toBe(before);
      }),
    );
  });

  it("masks other claimants' records whole and keeps the viewer's", () => {
    const value = {
      claimants: [
        { claimant_id: "clm_a", name: "A", economics: { share_percentage: 60 }, role: "victim" },
        { claimant_id: "clm_b", name: "B", economics: { share_percentage: 40 }, role: "victim" },
      ],
      claimant_ids: ["clm_a", "clm_b"],
    };
    expect(redactJson(value, { profile: "claimant", claimantId: "clm_a" })).toEqual({
      claimants: [
        value.claimants[0],
        {
          claimant_id: "[other claimant]",
          name: "[redacted]",
          economics: { share_percentage: "[redacted]" },
          role: "victim",
        },
      ],
      claimant_ids: ["clm_a", "[other claimant]"],
    });
  });
});
