import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { correlatedLevel, LEVELS, signalLevel } from "../../plugins/network/levels.js";
import { findFullIpAddress } from "../../plugins/network/redaction.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { type ApiResponse, type Client, errorOf } from "../helpers/http.js";
import { Seed, type SeededOrg } from "../helpers/seed.js";

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
let matterId: string;

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const EVM2 = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

beforeAll(async () => {
  app = await startTestApp();
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
  matterId = await seed.matter(api);
});
afterAll(() => app.dispose());

const auditOf = (res: ApiResponse) =>
  app.db.root.auditEvent.findMany({ where: { requestId: res.body.audit_ref } });

const signalBody = (extra: Record<string, unknown> = {}) => ({
  matter_id: matterId,
  signal_type: "exchange_login_ip",
  source: "Exchange X compliance",
  wallet_address: EVM,
  ...extra,
});

async function signal(extra: Record<string, unknown> = {}, client = api) {
  const res = await client.post("/v1/network-attribution/signals", signalBody(extra));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("redaction check of raw network values", () => {
  it.each([
    ["IPv4", "login from 203.0.113.7", "203.0.113.7"],
    ["IPv4 with a port", "seen at 10.0.0.1:8080 twice", "10.0.0.1"],
    ["IPv4 at a sentence end", "source was 198.51.100.23.", "198.51.100.23"],
    ["IPv4 as a /32 host", "10.0.0.1/32", "10.0.0.1"],
    ["IPv4 glued to letters", "client203.0.113.7ms", "203.0.113.7"],
    ["IPv6 glued to letters", "addr2001:db8::7334xyz", "2001:db8::7334"],
    [
      "full IPv6",
      "2001:0db8:0000:0000:0000:ff00:0042:8329",
      "2001:0db8:0000:0000:0000:ff00:0042:8329",
    ],
    ["compressed IPv6", "ip=2001:db8::1,", "2001:db8::1"],
    ["bracketed IPv6 with a port", "[2001:db8::42]:443", "2001:db8::42"],
    ["IPv6 with a zone", "fe80::1%eth0", "fe80::1"],
    ["IPv6 as a /128 host", "2001:db8::1/128", "2001:db8::1"],
  ])("finds a full address: %s", (_name, text, found) => {
    expect(findFullIpAddress(text)).toBe(found);
  });

  it("finds an IPv4-mapped IPv6 address", () => {
    expect(findFullIpAddress("::ffff:192.0.2.1")).not.toBeNull();
  });

  it.each([
    ["octets masked", "192.168.x.x"],
    ["last octet masked", "203.0.113.xxx"],
    ["IPv4 prefix", "192.168.0.0/16"],
    ["IPv6 prefix", "2001:db8::/32"],
    ["IPv6 masked groups", "2001:db8:xxxx::"],
    ["a hash", "sha256:9f2c4e6a8b0d1f3e"],
    ["a timestamp", "2026-06-11T09:30:00.000Z"],
    ["a clock time", "12:30:45"],
    ["a version number", "v1.2.3.4.5"],
    ["an out-of-range quad", "999.1.1.1"],
    ["a C++ scope", "Foo::bar"],
    ["an EVM address", EVM],
  ])("accepts a redacted or unrelated value: %s", (_name, text) => {
    expect(findFullIpAddress(text)).toBeNull();
  });

  it("finds any IPv4 address embedded in any text", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(
        fc.tuple(octet, octet, octet, octet),
        fc.constantFrom(" ", ", ", " (", "="),
        (q, sep) => {
          const ip = q.join(".");
          expect(findFullIpAddress(`client${sep}${ip}${sep === " (" ? ")" : ""} end`)).toBe(ip);
        },
      ),
    );
  });
});

describe("signal levels", () => {
  it("gives L1 only through legal process and never more on network evidence alone", () => {
    expect(signalLevel(null)).toBe("L0");
    expect(signalLevel("subpoena-1")).toBe("L1");
    expect([0, 1, 2, 5].map((n) => correlatedLevel("L1", n))).toEqual(["L1", "L2", "L3", "L3"]);
    fc.assert(
      fc.property(fc.constantFrom(...LEVELS), fc.nat(10), (own, links) => {
        const level = correlatedLevel(own, links);
        if (links === 0) expect(["L0", "L1"]).toContain(level);
        if (own === "L0") expect(level).toBe("L0");
        expect(LEVELS.indexOf(correlatedLevel(own, links + 1))).toBeGreaterThanOrEqual(
          LEVELS.indexOf(level),
        );
      }),
    );
  });
});

describe("recording network signals over REST", () => {
  it("records a signal with its level, audited, and reads it back", async () => {
    const res = await api.post(
      "/v1/network-attribution/signals",
      signalBody({
        legal_process_id: "subpoena-2026-0142",
        timestamp: "2026-06-01T12:00:00.000Z",
        raw_value_redacted: "203.0.113.x",
        privacy_restrictions: ["counsel_only"],
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      network_attribution_id: expect.stringMatching(/^nas_[0-9a-z]{26}$/),
      matter_id: matterId,
      wallet_address: EVM,
      signal_type: "exchange_login_ip",
      source: "Exchange X compliance",
      legal_process_id: "subpoena-2026-0142",
      confidence_level: "L1",
      timestamp: "2026-06-01T12:00:00.000Z",
      raw_value_redacted: "203.0.113.x",
      privacy_restrictions: ["counsel_only"],
      created_at: expect.any(String),
      audit_ref: res.headers.get("MD-Request-Id"),
    });
    expect(await auditOf(res)).toMatchObject([
      {
        eventType: "network_signal.recorded",
        objectId: res.body.network_attribution_id,
        matterId,
        details: { confidence_level: "L1" },
      },
    ]);
    const read = await api.get(`/v1/network-attribution/${res.body.network_attribution_id}`);
    expect(read.status).toBe(200);
    expect({ ...read.body, audit_ref: null }).toEqual({ ...res.body, audit_ref: null });
    expect((await signal({ wallet_address: undefined })).confidence_level).toBe("L0");
  });

  it.each([
    ["IPv4", "203.0.113.7"],
    ["IPv6", "2001:0db8:85a3:0000:0000:8a2e:0370:7334"],
    ["compressed IPv6", "user at 2001:db8::7334"],
    ["IPv4-mapped IPv6", "::ffff:203.0.113.7"],
    ["IPv4 with a port", "203.0.113.7:51234"],
    ["bracketed IPv6 with a port", "[2001:db8::7334]:443"],
  ])("refuses a full address in raw_value_redacted: %s", async (_name, raw) => {
    const before = await app.db.root.networkSignal.count();
    const res = await api.post(
      "/v1/network-attribution/signals",
      signalBody({ raw_value_redacted: raw }),
    );
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "parameter_invalid", param: "raw_value_redacted" });
    expect(res.text).not.toContain(raw);
    expect(await app.db.root.networkSignal.count()).toBe(before);
  });

  it.each(["192.168.x.x", "2001:db8::/32", "203.0.113.0/24", "login at 10:42:07 from Lisbon"])(
    "accepts a redacted value: %s",
    async (raw) => {
      expect((await signal({ raw_value_redacted: raw })).raw_value_redacted).toBe(raw);
    },
  );

  it("checks required fields, types, unknown fields, the wallet address and the matter", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ signal_type: undefined }, "parameter_missing", "signal_type"],
      [{ source: undefined }, "parameter_missing", "source"],
      [{ matter_id: undefined }, "parameter_missing", "matter_id"],
      [{ signal_type: "" }, "parameter_invalid", "signal_type"],
      [{ timestamp: "yesterday" }, "parameter_invalid", "timestamp"],
      [{ privacy_restrictions: "counsel_only" }, "parameter_invalid", "privacy_restrictions"],
      [
        { privacy_restrictions: Array(1001).fill("x") },
        "parameter_invalid",
        "privacy_restrictions",
      ],
      [
        { wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" },
        "parameter_invalid",
        "wallet_address",
      ],
      [{ confidence_level: "L3" }, "unknown_parameter", "confidence_level"],
      [{ ip_address: "203.0.113.7" }, "unknown_parameter", "ip_address"],
    ];
    for (const [extra, code, param] of cases) {
      const res = await api.post("/v1/network-attribution/signals", signalBody(extra));
      expect(res.status, `${JSON.stringify(extra).slice(0, 80)}: ${res.text}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
    const missing = await api.post(
      "/v1/network-attribution/signals",
      signalBody({ matter_id: "mat_01jxd4m5q6r7s8t9v0w1x2y3z4" }),
    );
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: "resource_missing", param: "matter_id" });
  });

  it("replays an idempotent signal without recording it twice", async () => {
    const headers = { "Idempotency-Key": `nas-${Date.now()}` };
    const before = await app.db.root.networkSignal.count();
    const first = await api.post("/v1/network-attribution/signals", signalBody(), { headers });
    const again = await api.post("/v1/network-attribution/signals", signalBody(), { headers });
    expect(first.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await app.db.root.networkSignal.count()).toBe(before + 1);
  });
});

describe("correlating signals with wallets over REST", () => {
  it("keeps IP-only correlations at L1 or below, raises them with non-network links, always under review", async () => {
    const matter = await seed.matter(api);
    const imported = await api.post("/v1/attribution/wallets/import", {
      matter_id: matter,
      wallets: [{ address: EVM }, { address: EVM2 }],
    });
    const [w1, w2] = imported.body.wallets;
    const withProcess = await signal({ matter_id: matter, legal_process_id: "subpoena-7" });
    const unverified = await signal({ matter_id: matter, wallet_address: EVM.toLowerCase() });
    const onOther = await signal({
      matter_id: matter,
      wallet_address: EVM2,
      legal_process_id: "order-9",
    });
    const correlate = () => api.post("/v1/network-attribution/correlate", { matter_id: matter });

    const alone = await correlate();
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body.matter_id).toBe(matter);
    const levels = (res: ApiResponse) =>
      res.body.correlations.map((c: any) => [c.signal_id, c.wallet_id, c.confidence_level]);
    expect(levels(alone)).toEqual([
      [withProcess.network_attribution_id, w1.wallet_id, "L1"],
      [unverified.network_attribution_id, w1.wallet_id, "L0"],
      [onOther.network_attribution_id, w2.wallet_id, "L1"],
    ]);
    for (const c of alone.body.correlations) {
      expect(c.review_required).toBe(true);
      expect(c.explanation).toMatch(/not standalone proof/);
      expect(c.subject).toBe(c.wallet_id === w1.wallet_id ? EVM : EVM2);
    }
    expect(alone.body.correlations[0].explanation).toMatch(/stays L1/);

    // Network-only claims are not independent links; other evidence is.
    const claim = async (subject: string, source_type: string) =>
      (
        await api.post("/v1/attribution/claims", {
          matter_id: matter,
          subject,
          predicate: "controlled_by",
          object: "Jane Doe",
          source_type,
        })
      ).body.claim_id;
    await claim(EVM, "ip_signal");
    expect(levels(await correlate())[0][2]).toBe("L1");
    const link1 = await claim(w1.wallet_id, "vasp_response");
    const one = await correlate();
    expect(levels(one)[0][2]).toBe("L2");
    expect(one.body.correlations[0].non_network_links).toEqual([link1]);
    const link2 = await claim(EVM.toLowerCase(), "on_chain");
    const two = await correlate();
    expect(levels(two)).toEqual([
      [withProcess.network_attribution_id, w1.wallet_id, "L3"],
      [unverified.network_attribution_id, w1.wallet_id, "L0"],
      [onOther.network_attribution_id, w2.wallet_id, "L1"],
    ]);
    expect(two.body.correlations[0].non_network_links).toEqual([link1, link2]);
    expect(two.body.correlations.every((c: any) => c.review_required === true)).toBe(true);
    expect(await auditOf(two)).toMatchObject([
      { eventType: "network_signals.correlated", objectId: matter, matterId: matter },
    ]);

    const narrowed = await api.post("/v1/network-attribution/correlate", {
      matter_id: matter,
      wallet_ids: [w2.wallet_id],
      signal_ids: [onOther.network_attribution_id, withProcess.network_attribution_id],
    });
    expect(levels(narrowed)).toEqual([[onOther.network_attribution_id, w2.wallet_id, "L1"]]);
  });

  it("refuses malformed and out-of-matter ids naming the item", async () => {
    const matter = await seed.matter(api);
    const { body } = await api.post("/v1/attribution/wallets/import", {
      matter_id: matter,
      wallets: [{ address: EVM }],
    });
    const mine = body.wallets[0].wallet_id;
    const mySignal = (await signal({ matter_id: matter })).network_attribution_id;
    const theirSignal = (await signal()).network_attribution_id;
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ wallet_ids: [] }, 400, "parameter_invalid", "wallet_ids"],
      [{ signal_ids: [mySignal, mine] }, 400, "parameter_invalid", "signal_ids[1]"],
      [{ signal_ids: [mySignal, mySignal] }, 400, "parameter_invalid", "signal_ids[1]"],
      [{ wallet_ids: "wal" }, 400, "parameter_invalid", "wallet_ids"],
      [{ confidence_level: "L3" }, 400, "unknown_parameter", "confidence_level"],
      [{ signal_ids: [mySignal, theirSignal] }, 404, "resource_missing", "signal_ids[1]"],
      [
        { wallet_ids: ["wal_01jxd4m5q6r7s8t9v0w1x2y3z4"] },
        404,
        "resource_missing",
        "wallet_ids[0]",
      ],
    ];
    for (const [extra, status, code, param] of cases) {
      const res = await api.post("/v1/network-attribution/correlate", {
        matter_id: matter,
        ...extra,
      });
      expect(res.status, `${JSON.stringify(extra)}: ${res.text}`).toBe(status);
      expect(errorOf(res)).toMatchObject({ code, param });
    }
    const reader = await org.key({ scopes: ["network:read", "network:write"] });
    const denied = await reader.post("/v1/network-attribution/correlate", { matter_id: matter });
    expect(errorOf(denied)).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "network:correlate" },
    });
  });
});

describe("network attribution isolation and GraphQL", () => {
  it("answers 404 to other organizations, the live environment and matter-limited keys", async () => {
    const foreign = await seed.foreignMatter((await seed.org()).admin);
    const owner = foreign.owner.admin;
    const s = await signal({ matter_id: foreign.matterId }, owner);
    const before = await app.db.root.auditEvent.count();
    for (const outsider of foreign.outsiders) {
      const read = await outsider.get(`/v1/network-attribution/${s.network_attribution_id}`);
      expect(read.status).toBe(404);
      expect(errorOf(read)).toMatchObject({ code: "resource_missing" });
      for (const [path, body] of [
        ["/v1/network-attribution/signals", signalBody({ matter_id: foreign.matterId })],
        ["/v1/network-attribution/correlate", { matter_id: foreign.matterId }],
      ] as const) {
        const res = await outsider.post(path, body);
        expect(res.status, res.text).toBe(404);
        expect(errorOf(res)).toMatchObject({ code: "resource_missing", param: "matter_id" });
      }
      const gql = await outsider.graphql(`query ($id: ID!) { node(id: $id) { id } }`, {
        id: s.network_attribution_id,
      });
      expect(gql.body.data.node).toBeNull();
    }
    // The limited key, in its own matter, cannot name the other matter's signal.
    const crossed = await foreign.limited.post("/v1/network-attribution/correlate", {
      matter_id: foreign.elsewhere,
      signal_ids: [s.network_attribution_id],
    });
    expect(crossed.status).toBe(404);
    expect(errorOf(crossed)).toMatchObject({ code: "resource_missing", param: "signal_ids[0]" });
    expect(await app.db.root.auditEvent.count()).toBe(before);
  });

  it("records, reads and correlates through GraphQL with the same rules", async () => {
    const matter = await seed.matter(api);
    await api.post("/v1/attribution/wallets/import", {
      matter_id: matter,
      wallets: [{ address: EVM }],
    });
    const made = await api.graphql(
      `mutation ($m: ID!) { recordNetworkSignal(input: { matterId: $m, signalType: "exchange_login_ip", source: "Exchange X", walletAddress: "${EVM}", legalProcessId: "order-1" }) { networkAttributionId confidenceLevel } }`,
      { m: matter },
    );
    expect(made.body.errors).toBeUndefined();
    const id = made.body.data.recordNetworkSignal.networkAttributionId;
    expect(made.body.data.recordNetworkSignal.confidenceLevel).toBe("L1");
    const read = await api.graphql(
      `query ($id: ID!) { networkSignal(id: $id) { signalType } node(id: $id) { ... on NetworkSignal { source } } }`,
      { id },
    );
    expect(read.body.data).toEqual({
      networkSignal: { signalType: "exchange_login_ip" },
      node: { source: "Exchange X" },
    });
    const correlated = await api.graphql(
      `mutation ($m: ID!) { correlateNetworkSignals(input: { matterId: $m }) { correlations { signalId confidenceLevel reviewRequired } } }`,
      { m: matter },
    );
    expect(correlated.body.data.correlateNetworkSignals.correlations).toEqual([
      { signalId: id, confidenceLevel: "L1", reviewRequired: true },
    ]);
    const refused = await api.graphql(
      `mutation ($m: ID!) { recordNetworkSignal(input: { matterId: $m, signalType: "t", source: "s", rawValueRedacted: "[2001:db8::1]:443" }) { networkAttributionId } }`,
      { m: matter },
    );
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: "parameter_invalid",
      param: "input.rawValueRedacted",
    });
  });
});
