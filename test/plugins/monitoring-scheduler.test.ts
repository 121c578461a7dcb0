import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createWalletClient, http, parseUnits, publicActions, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMonitoringOnce } from "../../plugins/monitoring/index.js";
import { deadlineAlert, deadlineSeverity } from "../../plugins/monitoring/jobs/deadlines.js";
import { referenceData } from "../../plugins/crypto/reference.js";
import { SandboxProvider } from "../../plugins/crypto/providers/sandbox.js";
import { projectPath } from "../../src/paths.js";
import { type Anvil, ANVIL_KEYS, startAnvil } from "../helpers/anvil.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { LISTED_WALLET, SANDBOX_WALLET, Seed, type SeededOrg } from "../helpers/seed.js";

/**
 * The monitoring jobs: deadline, wallet-movement and sanctions alerts raised on a schedule,
 * once each however often the jobs run, by one of several processes, surviving restarts.
 */
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A CA judgment (10-year life) entered so that its renewal falls `days` from today. */
const enteredFor = (days: number) => {
  const due = new Date(Date.now() + days * DAY);
  due.setUTCFullYear(due.getUTCFullYear() - 10);
  return isoDay(due.getTime());
};

/** A copy of the shipped lists without LISTED_WALLET: a list issue before it was listed. */
function listWithout(address: string): string {
  const dir = mkdtempSync(join(tmpdir(), "sdn-monitoring-"));
  const shipped = projectPath("data", "sanctions");
  copyFileSync(join(shipped, "sdn-names.json"), join(dir, "sdn-names.json"));
  const doc = JSON.parse(
    readFileSync(join(shipped, "sdn-digital-currency-addresses.json"), "utf8"),
  ) as { addresses: Array<{ address: string }> };
  doc.addresses = doc.addresses.filter((a) => a.address.toLowerCase() !== address.toLowerCase());
  writeFileSync(join(dir, "sdn-digital-currency-addresses.json"), JSON.stringify(doc));
  return dir;
}

let app: TestApp;
let seed: Seed;
let org: SeededOrg;
let api: Client;
let sanctionsDir: string;

beforeAll(async () => {
  sanctionsDir = listWithout(LISTED_WALLET);
  app = await startTestApp({ sanctionsDir });
  seed = new Seed(app);
  org = await seed.org({ features: ["live_access"] });
  api = org.admin;
}, 60_000);
afterAll(() => app?.dispose());

async function intake(matterId: string, dateEntered: string, client = api) {
  const granted = await client.post(`/v1/matters/${matterId}/authority`, {
    basis: "engagement_letter",
    granted_by: "Acme Corp (client)",
    source_refs: [{ source_type: "engagement_letter", title: "Engagement letter" }],
  });
  expect([200, 201]).toContain(granted.status);
  const res = await client.post("/v1/judgments/intake", {
    matter_id: matterId,
    court: "Superior Court of California, County of Los Angeles",
    case_number: `BC-${dateEntered}-${Math.random()}`,
    jurisdiction: "CA",
    creditor: "Acme Corp",
    debtor: "John Doe",
    amount: { amount: 10000, currency: "USD" },
    date_entered: dateEntered,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function watch(matterId: string, addresses: string[], body = {}, client = api) {
  const w = await client.post("/v1/watchlists", {
    matter_id: matterId,
    name: "Debtor wallets",
    chains: ["ethereum"],
    ...body,
  });
  expect(w.status, w.text).toBe(201);
  const added = await client.post(`/v1/watchlists/${w.body.watchlist_id}/addresses`, {
    addresses,
    reason: "Debtor's wallet",
  });
  expect(added.status, added.text).toBe(200);
  return added.body;
}

const alertsOf = (matterId: string, type?: string) =>
  app.db.root.alert.findMany({
    where: { matterId, ...(type ? { type } : {}) },
    orderBy: { id: "asc" },
  });

const auditCount = () => app.db.root.auditEvent.count();

describe("deadline alerts", () => {
  it("grades deadlines by the days left", () => {
    expect([-1, 0, 7, 8, 30].map(deadlineSeverity)).toEqual([
      "critical",
      "high",
      "high",
      "medium",
      "medium",
    ]);
    const today = new Date("2026-11-22T18:00:00.000Z");
    const alert = deadlineAlert(
      {
        id: "ddl_x",
        matterId: "mat_x",
        judgmentId: "jdg_x",
        ofacReportId: null,
        type: "renewal",
        date: new Date("2026-11-20T00:00:00.000Z"),
        owner: "counsel",
      },
      today,
    );
    expect(alert).toMatchObject({
      type: "deadline",
      severity: "critical",
      target: "ddl_x",
      reason: "The renewal deadline of judgment jdg_x was due on 2026-11-20 (2 days ago).",
      details: { days_left: -2, date: "2026-11-20" },
    });
  });

  it("raises one alert per open deadline within 30 days, none for later ones, once over repeated runs", async () => {
    const matterId = await seed.matter(api);
    const soon = await intake(matterId, enteredFor(3));
    const near = await intake(matterId, enteredFor(20));
    await intake(matterId, enteredFor(45));
    const closedMatter = await seed.matter(api);
    await intake(closedMatter, enteredFor(5));
    expect((await api.post(`/v1/matters/${closedMatter}/close`, { reason: "paid" })).status).toBe(
      200,
    );

    const outcomes = await runMonitoringOnce(app.jobs);
    expect(outcomes.map((o) => [o.name, o.ran, o.error])).toEqual([
      ["monitoring.deadlines", true, undefined],
      ["monitoring.wallet_movements", true, undefined],
      ["monitoring.sanctions", true, undefined],
    ]);
    const alerts = await alertsOf(matterId, "deadline");
    const deadlineOf = async (judgmentId: string) =>
      (await api.get(`/v1/judgments/${judgmentId}/deadlines`)).body.items[0].deadline_id;
    expect(alerts.map((a) => [a.target, a.severity, a.status])).toEqual([
      [await deadlineOf(soon.judgment_id), "high", "open"],
      [await deadlineOf(near.judgment_id), "medium", "open"],
    ]);
    expect(alerts[0]!.reason).toContain("(in 3 days)");
    expect(await alertsOf(closedMatter, "deadline")).toEqual([]);
    // Raised by the service: audited under the job's actor, with alert.created events.
    const audit = await app.db.root.auditEvent.findMany({
      where: { objectId: alerts[0]!.id, eventType: "alert.created" },
    });
    expect(audit).toEqual([expect.objectContaining({ actorId: "system:monitoring.deadlines" })]);
    const events = await app.db.root.event.count({ where: { type: "alert.created", matterId } });
    expect(events).toBe(2);

    const before = await auditCount();
    await runMonitoringOnce(app.jobs);
    await runMonitoringOnce(app.jobs);
    expect((await alertsOf(matterId, "deadline")).length).toBe(2);
    expect(await auditCount()).toBe(before);
  });
});

describe("wallet movement alerts (sandbox)", () => {
  const provider = new SandboxProvider(referenceData());

  it("raises one alert for the synthetic movements of a watched address and moves its cursor", async () => {
    const matterId = await seed.matter(api);
    const watched = await watch(matterId, [SANDBOX_WALLET]);
    await runMonitoringOnce(app.jobs);
    const transfers = provider
      .allTransfers("ethereum", SANDBOX_WALLET)
      .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
    const newest = transfers.at(-1)!;
    const [alert, ...more] = await alertsOf(matterId, "wallet_movement");
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      severity: "high",
      status: "open",
      target: `ethereum:${SANDBOX_WALLET.toLowerCase()}:${newest.transactionHash}:${newest.index}`,
      details: expect.objectContaining({
        watchlist_id: watched.watchlist_id,
        network: "ethereum",
        source_type: "synthetic",
        movement_count: transfers.length,
      }),
    });
    const details = alert!.details as { movements: Array<Record<string, unknown>> };
    expect(details.movements.at(-1)).toMatchObject({
      transaction_hash: newest.transactionHash,
      amount: newest.amount,
      asset: newest.asset,
    });
    const row = await app.db.root.watchlistAddress.findFirstOrThrow({
      where: { watchlistId: watched.watchlist_id },
    });
    expect(row.movementCursors).toEqual({
      ethereum: {
        timestamp: newest.timestamp.toISOString(),
        block: null,
        log_index: newest.index,
        transaction_hash: newest.transactionHash,
      },
    });
    const read = await api.get(`/v1/watchlists/${watched.watchlist_id}`);
    expect(read.body.watched_addresses[0].last_movement_at).toBe(newest.timestamp.toISOString());

    const before = await auditCount();
    await runMonitoringOnce(app.jobs);
    expect(await alertsOf(matterId, "wallet_movement")).toHaveLength(1);
    expect(await auditCount()).toBe(before);
  });

  it("counts only movements that pass the thresholds, but still moves the cursor past the rest", async () => {
    const matterId = await seed.matter(api);
    const outgoingStable = provider
      .allTransfers("ethereum", SANDBOX_WALLET)
      .filter((t) => t.from === SANDBOX_WALLET && t.contract);
    const watched = await watch(matterId, [SANDBOX_WALLET], {
      thresholds: { min_usd_value: 10, direction: "outgoing" },
    });
    const none = await watch(matterId, [SANDBOX_WALLET.toLowerCase()], {
      name: "Only huge",
      thresholds: { min_amount: 1e12 },
    });
    await runMonitoringOnce(app.jobs);
    const alerts = await alertsOf(matterId, "wallet_movement");
    const counted = provider
      .allTransfers("ethereum", SANDBOX_WALLET)
      .filter((t) => t.from === SANDBOX_WALLET && (!t.contract || Number(t.amount) >= 10));
    expect(outgoingStable.length).toBeGreaterThan(0);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.details).toMatchObject({
      watchlist_id: watched.watchlist_id,
      movement_count: counted.length,
    });
    const details = alerts[0]!.details as { movements: Array<{ direction: string }> };
    expect(details.movements.every((m) => m.direction === "outgoing")).toBe(true);
    const quiet = await app.db.root.watchlistAddress.findFirstOrThrow({
      where: { watchlistId: none.watchlist_id },
    });
    expect(Object.keys(quiet.movementCursors as object)).toEqual(["ethereum"]);
  });
});

describe("sanctions alerts of watched addresses", () => {
  it("raises a sanctions alert once a refreshed list names a watched address", async () => {
    const matterId = await seed.matter(api);
    await watch(matterId, [LISTED_WALLET]);
    await runMonitoringOnce(app.jobs);
    expect(await alertsOf(matterId, "sanctions")).toEqual([]);

    // npm run sanctions:refresh rewrites the list files; the next run reads the new issue.
    for (const f of ["sdn-digital-currency-addresses.json", "sdn-names.json"])
      copyFileSync(projectPath("data", "sanctions", f), join(sanctionsDir, f));
    const [, , sanctions] = await runMonitoringOnce(app.jobs);
    expect(sanctions!.result).toMatchObject({ list_issue_date: "2025-11-19", alerts_raised: 1 });
    const alerts = await alertsOf(matterId, "sanctions");
    expect(alerts).toEqual([
      expect.objectContaining({
        severity: "critical",
        target: LISTED_WALLET,
        details: expect.objectContaining({ sdn_profile_id: 29702, list_issue_date: "2025-11-19" }),
      }),
    ]);
    await runMonitoringOnce(app.jobs);
    expect(await alertsOf(matterId, "sanctions")).toHaveLength(1);
  });
});

describe("the scheduler", () => {
  it("is started by the server at MD_JOBS_INTERVAL_MS and keeps its state in the database", async () => {
    const ticking = await startTestApp({ jobs: { intervalMs: 150 } });
    try {
      const tenant = await new Seed(ticking).org();
      const matterId = await new Seed(ticking).matter(tenant.admin);
      await intake(matterId, enteredFor(2), tenant.admin);
      const until = Date.now() + 30_000;
      let alerts = 0;
      while (Date.now() < until && alerts === 0) {
        await new Promise((r) => setTimeout(r, 100));
        alerts = await ticking.db.root.alert.count({ where: { matterId, type: "deadline" } });
      }
      expect(alerts).toBe(1);
      // The deadline alert comes from the first job of a pass; the pass's other jobs may still
      // be running, so wait for every job to have finished a run.
      const finishedAll = async () => {
        const rows = await ticking.db.root.scheduledJob.findMany({ orderBy: { name: "asc" } });
        return rows.length === 3 && rows.every((j) => j.lastFinishedAt) ? rows : null;
      };
      let finished = await finishedAll();
      while (!finished && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        finished = await finishedAll();
      }
      const jobs = await ticking.db.root.scheduledJob.findMany({ orderBy: { name: "asc" } });
      expect(jobs.map((j) => j.name)).toEqual([
        "monitoring.deadlines",
        "monitoring.sanctions",
        "monitoring.wallet_movements",
      ]);
      expect(jobs.every((j) => j.runs >= 1 && j.lastFinishedAt && !j.lastError)).toBe(true);
    } finally {
      // close() stops the scheduler (waiting for a pass in progress) before the database.
      await ticking.dispose();
    }
  });

  it("does not run a job again before its interval, nor while another holds its lease", async () => {
    const first = await app.jobs.tick();
    // runMonitoringOnce ran everything moments ago: nothing is due on a 5-minute interval.
    expect(first.every((o) => !o.ran)).toBe(true);
    await app.db.root.scheduledJob.update({
      where: { name: "monitoring.deadlines" },
      data: { lockedBy: "process:elsewhere", lockedUntil: new Date(Date.now() + 60_000) },
    });
    try {
      expect(await app.jobs.runNow("monitoring.deadlines")).toEqual({
        name: "monitoring.deadlines",
        ran: false,
      });
    } finally {
      await app.db.root.scheduledJob.update({
        where: { name: "monitoring.deadlines" },
        data: { lockedBy: null, lockedUntil: null },
      });
    }
    expect((await app.jobs.runNow("monitoring.deadlines")).ran).toBe(true);
  });
});

describe("live wallet movement against anvil", () => {
  const fixture = JSON.parse(
    readFileSync(new URL("../fixtures/minimal-erc20.json", import.meta.url), "utf8"),
  ) as { bytecode: Hex; abi: Abi; decimals: number };
  const deployer = privateKeyToAccount(ANVIL_KEYS[0]);
  const holder = privateKeyToAccount(ANVIL_KEYS[1]);
  const recipient = "0x000000000000000000000000000000000000bEEF";
  let anvil: Anvil;
  let liveApp: TestApp;

  afterAll(async () => {
    await liveApp?.dispose();
    await anvil?.stop();
  });

  it("raises a wallet_movement alert for a real transfer after the address was watched, once", async () => {
    anvil = await startAnvil();
    const as = (account: typeof deployer) =>
      createWalletClient({ account, chain: foundry, transport: http(anvil.url) }).extend(
        publicActions,
      );
    const deployed = await as(deployer).waitForTransactionReceipt({
      hash: await as(deployer).deployContract({ abi: fixture.abi, bytecode: fixture.bytecode }),
    });
    const token = deployed.contractAddress!;
    const send = async (from: typeof deployer, to: string, amount: string) => {
      const hash = await as(from).writeContract({
        address: token,
        abi: fixture.abi,
        functionName: "transfer",
        args: [to, parseUnits(amount, fixture.decimals)],
      });
      expect((await as(from).waitForTransactionReceipt({ hash })).status).toBe("success");
      return hash;
    };
    await send(deployer, holder.address, "1500.25");
    liveApp = await startTestApp({
      chains: {
        rpcUrls: { ethereum: anvil.url },
        timeoutMs: 3000,
        retries: 1,
        extraTokens: [
          {
            network: "ethereum",
            symbol: "TST",
            contract: token,
            decimals: fixture.decimals,
            issuer: "Test Issuer",
            canFreeze: true,
          },
        ],
      },
    });
    const tenant = await new Seed(liveApp).org({ features: ["live_access"] });
    const live = await tenant.key({ environment: "live" });
    const matter = await live.post("/v1/matters", { name: "Live monitoring" });
    // Block times are whole seconds (and anvil may run a little ahead of the clock): wait until
    // the funding transfer's block lies in an earlier second than the watch begins.
    const funded = Number((await as(deployer).getBlock()).timestamp) * 1000;
    while (Date.now() < funded + 1100) await new Promise((r) => setTimeout(r, 100));
    const watched = await watch(matter.body.matter_id, [holder.address], {}, live);
    const liveAlerts = () =>
      liveApp.db.root.alert.findMany({
        where: { matterId: matter.body.matter_id, type: "wallet_movement" },
      });

    await runMonitoringOnce(liveApp.jobs);
    expect(await liveAlerts()).toEqual([]);

    const hash = await send(holder, recipient, "250");
    const [, movements] = await runMonitoringOnce(liveApp.jobs);
    // Should this ever fail, say when the address was watched and when the transfer's block was.
    const timing = async () => {
      const receipt = await as(deployer).getTransactionReceipt({ hash });
      const block = await as(deployer).getBlock({ blockNumber: receipt.blockNumber });
      const row = await liveApp.db.root.watchlistAddress.findFirst({
        where: { matterId: matter.body.matter_id },
      });
      return `watched at ${row?.createdAt.toISOString()}, transfer in block ${block.number} at ${new Date(Number(block.timestamp) * 1000).toISOString()}, cursors ${JSON.stringify(row?.movementCursors)}, run ${JSON.stringify(movements)}`;
    };
    if ((movements!.result as { new_movements?: number }).new_movements !== 1)
      expect.fail(await timing());
    expect(movements!.result).toMatchObject({ new_movements: 1, alerts_raised: 1, errors: [] });
    const [alert, ...rest] = await liveAlerts();
    expect(rest).toEqual([]);
    expect(alert!.target).toMatch(
      new RegExp(`^ethereum:${holder.address.toLowerCase()}:${hash}:\\d+$`),
    );
    expect(alert!.details).toMatchObject({
      watchlist_id: watched.watchlist_id,
      source_type: "json_rpc",
      movement_count: 1,
      movements: [
        {
          transaction_hash: hash,
          direction: "outgoing",
          asset: "TST",
          amount: "250",
          usd_value: 250,
          to_address: expect.stringMatching(/^0x0+bEEF$/i),
        },
      ],
    });
    await runMonitoringOnce(liveApp.jobs);
    expect(await liveAlerts()).toHaveLength(1);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL", () => {
  it("raises each alert exactly once when both run the jobs at the same time", async () => {
    const a = await startTestApp({ sanctionsDir: projectPath("data", "sanctions") });
    const b = await startTestApp({}, { sameDatabaseAs: a });
    try {
      const tenant = await new Seed(a).org();
      const matterId = await new Seed(a).matter(tenant.admin);
      await intake(matterId, enteredFor(4), tenant.admin);
      await intake(matterId, enteredFor(9), tenant.admin);
      await watch(matterId, [SANDBOX_WALLET], {}, tenant.admin);

      const [onA, onB] = await Promise.all([a.jobs.tick(), b.jobs.tick()]);
      for (const name of a.jobs.names) {
        const ran = [onA, onB].map((o) => o.find((x) => x.name === name)!.ran);
        expect(ran.filter(Boolean), name).toHaveLength(1);
      }
      await Promise.all([runMonitoringOnce(a.jobs), runMonitoringOnce(b.jobs)]);
      await Promise.all([runMonitoringOnce(a.jobs), runMonitoringOnce(b.jobs)]);
      const alerts = await a.db.root.alert.findMany({ where: { matterId } });
      expect(alerts.map((x) => x.type).sort()).toEqual(["deadline", "deadline", "wallet_movement"]);
      const created = await a.db.root.auditEvent.count({
        where: { matterId, eventType: "alert.created" },
      });
      expect(created).toBe(3);
      expect(await a.db.root.event.count({ where: { matterId, type: "alert.created" } })).toBe(3);
    } finally {
      await b.close();
      await a.dispose();
    }
  }, 120_000);
});
