import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import { loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { holdDataDirLock } from "./db/data-dir-lock.js";
import { createHttpServer } from "./http/node-server.js";

/** A start that cannot proceed says why in one line, without a stack trace. */
function refuseToStart(error: unknown): never {
  process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let releaseLock = () => {};
try {
  config = loadConfig();
  if (config.database.kind === "pglite") releaseLock = holdDataDirLock(config.database.dataDir);
} catch (e) {
  refuseToStart(e);
}
const logger = createLogger(config.logLevel);
const app = await createApp(config, { logger }).catch((e: unknown) => {
  releaseLock();
  logger.error({ err: e }, "start failed");
  return refuseToStart(e);
});

if (app.bootstrap) {
  const how = config.bootstrapSecret
    ? "from MD_BOOTSTRAP_SECRET"
    : "generated; shown only this once";
  process.stdout.write(
    `\nFirst start: created organization ${app.bootstrap.organization_id} and admin key ${app.bootstrap.key_id}.\n` +
      `API key (${app.bootstrap.environment}, ${how}):\n\n  ${app.bootstrap.secret}\n\n`,
  );
}

const server = createHttpServer((request) => app.fetch(request));
server.listen(config.port, config.host, () => {
  // PORT=0 lets the OS pick; log the port actually bound.
  const port = (server.address() as AddressInfo).port;
  logger.info(
    {
      port,
      host: config.host,
      database: config.database.kind,
      migrations_applied: app.db.appliedMigrations,
      prepared_statements: app.db.adapter.preparedStatements,
    },
    `listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`,
  );
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "shutting down");
  server.close();
  await app.close();
  releaseLock();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
