import { loadConfig } from "../config.js";
import { openAdapter, withMigrationLock } from "../db/adapter.js";
import { dataDirOwner } from "../db/data-dir-lock.js";
import { applyPendingMigrations, createMigration } from "../db/migrator.js";

/**
 * `npm run db:migrate`: applies committed migrations to the configured database.
 * `npm run db:migration:create -- <name>`: writes the SQL that takes the committed migrations
 * to schema.prisma (computed offline by the WASM schema engine on a scratch in-memory database).
 */
const [command, name] = process.argv.slice(2);
const config = loadConfig();

if (command === "apply") {
  if (config.database.kind === "pglite" && dataDirOwner(config.database.dataDir)) {
    console.error(
      `The embedded database in ${config.database.dataDir} is in use by a running server; stop it first.`,
    );
    process.exit(1);
  }
  const target = config.database;
  const apply = async () => {
    const adapter = await openAdapter(target, { migration: true });
    try {
      return await applyPendingMigrations(adapter.factory);
    } finally {
      await adapter.close();
    }
  };
  const applied =
    target.kind === "postgres" ? await withMigrationLock(target.url, apply) : await apply();
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} else if (command === "create") {
  if (!name) {
    console.error("Usage: npm run db:migration:create -- <name>");
    process.exit(1);
  }
  const scratch = await openAdapter({ kind: "pglite", dataDir: "memory://" });
  const created = await createMigration(scratch.factory, name);
  await scratch.close();
  console.log(
    created
      ? `Created migrations/${created}/migration.sql`
      : "schema.prisma matches the migrations; nothing to create.",
  );
} else {
  console.error("Usage: tsx src/cli/migrate.ts apply|create <name>");
  process.exit(1);
}
