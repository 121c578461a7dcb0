import type { JobDefinition } from "../src/jobs/scheduler.js";

/**
 * One entry per documented endpoint. Each names the GraphQL root field it runs and where that
 * field's arguments come from; the bridge builds, parses and validates the operation once at
 * start and derives the REST body from the field's GraphQL type.
 */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface RouteDef {
  method: HttpMethod;
  /** Path with `{param}` placeholders, exactly as documented (e.g. `/v1/operations/{id}`). */
  path: string;
  /** Root field on Query (GET) or Mutation (other methods). */
  field: string;
  /** GraphQL argument → source: "body" (the whole JSON body) or "path.<name>". */
  args?: Record<string, "body" | `path.${string}`>;
  /** A list endpoint: the field is a connection; query parameters map to its arguments. */
  list?: boolean;
  /** 201 for creation. */
  status?: 200 | 201;
  /** Flag I: accepts Idempotency-Key. */
  idempotent?: boolean;
  /**
   * A file download: the field returns a file object (rest-bridge/file.ts: `filename`,
   * `contentType`, `sizeBytes`, `sha256`, `contentBase64`) and the response is the file's bytes
   * with its own Content-Type instead of a JSON body. `mediaTypes` lists the types it may have,
   * for the OpenAPI document.
   */
  file?: { mediaTypes: string[] };
  /** Endpoints reachable without an API key (docs, OpenAPI). */
  public?: boolean;
  summary: string;
  /** Section of SPEC.md / CONTRACT.md it implements (OpenAPI tag). */
  tag: string;
}

/** A domain module (ARCHITECTURE.md): one folder, one manifest. */
export interface ModuleManifest {
  name: string;
  dependsOn?: string[];
  /** Adds the module's types, queries and mutations to the builder. */
  register(): void;
  routes?: RouteDef[];
  /** Capability names this module contributes to GET /v1/capabilities. */
  capabilities?: string[];
  /** Periodic jobs, run by the one scheduler (src/jobs/scheduler.ts) every MD_JOBS_INTERVAL_MS. */
  jobs?: JobDefinition[];
}
