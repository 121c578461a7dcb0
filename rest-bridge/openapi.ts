import {
  getNamedType,
  isNonNullType,
  isObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { DEFAULT_VERSION, SERVICE_VERSION, SUPPORTED_VERSIONS } from "../src/config.js";
import { ERROR_CATALOG, type ErrorCode } from "../src/errors.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../src/pagination.js";
import { toSnake } from "./case.js";
import { type CompiledRoute } from "./compile.js";
import { MAX_HEADER_BYTES, MAX_URL_LENGTH } from "../src/http/limits.js";
import { MAX_ARRAY, MAX_STRING } from "./input.js";
import {
  COMMON_HEADERS,
  type Schema,
  PARAM_FOR_ARG,
  REQUEST_ID,
  ref,
  described,
  headerRef,
  SchemaRegistry,
  child,
  hasRequiredField,
} from "./openapi-schemas.js";
import { routeErrorCodes, routeFlags } from "./openapi-errors.js";
import { fileSuccessContent } from "./file.js";

/**
 * The OpenAPI 3.1 document, generated from the route table and the GraphQL schema so it cannot
 * drift: request bodies follow rest-bridge/input.ts, responses follow the selection each route
 * actually runs (rest-bridge/shape.ts), errors follow ERROR_CATALOG and the pipeline of src/app.ts.
 *
 * A root field may list further error codes it produces (state rules and the like) in
 * `extensions.errors: ErrorCode[]`; they are added to that route's documented errors.
 */

function operationFor(route: CompiledRoute, reg: SchemaRegistry, operationId: string): Schema {
  const { def, field, gate } = route;
  const flags = routeFlags(route);
  const argOf = (source: string) => {
    const name = Object.entries(def.args ?? {}).find(([, s]) => s === source)?.[0];
    return name === undefined ? undefined : field.args.find((a) => a.name === name);
  };

  const parameters: Schema[] = route.pathParams.map((p) => {
    const arg = argOf(`path.${p}`);
    return described(
      {
        name: p,
        in: "path",
        required: true,
        schema: arg ? reg.inputInner(arg.type) : { type: "string" },
      },
      arg?.description,
    );
  });
  if (def.list) {
    const bound = new Set(Object.keys(def.args ?? {}));
    for (const arg of field.args.filter((a) => !bound.has(a.name))) {
      const param = PARAM_FOR_ARG[arg.name] ?? toSnake(arg.name);
      const schema =
        param === "limit"
          ? { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }
          : param === "cursor"
            ? { type: "string" }
            : reg.inputInner(arg.type);
      const description =
        param === "limit"
          ? `Page size, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`
          : param === "cursor"
            ? "Opaque; pass `next_cursor` from the previous page."
            : arg.description;
      parameters.push(
        described(
          { name: param, in: "query", required: isNonNullType(arg.type), schema },
          description,
        ),
      );
    }
  }
  if (def.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  parameters.push({ $ref: "#/components/parameters/MDVersion" });

  const bodyArg = argOf("body");
  const requestBody = bodyArg && {
    required: hasRequiredField(bodyArg.type),
    content: { "application/json": { schema: reg.inputInner(bodyArg.type) } },
  };

  const opDef = route.document.definitions[0] as OperationDefinitionNode;
  const resultSel = child(opDef.selectionSet, "result")?.selectionSet;
  let success: Schema;
  if (def.list) {
    const conn = getNamedType(field.type);
    const edgeType = isObjectType(conn) ? getNamedType(conn.getFields().edges!.type) : undefined;
    const nodeType = isObjectType(edgeType) ? edgeType.getFields().node!.type : undefined;
    const nodeSel = child(child(resultSel, "edges")?.selectionSet, "node")?.selectionSet;
    success = {
      type: "object",
      description: "A page, newest first (CONTRACT.md §6).",
      required: ["items", "has_more", "next_cursor", "audit_ref"],
      properties: {
        items: { type: "array", items: nodeType ? reg.output(nodeType, nodeSel) : {} },
        has_more: { type: "boolean" },
        next_cursor: {
          type: ["string", "null"],
          description: "Pass as `cursor` for the next page; null on the last page.",
        },
        audit_ref: ref("RequestId"),
      },
    };
  } else if (def.file) {
    success = {}; // the bytes of a file, documented by fileSuccessContent below
  } else {
    const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
    success = { allOf: [reg.outputInner(inner, resultSel), ref("AuditRef")] };
  }

  const status = String(def.status ?? 200);
  const file = def.file && fileSuccessContent(def.file.mediaTypes);
  const responses: Record<string, Schema> = {
    [status]: file
      ? {
          description:
            "The file, byte for byte as stored: its SHA-256 is the object's `sha256`. A file carries no `audit_ref` (it would change the file); `MD-Request-Id` is in the headers as always.",
          headers: { ...COMMON_HEADERS, ...file.headers },
          content: file.content,
        }
      : {
          description: def.status === 201 ? "Created." : "OK.",
          headers: {
            ...COMMON_HEADERS,
            ...(def.idempotent ? { "Idempotent-Replayed": headerRef("Idempotent-Replayed") } : {}),
          },
          content: { "application/json": { schema: success } },
        },
  };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrorCodes(route)) {
    const s = ERROR_CATALOG[code].status;
    byStatus.set(s, [...(byStatus.get(s) ?? []), code]);
  }
  for (const [s, codes] of byStatus) responses[String(s)] = reg.errorResponse(s, codes);

  const lines = [
    field.description ?? "",
    `**Required scope:** \`${gate?.scope ?? "none"}\``,
    `**Flags:** ${flags.length ? flags.join(" ") : "none"}` +
      (flags.length ? ` (${flags.map((f) => FLAG_TEXT[f]).join("; ")})` : ""),
    `GraphQL: \`${route.operationType} { ${def.field} }\``,
  ];
  return {
    operationId,
    summary: def.summary,
    description: lines.filter(Boolean).join("\n\n"),
    tags: [def.tag],
    security: [{ bearerAuth: [] }],
    "x-scope": gate?.scope ?? null,
    "x-flags": flags,
    "x-graphql-field": def.field,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

const FLAG_TEXT: Record<string, string> = {
  I: "accepts Idempotency-Key",
  A: "authority gate: 403 authority_required without a live grant on the parent matter",
  S: "sanctions gate: 403 sanctions_screen_required / sanctions_hold",
};

function errorSchema(): Schema {
  const types = [...new Set(Object.values(ERROR_CATALOG).map((e) => e.type))];
  return {
    type: "object",
    description:
      "Every error response (CONTRACT.md §2). GraphQL errors carry the same code in extensions.code.",
    required: ["error", "audit_ref"],
    properties: {
      error: {
        type: "object",
        required: ["type", "code", "message", "request_id", "details"],
        properties: {
          type: { type: "string", enum: types },
          code: { type: "string", enum: Object.keys(ERROR_CATALOG) },
          message: { type: "string", description: "Human readable; may change, do not parse." },
          param: {
            type: "string",
            description:
              "The offending parameter: a snake_case body path (`wallets[2]`), a query parameter or a header name.",
          },
          request_id: ref("RequestId"),
          details: {
            type: "object",
            additionalProperties: true,
            description:
              "Code-specific facts, e.g. `required_scope` (insufficient_scope) or `allowed` (invalid_state_transition).",
          },
        },
      },
      audit_ref: ref("RequestId"),
    },
  };
}

function infoDescription(): string {
  const rows = Object.entries(ERROR_CATALOG).map(
    ([code, e]) => `| ${e.status} | ${e.type} | \`${code}\` | ${e.message} |`,
  );
  return [
    "HTTP/JSON API for enforcing money judgments and recovering crypto assets. This document is generated at start from the route table and the GraphQL schema (`POST /graphql` serves the same operations with the same scopes, gates and error codes).",
    "## Conventions",
    [
      "- **Authentication:** `Authorization: Bearer <secret>`; `md_test_` keys see sandbox data only, `md_live_` keys live data only. Scopes per endpoint (`x-scope`); `*` grants all, `family:*` a family.",
      "- **Wire format:** JSON, UTF-8, `Content-Type: application/json` on bodies (else 415), bodies ≤ 1 MiB (else 413). Field names snake_case. Times ISO 8601 UTC with milliseconds; dates `YYYY-MM-DD`. Money is `{amount, currency, valuation_time}`.",
      `- **Bounds:** strings ≤ ${MAX_STRING} characters, arrays ≤ ${MAX_ARRAY} items; a body field the endpoint does not accept is refused with \`unknown_parameter\` (no silent mass assignment). URLs ≤ ${MAX_URL_LENGTH} characters and request heads ≤ ${MAX_HEADER_BYTES / 1024} KiB (else 400 \`parameter_invalid\`).`,
      "- **Text** is stored exactly as sent or refused: a NUL (U+0000) or a lone UTF-16 surrogate in any string or object key, an object key `__proto__`, or malformed percent-encoding in a path is 400 `parameter_invalid` naming the field.",
      "- **Ids:** `<prefix>_<26-char sortable id>` (TypeID), e.g. `op_`, `req_`, `org_`, `mat_`; the same id is the GraphQL `ID`.",
      "- **Every response** carries `MD-Request-Id: req_…`; JSON object bodies carry a top-level `audit_ref` equal to it, and every audit event the request writes stores that id.",
      "- **Flags (`x-flags`):** I = accepts `Idempotency-Key`; A = authority gate; S = sanctions gate.",
      "- **This document** is `GET /v1/openapi.json`; the reference page is `GET /docs`. Both need no API key.",
      "- **CORS:** browser front ends may call both faces; preflights need no key and allow whatever request headers they ask for (`traceparent`, `apollographql-client-name`, …), `MD-*` response headers are exposed, and `MD_CORS_ORIGINS` narrows the allowed origins (default `*`: auth is a bearer header, never a cookie).",
    ].join("\n"),
    "## Versioning",
    `Send \`MD-Version\`; supported: ${SUPPORTED_VERSIONS.map((v) => `\`${v}\``).join(", ")}. Absent → the organization's pinned version (default \`${DEFAULT_VERSION}\`). A malformed or unsupported value → 400 \`unsupported_version\`. Every response echoes the version used in \`MD-Version\`.`,
    "## Idempotency",
    "On endpoints flagged I, send an optional `Idempotency-Key` (1–255 printable ASCII characters), scoped to organization + environment and kept 24 hours. Same key with the same method, path and body → the stored status and body, byte for byte, with `Idempotent-Replayed: true` and a new `MD-Request-Id`; nothing is written twice. Same key with a different request → 422 `idempotency_key_reused`; while the first is still running → 409 `idempotency_key_in_use`, except that a retry arriving after the first's write committed but before its response was stored waits up to 2 s for that response and gets the replay. A key whose write committed but whose response was never stored (its process died) answers 409 `idempotency_key_in_use` for 24 hours and is never carried out again. Responses ≥ 500 are not stored, unless a write of the request committed (then the key is never carried out again).",
    "## Pagination",
    `List endpoints take \`limit\` (1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}) and \`cursor\` (opaque), plus the filters listed on each endpoint; an out-of-range limit or bad cursor → 400, an unknown query parameter → 400 \`unknown_parameter\`. The envelope is \`{items, has_more, next_cursor}\`, newest first, keyset-paginated.`,
    "## Rate limits",
    "Per API key, token bucket (default 50 requests/s, burst 100). Every authenticated response, errors included, carries `MD-RateLimit-Limit` and `MD-RateLimit-Remaining`; over the limit → 429 `rate_limited` with `Retry-After` (seconds).",
    "## Gates",
    "A (authority): the parent matter needs an authority grant with status `granted`, `effective_at` ≤ now and no past `expires_at` (grant it with `POST /v1/matters/{matter_id}/authority`); otherwise 403 `authority_required`. S (sanctions): the matter needs at least one sanctions screen (403 `sanctions_screen_required`), and every `potential_match`/`match` screen a `cleared` review with none `blocked` (403 `sanctions_hold`). Gates never pass softly.",
    "## Errors",
    'Body: `{"error": {type, code, message, param?, request_id, details}, "audit_ref"}`. Checks run in this order: authentication (401) → scope (403) → body/query validation (400) → object lookup within the caller\'s reach (404; other organizations\' objects are indistinguishable from absent ones) → authority gate (403) → sanctions gate (403) → state rules (409/422). A refused request changes nothing. Unknown paths → 404 `route_not_found`; a known path with the wrong method → 405 `method_not_allowed` with `Allow`.',
    "| status | type | code | meaning |\n|---|---|---|---|\n" + rows.join("\n"),
  ].join("\n\n");
}

const header = (description: string, schema: Schema, required = false) => ({
  description,
  required,
  schema,
});

export function buildOpenApi(routes: CompiledRoute[], _schema: GraphQLSchema): object {
  const reg = new SchemaRegistry();
  const paths: Record<string, Record<string, Schema>> = {};
  const used = new Map<string, number>();
  const tags: string[] = [];
  for (const route of routes) {
    if (route.def.public) continue;
    const n = used.get(route.def.field) ?? 0;
    used.set(route.def.field, n + 1);
    // operationId must be unique even when two paths run the same field.
    const operationId = n ? `${route.def.field}_${n + 1}` : route.def.field;
    (paths[route.def.path] ??= {})[route.def.method.toLowerCase()] = operationFor(
      route,
      reg,
      operationId,
    );
    if (!tags.includes(route.def.tag)) tags.push(route.def.tag);
  }
  const schemas: Record<string, Schema> = {
    Error: errorSchema(),
    RequestId: REQUEST_ID,
    AuditRef: {
      type: "object",
      description: "Top-level member of every JSON object response.",
      required: ["audit_ref"],
      properties: { audit_ref: ref("RequestId") },
    },
  };
  for (const name of Object.keys(reg.schemas).sort()) schemas[name] = reg.schemas[name]!;
  return {
    openapi: "3.1.0",
    info: {
      title: "Case Recovery Enforcement API",
      version: SERVICE_VERSION,
      description: infoDescription(),
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ bearerAuth: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key secret: `md_test_…` (sandbox) or `md_live_…` (live).",
        },
      },
      responses: Object.fromEntries(
        Object.keys(reg.responses)
          .sort()
          .map((k) => [k, reg.responses[k]]),
      ),
      parameters: {
        MDVersion: {
          name: "MD-Version",
          in: "header",
          required: false,
          description: `API version. Absent → the organization's pinned version (default ${DEFAULT_VERSION}).`,
          schema: { type: "string", enum: [...SUPPORTED_VERSIONS] },
        },
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Makes a retry safe: the same key and request within 24 hours replays the first response.",
          schema: {
            type: "string",
            minLength: 1,
            maxLength: 255,
            pattern: "^[\\x21-\\x7e][\\x20-\\x7e]*$",
          },
        },
      },
      headers: {
        "MD-Request-Id": header(
          "This request's id; quote it when reporting a problem.",
          ref("RequestId"),
          true,
        ),
        "MD-Version": header("The API version used for this response.", { type: "string" }, true),
        "MD-RateLimit-Limit": header("Bucket size of the caller's key (authenticated requests).", {
          type: "integer",
        }),
        "MD-RateLimit-Remaining": header("Requests left in the bucket (authenticated requests).", {
          type: "integer",
        }),
        "Idempotent-Replayed": header("`true` when the body is a stored idempotent response.", {
          type: "string",
          enum: ["true"],
        }),
        "Retry-After": header("Seconds to wait before retrying.", { type: "integer" }, true),
      },
      schemas,
    },
    "x-error-codes": Object.entries(ERROR_CATALOG).map(([code, e]) => ({
      code,
      status: e.status,
      type: e.type,
      message: e.message,
    })),
  };
}
