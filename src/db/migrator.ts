import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { projectPath } from "../paths.js";
import type { PrismaClient } from "./client.js";

// Prisma's native schema engine is not available offline; the WASM build runs the same
// migration commands through our driver adapter. Its package targets bundlers, so the .wasm
// module is instantiated here by hand (ARCHITECTURE.md, "Facts verified on these machines").
const require = createRequire(import.meta.url);
export const MIGRATIONS_DIR = projectPath("migrations");
export const SCHEMA_PATH = projectPath("schema.prisma");
const LOCKFILE = "migration_lock.toml";
const NO_FILTERS = { externalTables: [], externalEnums: [] };

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};
type EngineModule = {
  SchemaEngine: {
    new: (opts: unknown, log: (msg: string) => void, adapter: unknown) => Promise<Engine>;
  };
  __wbg_set_wasm(wasm: unknown): void;
};

let engineModule: Promise<EngineModule> | undefined;

function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bindings = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as EngineModule &
      Record<string, unknown>;
    const wasmBytes = readFileSync(bgPath.replace(/\.js$/, ".wasm"));
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
    return bindings;
  })();
  return engineModule;
}

async function withEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: Engine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = readFileSync(SCHEMA_PATH, "utf8");
  const engine = await SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}

/** Names of the committed migrations (their folders), in order. */
export function committedMigrationNames(): string[] {
  return existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
}

/**
 * Whether the schema engine has work to do: a committed migration missing from
 * `_prisma_migrations` (or the table itself), one whose file changed since it was applied
 * (checksum), or one that failed. Reads one table and never loads the engine, so a start with
 * nothing pending leaves the WASM schema engine out of memory (issue 11).
 */
export async function migrationsPending(db: PrismaClient): Promise<boolean> {
  const [table] = await db.$queryRaw<Array<{ present: boolean }>>`
    SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`;
  if (!table?.present) return true;
  const rows = await db.$queryRaw<
    Array<{ migration_name: string; checksum: string; finished: boolean; rolled_back: boolean }>
  >`SELECT migration_name, checksum, finished_at IS NOT NULL AS finished,
           rolled_back_at IS NOT NULL AS rolled_back
    FROM _prisma_migrations`;
  if (rows.some((r) => !r.finished && !r.rolled_back)) return true;
  const applied = new Map(
    rows.filter((r) => r.finished && !r.rolled_back).map((r) => [r.migration_name, r.checksum]),
  );
  return committedMigrationNames().some((name) => {
    const checksum = applied.get(name);
    if (checksum === undefined) return true;
    const sql = readFileSync(join(MIGRATIONS_DIR, name, "migration.sql"));
    return createHash("sha256").update(sql).digest("hex") !== checksum;
  });
}

function readMigrationsList() {
  const dirs = committedMigrationNames();
  const lockPath = join(MIGRATIONS_DIR, LOCKFILE);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: LOCKFILE,
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: {
          tag: "ok",
          value: readFileSync(join(MIGRATIONS_DIR, name, "migration.sql"), "utf8"),
        },
      },
    })),
  };
}

/** Applies every committed migration the database has not seen yet; returns their names. */
export async function applyPendingMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string[]> {
  return withEngine(factory, async (engine) => {
    const out = await engine.applyMigrations({
      migrationsList: readMigrationsList(),
      filters: NO_FILTERS,
    });
    return out.appliedMigrationNames;
  });
}

/**
 * Writes migrations/<timestamp>_<name>/migration.sql holding the SQL that takes the committed
 * migrations to schema.prisma. Returns null when there is nothing to change.
 */
export async function createMigration(
  factory: SqlMigrationAwareDriverAdapterFactory,
  name: string,
): Promise<string | null> {
  const committed = readMigrationsList();
  const sql = await withEngine(factory, async (engine) => {
    const out = await engine.diff({
      from: committed.migrationDirectories.length
        ? { tag: "migrations", ...committed }
        : { tag: "empty" },
      to: {
        tag: "schemaDatamodel",
        files: [{ path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, "utf8") }],
      },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return out.stdout ?? "";
  });
  if (!sql.trim() || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dirName = `${stamp}_${name.replace(/[^a-z0-9_]+/gi, "_").toLowerCase()}`;
  mkdirSync(join(MIGRATIONS_DIR, dirName), { recursive: true });
  writeFileSync(
    join(MIGRATIONS_DIR, dirName, "migration.sql"),
    sql.endsWith("\n") ? sql : `${sql}\n`,
  );
  const lockPath = join(MIGRATIONS_DIR, LOCKFILE);
  if (!existsSync(lockPath)) writeFileSync(lockPath, 'provider = "postgresql"\n');
  return dirName;
}
