import type { GraphQLSchema } from "graphql";
import {
  compileRoutes,
  matchRoute,
  type CompiledRoute,
  type RouteMatch,
} from "../rest-bridge/compile.js";
import { serveRoute } from "../rest-bridge/handler.js";
import { servePublicDocument } from "../rest-bridge/public.js";
import { authenticate, type Principal } from "./auth/principal.js";
import { bootstrapIfEmpty, type BootstrapResult } from "./bootstrap.js";
import { DEFAULT_VERSION, type Config } from "./config.js";
import type { AppServices, RequestContext } from "./context.js";
import { openDatabase, type Database } from "./db/open.js";
import { ScopedClients } from "./db/tenant-scope.js";
import { ApiError } from "./errors.js";
import { toGraphQLError } from "./graphql/api-error.js";
import { checkGraphqlRequest } from "./graphql/http-request.js";
import { createGraphqlServer } from "./graphql/yoga.js";
import { corsHeaders, preflight } from "./http/cors.js";
import { IdempotencyStore } from "./http/idempotency.js";
import { checkUrlLength } from "./http/limits.js";
import {
  DatabaseRateLimiter,
  MemoryRateLimiter,
  rateLimited,
  rateLimitHeaders,
} from "./http/rate-limit.js";
import { PrincipalCache } from "./auth/principal-cache.js";
import { ChainHeads } from "./audit/chain-heads.js";
import { requestedVersion } from "./http/version.js";
import { newId } from "./ids.js";
import { serveProbe } from "./http/probes.js";
import { Metrics } from "./metrics.js";
import { createLogger, type Logger } from "./logger.js";
import { getSchema, MODULES } from "./schema/index.js";
import { WebhookWorker } from "./webhooks/worker.js";
import { JobScheduler } from "./jobs/scheduler.js";
import { Response } from "./http/fetch-api.js";

/** 404 for an unknown path, 405 (with Allow) for a known path and another method. */
function routeError(
  match: Exclude<RouteMatch, { kind: "route" }>,
  request: Request,
  url: URL,
): ApiError {
  if (match.kind === "none")
    return new ApiError("route_not_found", { message: `No route for ${url.pathname}.` });
  return new ApiError("method_not_allowed", {
    message: `${request.method} is not allowed on ${url.pathname}; use ${match.allowed.join(", ")}.`,
    details: { allowed: match.allowed },
    headers: { Allow: match.allowed.join(", ") },
  });
}

export interface App {
  /** Serves one request in-process (tests use this; the server adapts Node's http to it). */
  fetch(request: Request): Promise<Response>;
  config: Config;
  db: Database;
  schema: GraphQLSchema;
  routes: CompiledRoute[];
  worker: WebhookWorker;
  /** Periodic jobs of the modules (monitoring …); tests run them with `runNow` / `tick`. */
  jobs: JobScheduler;
  /** Set when this start created the first organization and key. */
  bootstrap: BootstrapResult | null;
  close(): Promise<void>;
}

/** Builds the whole service from a config object without listening (STYLE.md §1). */
export async function createApp(config: Config, options: { logger?: Logger } = {}): Promise<App> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = await openDatabase(config);
  const schema = getSchema();
  const routes = compileRoutes(
    schema,
    MODULES.flatMap((m) => m.routes ?? []),
  );
  const bootstrap = await bootstrapIfEmpty(db.root, { secret: config.bootstrapSecret });
  const worker = new WebhookWorker(db.background, config.webhooks, logger);
  const services: AppServices = {
    config,
    logger,
    root: db.root,
    notifyOutbox: () => worker.wake(),
    principals: new PrincipalCache(),
    chainHeads: new ChainHeads(),
  };
  const idempotency = new IdempotencyStore(db.root, {
    asyncCommit: config.database.kind === "postgres",
  });
  const { ratePerSecond, burst } = config.rateLimit;
  // Auth and rate limit cost at most one statement per request, usually none: principals are
  // cached for 1 s, and on PostgreSQL (several processes) buckets are shared in the database
  // but spent from small in-memory leases (src/http/rate-limit.ts).
  const limiter =
    config.database.kind === "pglite"
      ? new MemoryRateLimiter(ratePerSecond, burst)
      : new DatabaseRateLimiter(db.root, ratePerSecond, burst);
  const yoga = createGraphqlServer(schema, logger, true);
  const metrics = new Metrics(db.background);
  if (config.webhooks.workerEnabled) worker.start();
  const jobs = new JobScheduler(
    { services, db: db.background, logger },
    MODULES.flatMap((m) => m.jobs ?? []),
    config.jobs.intervalMs,
  );
  jobs.start();
  // Idempotency keys are kept 24 h; expired rows are swept hourly (any process may do it).
  const housekeeping = setInterval(() => {
    new IdempotencyStore(db.background)
      .purgeExpired()
      .catch((err) => logger.warn({ err }, "idempotency sweep failed"));
  }, 60 * 60_000);
  housekeeping.unref();

  const scopedClients = new ScopedClients(db.root);

  function contextFor(principal: Principal, requestId: string, version: string): RequestContext {
    return {
      requestId,
      version,
      principal,
      db: scopedClients.for(principal),
      services,
      memo: new Map(),
    };
  }

  async function dispatch(
    request: Request,
    requestId: string,
    state: RequestState,
  ): Promise<Response> {
    const url = new URL(request.url);
    state.path = url.pathname;
    const isGraphql = url.pathname === "/graphql";
    state.face = isGraphql ? "graphql" : "rest";
    state.route = isGraphql ? "/graphql" : "unmatched";
    const probe = await serveProbe(request, url.pathname, db.root, (reason) =>
      logger.warn({ reason }, "not ready"),
    );
    if (probe) {
      state.route = url.pathname;
      return probe;
    }
    if (url.pathname === "/metrics" && config.metrics.enabled) {
      state.route = url.pathname;
      return serveMetrics(request);
    }
    const publicDoc = await servePublicDocument(request, url, routes, schema);
    if (publicDoc) return publicDoc;
    if (
      isGraphql &&
      request.method === "GET" &&
      (request.headers.get("accept") ?? "").includes("text/html")
    ) {
      return yoga.fetch(request, {});
    }
    const match = isGraphql ? null : matchRoute(routes, request.method, url.pathname);
    if (match?.kind === "route") state.route = match.route.def.path;
    const unrouted = match && match.kind !== "route" ? routeError(match, request, url) : null;
    // An anonymous probe learns the route is unknown; a key's caller also gets its rate-limit headers.
    const authorization = request.headers.get("authorization");
    if (unrouted && authorization === null) throw unrouted;
    const asked = requestedVersion(request.headers.get("md-version"));
    if (asked) state.version = asked;
    const principal = await authenticate(db.root, authorization, services.principals);
    state.keyId = principal.keyId;
    state.version = asked ?? principal.pinnedVersion;
    const verdict = await limiter.take(principal.keyId);
    Object.assign(state.headers, rateLimitHeaders(verdict));
    if (!verdict.allowed) throw rateLimited(verdict);
    if (unrouted) throw unrouted;
    checkUrlLength(request.url);
    const ctx = contextFor(principal, requestId, state.version);
    if (isGraphql) {
      const checked = await checkGraphqlRequest(request, url, config.maxBodyBytes);
      return yoga.fetch(checked.request, { mdContext: ctx, graphqlBody: checked.body });
    }
    if (match?.kind !== "route") throw new ApiError("route_not_found");
    const result = await serveRoute(
      schema,
      match.route,
      match.params,
      request,
      url,
      ctx,
      idempotency,
    );
    return new Response(result.body, {
      status: result.status,
      headers: {
        ...result.headers,
        ...(result.replayed ? { "Idempotent-Replayed": "true" } : {}),
      },
    });
  }

  /** Prometheus text; behind a bearer token when MD_METRICS_TOKEN is set. */
  async function serveMetrics(request: Request): Promise<Response> {
    if (request.method !== "GET") {
      throw new ApiError("method_not_allowed", {
        message: `${request.method} is not allowed on /metrics; use GET.`,
        details: { allowed: ["GET"] },
        headers: { Allow: "GET" },
      });
    }
    const token = config.metrics.token;
    if (token && request.headers.get("authorization") !== `Bearer ${token}`) {
      throw new ApiError("authentication_required", {
        message: "GET /metrics needs the metrics token: Authorization: Bearer <MD_METRICS_TOKEN>.",
      });
    }
    return metrics.render();
  }

  interface RequestState {
    /** Route pattern for metrics (never the raw path). */
    route: string;
    face: "rest" | "graphql";
    version: string;
    keyId: string | null;
    headers: Record<string, string>;
    /** The request's path, once parsed. */
    path?: string;
  }

  async function fetch(request: Request): Promise<Response> {
    const started = performance.now();
    const requestId = newId("request");
    const state: RequestState = {
      route: "unmatched",
      face: "rest",
      version: DEFAULT_VERSION,
      keyId: null,
      headers: {},
    };
    let response: Response;
    try {
      response =
        preflight({ origins: config.corsOrigins }, request) ??
        (await dispatch(request, requestId, state));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError("internal_error");
      if (!(error instanceof ApiError))
        logger.error({ request_id: requestId, err: error }, "unhandled error");
      const body =
        state.face === "graphql"
          ? {
              errors: [toGraphQLError(apiError).toJSON()],
              extensions: { request_id: requestId, audit_ref: requestId },
            }
          : apiError.toBody(requestId);
      response = new Response(JSON.stringify(body), {
        status: apiError.status,
        headers: { "Content-Type": "application/json; charset=utf-8", ...apiError.headers },
      });
    }
    response.headers.set("MD-Request-Id", requestId);
    response.headers.set("MD-Version", state.version);
    for (const [k, v] of Object.entries(state.headers)) response.headers.set(k, v);
    for (const [k, v] of Object.entries(corsHeaders({ origins: config.corsOrigins }, request))) {
      response.headers.set(k, v);
    }
    const elapsedMs = performance.now() - started;
    metrics.observe(request.method, state.route, response.status, elapsedMs / 1000);
    if (logger.isLevelEnabled("info")) {
      logger.info(
        {
          request_id: requestId,
          key_id: state.keyId,
          method: request.method,
          path: state.path ?? new URL(request.url).pathname,
          status: response.status,
          duration_ms: Math.round(elapsedMs * 100) / 100,
        },
        "request",
      );
    }
    return response;
  }

  return {
    fetch,
    config,
    db,
    schema,
    routes,
    worker,
    jobs,
    bootstrap,
    async close() {
      clearInterval(housekeeping);
      await jobs.stop();
      await worker.stop();
      await idempotency.drain();
      await db.close();
    },
  };
}
