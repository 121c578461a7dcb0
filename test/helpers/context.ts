import type { App } from "../../src/app.js";
import { ChainHeads } from "../../src/audit/chain-heads.js";
import { authenticate } from "../../src/auth/principal.js";
import { PrincipalCache } from "../../src/auth/principal-cache.js";
import { DEFAULT_VERSION } from "../../src/config.js";
import type { RequestContext } from "../../src/context.js";
import { scopedClient } from "../../src/db/tenant-scope.js";
import { newId } from "../../src/ids.js";
import { createLogger } from "../../src/logger.js";
import type { Client } from "./http.js";

/**
 * The request context the app would build for `client`'s key: the same principal, tenant scope
 * and services (with caches of its own), and a fresh request id. For calling gates, `write()`
 * and services directly.
 */
export async function contextOf(app: App, client: Client): Promise<RequestContext> {
  const principal = await authenticate(app.db.root, `Bearer ${client.secret}`);
  return {
    requestId: newId("request"),
    version: DEFAULT_VERSION,
    principal,
    db: scopedClient(app.db.root, {
      organizationId: principal.organizationId,
      environment: principal.environment,
      matterIds: principal.matterIds,
    }),
    services: {
      config: app.config,
      logger: createLogger("silent"),
      root: app.db.root,
      notifyOutbox: () => app.worker.wake(),
      principals: new PrincipalCache(),
      chainHeads: new ChainHeads(),
    },
    memo: new Map(),
  };
}
