import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { openAdapter, StatementNames, type DatabaseTarget } from "../../src/db/adapter.js";
import { pgbouncerBinary, startPgbouncer } from "../helpers/pgbouncer.js";

/**
 * Named (prepared) statements on PostgreSQL (issue 11): on by default when the connection
 * reaches the server directly, off through a pooler, and as configured when
 * MD_PG_PREPARED_STATEMENTS says so.
 */
describe("statement names", () => {
  it("names a query text from its third execution on, keeps the name, and gives none past the cap", () => {
    const names = new StatementNames(2, 3);
    expect(names.for("SELECT 1")).toBeUndefined();
    expect(names.for("SELECT 1")).toBeUndefined();
    const first = names.for("SELECT 1");
    expect(first).toMatch(/^md_s\d+$/);
    expect(names.for("SELECT 1")).toBe(first);
    for (let i = 0; i < 2; i++) expect(names.for("SELECT 2")).toBeUndefined();
    const second = names.for("SELECT 2");
    expect(second).toMatch(/^md_s\d+$/);
    expect(second).not.toBe(first);
    for (let i = 0; i < 5; i++) expect(names.for("SELECT 3")).toBeUndefined();
    expect(names.for("SELECT 2")).toBe(second);
  });

  it("forgets the counts of unnamed texts when they pass their bound", () => {
    const names = new StatementNames(10, 2, 2);
    names.for("a");
    names.for("b");
    names.for("c"); // the counts are full: forgotten, then "c" counted
    expect(names.for("a")).toBeUndefined();
    expect(names.for("c")).toMatch(/^md_s\d+$/);
  });

  it("opens with unnamed statements when the server cannot be asked at start", async () => {
    const opened = await openAdapter({
      kind: "postgres",
      url: "postgres://postgres@127.0.0.1:1/none",
    });
    expect(opened.preparedStatements).toBe(false);
    await opened.close();
  });

  it("reads MD_PG_PREPARED_STATEMENTS as auto, true or false, and refuses anything else", () => {
    const url = "postgres://postgres@127.0.0.1:5432/x";
    const setting = (value?: string) => {
      const database = loadConfig({ DATABASE_URL: url, MD_PG_PREPARED_STATEMENTS: value }).database;
      return database.kind === "postgres" ? database.preparedStatements : null;
    };
    expect(setting()).toBe("auto");
    expect(setting("auto")).toBe("auto");
    expect(setting("true")).toBe(true);
    expect(setting("false")).toBe(false);
    expect(() => setting("yes")).toThrow(/MD_PG_PREPARED_STATEMENTS must be auto, true or false/);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("prepared statements on a PostgreSQL server", () => {
  let dbUrl = "";
  let dbName = "";

  beforeAll(async () => {
    dbName = `md_prep_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
  });

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  /** Runs a query 3 times through the adapter, then lists the statements its connection holds. */
  async function preparedAfterQueries(target: DatabaseTarget) {
    const opened = await openAdapter(target);
    try {
      const adapter = await opened.factory.connect();
      const query = { sql: "SELECT $1::int + 1 AS n", args: [41], argTypes: [] } as never;
      for (let i = 0; i < 3; i++) {
        const result = await adapter.queryRaw(query);
        expect(result.rows).toEqual([[42]]);
      }
      const held = await adapter.queryRaw({
        sql: "SELECT name FROM pg_prepared_statements WHERE name LIKE 'md_s%' ORDER BY name",
        args: [],
        argTypes: [],
      } as never);
      await adapter.dispose();
      return { named: opened.preparedStatements, statements: held.rows.map((r) => r[0]) };
    } finally {
      await opened.close();
    }
  }

  it("names statements when the connection reaches the server directly", async () => {
    const { named, statements } = await preparedAfterQueries({ kind: "postgres", url: dbUrl });
    expect(named).toBe(true);
    expect(statements.length).toBeGreaterThanOrEqual(1);
  });

  it("runs them unnamed when MD_PG_PREPARED_STATEMENTS=false", async () => {
    const target = { kind: "postgres" as const, url: dbUrl, preparedStatements: false };
    const { named, statements } = await preparedAfterQueries(target);
    expect(named).toBe(false);
    expect(statements).toEqual([]);
  });

  it.skipIf(!pgbouncerBinary())(
    "runs them unnamed through a PgBouncer in transaction pooling, whose connections do not keep them",
    async () => {
      const bouncer = await startPgbouncer(dbUrl, { poolSize: 2 });
      try {
        const { named } = await preparedAfterQueries({ kind: "postgres", url: bouncer.url });
        expect(named).toBe(false);
      } finally {
        await bouncer.stop();
      }
    },
  );
});
