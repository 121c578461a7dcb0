import type { Principal } from "./auth/principal.js";
import type { ChainHeads } from "./audit/chain-heads.js";
import type { PrincipalCache } from "./auth/principal-cache.js";
import type { Config } from "./config.js";
import type { PrismaClient } from "./db/client.js";
import type { ScopedDb } from "./db/tenant-scope.js";
import type { Logger } from "./logger.js";

/** Process-wide services a request may use. */
export interface AppServices {
  config: Config;
  logger: Logger;
  /** Unscoped client: for authentication and the control plane only. */
  root: PrismaClient;
  /** Wakes the webhook worker after a commit that queued deliveries. */
  notifyOutbox(): void;
  /** Authenticated principals (≤ 1 s); cleared when a key or organization changes here. */
  principals: PrincipalCache;
  /** Each audit chain's head as this process last appended it: a hint that saves a read. */
  chainHeads: ChainHeads;
}

/** Per-request context shared by the GraphQL and REST faces. */
export interface RequestContext {
  requestId: string;
  version: string;
  principal: Principal;
  /** Tenant-scoped client: every query through it is limited to the caller's reach. */
  db: ScopedDb;
  services: AppServices;
  /** Per-request memo (dataloaders, gate results), keyed by purpose. */
  memo: Map<string, unknown>;
  /**
   * The Idempotency-Key this request claimed (REST writes): `write()` marks it committed in the
   * write's own transaction, so a retry can never run the write twice (src/http/idempotency.ts).
   */
  idempotency?: IdempotencyClaim;
}

export interface IdempotencyClaim {
  organizationId: string;
  environment: string;
  key: string;
  /** Set once a write of this request has committed. */
  committed: boolean;
}
