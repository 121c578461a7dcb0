import { readFileSync } from "node:fs";
import { sha256 } from "@noble/hashes/sha2.js";
import { base58, base58check, bech32 } from "@scure/base";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkWalletAddress, toEip55 } from "../../plugins/debtors/addresses.js";
import { addBusinessDays, federalHolidays } from "../../plugins/sanctions/business-days.js";
import { sanctionsGate } from "../../plugins/sanctions/gate.js";
import type {
  AddressListDocument,
  NameListDocument,
} from "../../plugins/sanctions/list/documents.js";
import { sanctionsList } from "../../plugins/sanctions/list/load.js";
import { tokenJaroWinkler } from "../../plugins/sanctions/screening/name-score.js";
import { addressKey, nameKey, nameTokens } from "../../plugins/sanctions/screening/normalize.js";
import { screen } from "../../plugins/sanctions/screening/screen.js";

const list = sanctionsList();
const shipped = JSON.parse(
  readFileSync(
    new URL("../../data/sanctions/sdn-digital-currency-addresses.json", import.meta.url),
    "utf8",
  ),
) as AddressListDocument;
const names = list.nameList as NameListDocument;

const wallets = (w: string[]) => screen(list, { wallets: w, entities: [], counterparties: [] });
const entity = (name: string) =>
  screen(list, { wallets: [], entities: [name], counterparties: [] });

/** Deterministic PRNG (mulberry32), so a failure names a reproducible input. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the shipped lists", () => {
  it("carry their source, issue date and licence, and agree with each other", () => {
    expect(shipped.issue_date).toBe("2025-11-19");
    expect(shipped.source).toContain("sdn_advanced.xml");
    expect(shipped.licence).toContain("public domain");
    expect(names.issue_date).toBe(shipped.issue_date);
    expect(names.source).toContain("SHA-256");
    expect(list.issue).toMatchObject({ issueDate: "2025-11-19", addresses: 760 });
    expect(names.entries.length).toBeGreaterThan(18_000);
    // Every party behind an address is an entry of the names list.
    const profiles = new Set(names.entries.map((e) => e.profile_id));
    expect(shipped.addresses.filter((a) => !profiles.has(a.sdn_profile_id))).toEqual([]);
  });
});

describe("screening wallets", () => {
  it("matches every shipped SDN address of every asset (recall 100%)", () => {
    const missed: string[] = [];
    const assets = new Set<string>();
    for (const a of shipped.addresses) {
      assets.add(a.asset);
      const result = wallets([a.address]);
      const hit = result.matches.find(
        (m) => m.asset === a.asset && m.sdn_entry.profile_id === a.sdn_profile_id,
      );
      if (result.status !== "match" || !hit) missed.push(`${a.asset} ${a.address}`);
    }
    expect(missed).toEqual([]);
    expect(assets.size).toBe(19);
  });

  it("matches EVM addresses in any case, others only as listed", () => {
    const evm = shipped.addresses.filter((a) => /^0x[0-9a-f]{40}$/i.test(a.address));
    expect(evm.length).toBeGreaterThan(50);
    for (const a of evm) {
      for (const form of [
        a.address.toLowerCase(),
        toEip55(a.address),
        `0x${a.address.slice(2).toUpperCase()}`,
      ])
        expect(wallets([form]).status, form).toBe("match");
    }
    const btc = shipped.addresses.find((a) => a.asset === "XBT" && a.address.startsWith("1"))!;
    const swapped = btc.address.replace(/[a-z]/, (c) => c.toUpperCase());
    expect(swapped).not.toBe(btc.address);
    expect(wallets([swapped]).status).toBe("clear");
  });

  it("never matches a delisted address", () => {
    expect(shipped.delisted.length).toBe(90);
    const listed = new Set(shipped.addresses.map((a) => addressKey(a.address)));
    for (const d of shipped.delisted) {
      expect(listed.has(addressKey(d.address))).toBe(false);
      expect(wallets([d.address, d.address.toLowerCase()]).status, d.address).toBe("clear");
    }
  });

  it("finds no match among 10,000 random valid addresses of five networks", () => {
    const rand = prng(7);
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
    const b58c = base58check(sha256);
    const makers = [
      () => `0x${Buffer.from(bytes(20)).toString("hex")}`,
      () => toEip55(`0x${Buffer.from(bytes(20)).toString("hex")}`),
      () => bech32.encode("bc", [0, ...bech32.toWords(bytes(20))]),
      () => b58c.encode(Uint8Array.of(0x00, ...bytes(20))),
      () => b58c.encode(Uint8Array.of(0x41, ...bytes(20))),
      () => base58.encode(bytes(32)),
    ];
    const generated = Array.from({ length: 10_000 }, (_, i) => makers[i % makers.length]!());
    const invalid = generated.filter((a) => !checkWalletAddress(a).ok);
    expect(invalid).toEqual([]);
    const result = wallets(generated);
    expect(result.matches).toEqual([]);
    expect(result.status).toBe("clear");
  });
});

describe("screening names", () => {
  const trevino = 11528; // TREVINO MORALES, Miguel (alias TREVIÑO MORALES, Miguel)
  const khoroshev = 48603; // Khoroshev, Dmitry Yuryevich

  const hitOf = (name: string, profile: number) =>
    entity(name).matches.find((m) => m.sdn_entry.profile_id === profile);

  it("matches case, punctuation, diacritics and word-order variants exactly", () => {
    for (const variant of [
      "TREVINO MORALES, Miguel",
      "trevino morales miguel",
      "Trevino-Morales, Miguel.",
      "Miguel Treviño Morales",
      "MÍGUEL TRËVIÑO MORALES",
      "Morales Miguel Trevino",
    ]) {
      const hit = hitOf(variant, trevino);
      expect(hit?.status, variant).toBe("match");
      expect(hit?.score).toBe(1);
    }
    expect(hitOf("Dmitry Yuryevich Khoroshev", khoroshev)?.status).toBe("match");
  });

  it("reports a typo as a potential match with its score and the SDN entry", () => {
    const hit = hitOf("Miguel Trevino Moralez", trevino)!;
    expect(hit).toMatchObject({
      kind: "entity",
      input: "Miguel Trevino Moralez",
      status: "potential_match",
      asset: null,
      sdn_entry: {
        profile_id: trevino,
        name: "TREVINO MORALES, Miguel",
        party_type: "Individual",
        programs: ["ILLICIT-DRUGS-EO14059", "SDNTK"],
        listed_on: "2009-07-20",
        source: "OFAC SDN List, issue of 2025-11-19",
      },
    });
    expect(hit.score).toBeGreaterThan(0.88);
    expect(hit.score).toBeLessThan(1);
    expect(hitOf("Khoroshev, Dmitry Yurievich", khoroshev)?.status).toBe("potential_match");
    expect(hitOf("Dmitry Khoroshev", khoroshev)?.status).toBe("potential_match");
    expect(entity("Miguel Trevino Moralez").status).toBe("potential_match");
  });

  it("finds every sampled SDN name exactly under a reordering, recasing and repunctuation", () => {
    const rand = prng(11);
    const sample = names.entries.filter((_, i) => i % 37 === 0);
    const missed: string[] = [];
    for (const e of sample) {
      const tokens = nameTokens(e.name);
      const shuffled = [...tokens].sort(() => rand() - 0.5);
      const variant = shuffled
        .map((t) => (rand() < 0.5 ? t.toUpperCase() : t))
        .join(rand() < 0.5 ? ", " : " - ");
      const hit = hitOf(variant, e.profile_id);
      if (hit?.status !== "match") missed.push(`${e.name} as ${variant}`);
    }
    expect(sample.length).toBeGreaterThan(400);
    expect(missed).toEqual([]);
  });

  it("finds at least 95% of sampled SDN names with one letter changed in their longest word", () => {
    const rand = prng(13);
    const sample = names.entries.filter(
      (e, i) => i % 41 === 0 && nameTokens(e.name).some((t) => t.length >= 6),
    );
    let found = 0;
    for (const e of sample) {
      const tokens = nameTokens(e.name);
      const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
      const at = 1 + Math.floor(rand() * (longest.length - 2));
      const typo = `${longest.slice(0, at)}${longest[at] === "x" ? "y" : "x"}${longest.slice(at + 1)}`;
      const variant = tokens.map((t) => (t === longest ? typo : t)).join(" ");
      if (hitOf(variant, e.profile_id)) found++;
    }
    expect(sample.length).toBeGreaterThan(300);
    expect(found / sample.length).toBeGreaterThanOrEqual(0.95);
  });

  it("does not match common names that are not listed", () => {
    const common = [
      "John Smith",
      "Maria Garcia",
      "James Johnson",
      "Robert Brown",
      "Michael Williams",
      "Jennifer Davis",
      "David Miller",
      "Linda Wilson",
      "Jose Rodriguez",
      "Emily Clark",
      "Acme Capital LLC",
      "Northwind Exchange Ltd",
    ];
    for (const name of common) expect(entity(name).status, name).not.toBe("match");
    expect(entity("John Smith").status).toBe("clear");
    expect(entity("Maria Garcia").status).toBe("clear");
  });

  it("sets status, required actions and the source of every hit", () => {
    const clear = screen(list, { wallets: [], entities: ["John Smith"], counterparties: [] });
    expect(clear).toEqual({ status: "clear", matches: [], requiredActions: [] });
    const hit = screen(list, {
      wallets: [shipped.addresses[0]!.address],
      entities: [],
      counterparties: ["Miguel Trevino Moralez"],
    });
    expect(hit.status).toBe("match");
    expect(hit.matches.map((m) => m.kind)).toEqual(["wallet", "counterparty"]);
    expect(hit.requiredActions.join(" ")).toContain("10 business days");
    const potential = screen(list, {
      wallets: [],
      entities: [],
      counterparties: ["Miguel Trevino Moralez"],
    });
    expect(potential.status).toBe("potential_match");
    expect(potential.requiredActions.length).toBeGreaterThan(0);
  });
});

describe("name normalisation and scoring invariants", () => {
  const word = fc.stringMatching(/^[a-z]{2,10}$/);
  const name = fc.array(word, { minLength: 1, maxLength: 5 });

  it("ignores case, diacritics, punctuation and word order", () => {
    fc.assert(
      fc.property(name, fc.constantFrom(" ", ", ", " - ", ". "), (tokens, sep) => {
        const plain = nameKey(nameTokens(tokens.join(" ")));
        const styled = [...tokens]
          .reverse()
          .map((t) => t.toUpperCase())
          .join(sep);
        expect(nameKey(nameTokens(styled))).toBe(plain);
        const accented = tokens.join(" ").replace(/e/g, "é").replace(/n/g, "ñ");
        expect(nameKey(nameTokens(accented))).toBe(plain);
      }),
    );
  });

  it("scores in [0, 1], 1 exactly for the same words, and does not depend on word order", () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        const s = tokenJaroWinkler(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1 + 1e-12);
        expect(tokenJaroWinkler([...a].reverse(), [...b].reverse())).toBeCloseTo(s, 12);
        const same =
          new Set(a).size === new Set([...a, ...b]).size &&
          new Set(b).size === new Set([...a, ...b]).size;
        expect(Math.abs(s - 1) < 1e-12).toBe(same);
      }),
    );
  });

  it("compares EVM addresses case-insensitively and other addresses exactly", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{40}$/), (hex) => {
        expect(addressKey(`0x${hex.toUpperCase()}`)).toBe(addressKey(`0x${hex}`));
      }),
    );
    expect(addressKey("TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq")).not.toBe(
      addressKey("tucstq7toftcjrrohk6rvhmos2mjlm5yzq"),
    );
  });
});

describe("the sanctions gate rule", () => {
  const status = fc.constantFrom("clear", "potential_match", "match");
  const reviewStatus = fc.constantFrom("open", "in_review", "cleared", "blocked", "closed");
  const screens = fc.uniqueArray(fc.record({ id: fc.stringMatching(/^s[0-9]{1,3}$/), status }), {
    selector: (s) => s.id,
    maxLength: 6,
  });

  it("needs a screen, and passes only when every hit is cleared and nothing is blocked", () => {
    expect(sanctionsGate([], [])).toEqual({ pass: false, code: "sanctions_screen_required" });
    fc.assert(
      fc.property(
        screens,
        fc.array(fc.tuple(fc.nat(5), reviewStatus), { maxLength: 8 }),
        (ss, rs) => {
          const reviews = ss.length
            ? rs.map(([i, st], n) => ({ id: `r${n}`, screenId: ss[i % ss.length]!.id, status: st }))
            : [];
          const outcome = sanctionsGate(ss, reviews);
          const expected =
            ss.length > 0 &&
            !reviews.some((r) => r.status === "blocked") &&
            ss.every(
              (s) =>
                s.status === "clear" ||
                reviews.some((r) => r.screenId === s.id && r.status === "cleared"),
            );
          expect(outcome.pass).toBe(expected);
          // A blocked review always holds, whatever else there is.
          if (reviews.length && ss.length)
            expect(
              sanctionsGate(ss, [...reviews, { id: "rb", screenId: ss[0]!.id, status: "blocked" }])
                .pass,
            ).toBe(false);
        },
      ),
    );
  });
});

describe("business days for the OFAC reporting deadline", () => {
  it("skips weekends and observed federal holidays", () => {
    // Thanksgiving 2025-11-27 is skipped.
    expect(addBusinessDays(new Date("2025-11-19T15:00:00Z"), 10).toISOString().slice(0, 10)).toBe(
      "2025-12-04",
    );
    // Friday 2026-07-03 is Independence Day observed.
    expect(addBusinessDays(new Date("2026-07-02T10:00:00Z"), 1).toISOString().slice(0, 10)).toBe(
      "2026-07-06",
    );
    expect(federalHolidays(2027).has("2027-12-31")).toBe(true); // New Year's Day 2028 is a Saturday
    expect(federalHolidays(2026)).toEqual(
      new Set([
        "2026-01-01",
        "2026-01-19",
        "2026-02-16",
        "2026-05-25",
        "2026-06-19",
        "2026-07-03",
        "2026-09-07",
        "2026-10-12",
        "2026-11-11",
        "2026-11-26",
        "2026-12-25",
      ]),
    );
  });

  it("always lands on a business day after the start, never earlier than n calendar days", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 30 }),
        (d, n) => {
          const due = addBusinessDays(d, n);
          const dow = due.getUTCDay();
          expect(dow).not.toBe(0);
          expect(dow).not.toBe(6);
          expect(federalHolidays(due.getUTCFullYear()).has(due.toISOString().slice(0, 10))).toBe(
            false,
          );
          expect(due.getTime() - d.getTime()).toBeGreaterThanOrEqual((n - 1) * 86_400_000);
        },
      ),
    );
  });
});
