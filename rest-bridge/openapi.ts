import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  print,
  type FieldNode,
  type GraphQLEnumType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLScalarType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { DEFAULT_VERSION, SERVICE_VERSION, SUPPORTED_VERSIONS } from "../src/config.js";
import { ERROR_CATALOG, type ErrorCode } from "../src/errors.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../src/pagination.js";
import { toSnake } from "./case.js";
import { PAGE_PARAMS, type CompiledRoute } from "./compile.js";
import { MAX_ARRAY, MAX_STRING } from "./input.js";

/**
 * The OpenAPI 3.1 document, generated from the route table and the GraphQL schema so it cannot
 * drift: request bodies follow rest-bridge/input.ts, responses follow the selection each route
 * actually runs (rest-bridge/shape.ts), errors follow ERROR_CATALOG and the pipeline of src/app.ts.
 *
 * A root field may list further error codes it produces (state rules and the like) in
 * `extensions.errors: ErrorCode[]`; they are added to that route's documented errors.
 */

type Schema = Record<string, unknown>;

const PARAM_FOR_ARG = Object.fromEntries(Object.entries(PAGE_PARAMS).map(([p, a]) => [a, p]));
const REQUEST_ID: Schema = {
  type: "string",
  pattern: "^req_[0-7][0-9a-hjkmnp-tv-z]{25}$",
  description: "Request id; the same value as the MD-Request-Id header.",
};
const RESERVED = new Set(["Error", "RequestId", "AuditRef"]);
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const described = (s: Schema, description: string | null | undefined): Schema =>
  description ? { ...s, description } : s;

function orNull(s: Schema): Schema {
  if (typeof s.type === "string") return { ...s, type: [s.type, "null"] };
  if (s.$ref || s.allOf) return { oneOf: [s, { type: "null" }] };
  return s; // already accepts any value, null included
}

function scalarSchema(t: GraphQLScalarType, input: boolean): Schema {
  switch (t.name) {
    case "String":
    case "ID":
      return input ? { type: "string", maxLength: MAX_STRING } : { type: "string" };
    case "Int":
      return { type: "integer", format: "int32" };
    case "Float":
      return { type: "number" };
    case "Boolean":
      return { type: "boolean" };
    case "DateTime":
      return { type: "string", format: "date-time", examples: ["2026-06-11T09:30:00.000Z"] };
    case "Date":
      return { type: "string", format: "date", examples: ["2026-06-11"] };
    case "JSON":
      return {};
    case "JSONObject":
      return { type: "object", additionalProperties: true };
    default:
      return described({ "x-graphql-scalar": t.name }, t.description);
  }
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const COMMON_HEADERS = {
  "MD-Request-Id": headerRef("MD-Request-Id"),
  "MD-Version": headerRef("MD-Version"),
  "MD-RateLimit-Limit": headerRef("MD-RateLimit-Limit"),
  "MD-RateLimit-Remaining": headerRef("MD-RateLimit-Remaining"),
};
// Rate-limit headers are left off error responses to keep the document small; info.description covers them.
const ERROR_HEADERS = {
  "MD-Request-Id": headerRef("MD-Request-Id"),
  "MD-Version": headerRef("MD-Version"),
};

/** GraphQL types → components.schemas, one entry per named type where the shape is the same. */
class SchemaRegistry {
  readonly schemas: Record<string, Schema> = {};
  private readonly signatures = new Map<string, string>();

  private named(type: GraphQLNamedType, signature: string, build: () => Schema): Schema {
    if (RESERVED.has(type.name)) return build();
    const seen = this.signatures.get(type.name);
    if (seen === signature) return ref(type.name);
    // The same type selected differently (cycle or depth cut in shape.ts): inline it.
    if (seen !== undefined) return build();
    this.signatures.set(type.name, signature);
    this.schemas[type.name] = {};
    this.schemas[type.name] = build();
    return ref(type.name);
  }

  private enumSchema(t: GraphQLEnumType): Schema {
    return this.named(t, "enum", () =>
      described({ type: "string", enum: t.getValues().map((v) => v.name) }, t.description),
    );
  }

  /** Error responses are shared by every route that can produce the same codes with one status. */
  readonly responses: Record<string, Schema> = {};

  errorResponse(status: number, codes: ErrorCode[]): Schema {
    const name = [status, ...codes].join(".");
    this.responses[name] ??= {
      description: codes
        .map((c) => `- \`${c}\` (${ERROR_CATALOG[c].type}): ${ERROR_CATALOG[c].message}`)
        .join("\n"),
      headers: {
        ...ERROR_HEADERS,
        ...(status === 429 ? { "Retry-After": headerRef("Retry-After") } : {}),
      },
      content: { "application/json": { schema: ref("Error") } },
      "x-error-codes": codes,
    };
    return { $ref: `#/components/responses/${name}` };
  }

  /** Schema of a JSON value that fromRest() accepts for `type`. */
  input(type: GraphQLInputType): Schema {
    return isNonNullType(type) ? this.inputInner(type.ofType) : orNull(this.inputInner(type));
  }

  inputInner(type: GraphQLInputType): Schema {
    if (isNonNullType(type)) return this.inputInner(type.ofType);
    if (isListType(type))
      return { type: "array", maxItems: MAX_ARRAY, items: this.input(type.ofType) };
    if (isEnumType(type)) return this.enumSchema(type);
    if (isInputObjectType(type)) {
      return this.named(type, "input", () => {
        const properties: Record<string, Schema> = {};
        const required: string[] = [];
        for (const f of Object.values(type.getFields())) {
          const key = toSnake(f.name);
          let s = described(this.input(f.type), f.description);
          if (f.defaultValue !== undefined) s = { ...s, default: f.defaultValue };
          if (f.deprecationReason) s = { ...s, deprecated: true };
          properties[key] = s;
          if (isNonNullType(f.type)) required.push(key);
        }
        return {
          ...described({ type: "object" }, type.description),
          properties,
          ...(required.length ? { required } : {}),
          additionalProperties: false,
        };
      });
    }
    return scalarSchema(type as GraphQLScalarType, true);
  }

  /** Schema of what toRest() renders for `type` under the selection the route runs. */
  output(type: GraphQLOutputType, sel: SelectionSetNode | undefined): Schema {
    return isNonNullType(type)
      ? this.outputInner(type.ofType, sel)
      : orNull(this.outputInner(type, sel));
  }

  outputInner(type: GraphQLOutputType, sel: SelectionSetNode | undefined): Schema {
    if (isNonNullType(type)) return this.outputInner(type.ofType, sel);
    if (isListType(type)) return { type: "array", items: this.output(type.ofType, sel) };
    if (isEnumType(type)) return this.enumSchema(type);
    if (isScalarType(type)) return scalarSchema(type, false);
    if (!isObjectType(type) || !sel) return { type: "object" };
    return this.named(type, print(sel), () => {
      const fields = type.getFields();
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const node of sel.selections) {
        const field = node.kind === Kind.FIELD ? fields[node.name.value] : undefined;
        if (!field) continue;
        const key = toSnake((node as FieldNode).alias?.value ?? field.name);
        properties[key] = described(
          this.output(field.type, (node as FieldNode).selectionSet),
          field.description,
        );
        if (isNonNullType(field.type)) required.push(key);
      }
      return {
        ...described({ type: "object" }, type.description),
        properties,
        ...(required.length ? { required } : {}),
      };
    });
  }
}

const child = (sel: SelectionSetNode | undefined, name: string): FieldNode | undefined =>
  sel?.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && (s.alias ?? s.name).value === name,
  );

function hasRequiredField(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  return (
    isInputObjectType(named) && Object.values(named.getFields()).some((f) => isNonNullType(f.type))
  );
}

/** The error codes one route can produce, following the pipeline of src/app.ts and handler.ts. */
export function routeErrorCodes(route: CompiledRoute): ErrorCode[] {
  const { def, gate, field } = route;
  const codes = new Set<ErrorCode>([
    "unsupported_version",
    "authentication_required",
    "invalid_api_key",
    "api_key_expired",
    "api_key_revoked",
    "unknown_parameter",
    "rate_limited",
    "internal_error",
  ]);
  if (gate) codes.add("insufficient_scope");
  const bodyArg = Object.entries(def.args ?? {}).find(([, s]) => s === "body");
  const bodyType = bodyArg && field.args.find((a) => a.name === bodyArg[0])?.type;
  if (def.method !== "GET") {
    for (const c of ["invalid_json", "unsupported_media_type", "payload_too_large"] as const)
      codes.add(c);
  }
  if (bodyType) {
    codes.add("parameter_invalid");
    if (hasRequiredField(bodyType)) codes.add("parameter_missing");
  }
  if (def.list) codes.add("parameter_invalid");
  // An id in the path or body that is out of the caller's reach is 404 (CONTRACT.md §2).
  const named = bodyType && getNamedType(bodyType);
  const refersToIds =
    isInputObjectType(named) && Object.keys(named.getFields()).some((k) => /Ids?$/.test(k));
  if (route.pathParams.length || refersToIds) codes.add("resource_missing");
  if (def.idempotent) {
    for (const c of [
      "parameter_invalid",
      "idempotency_key_in_use",
      "idempotency_key_reused",
    ] as const)
      codes.add(c);
  }
  if (gate?.authority) codes.add("authority_required");
  if (gate?.sanctions) {
    codes.add("sanctions_screen_required");
    codes.add("sanctions_hold");
  }
  for (const c of (field.extensions as { errors?: string[] }).errors ?? []) {
    if (c in ERROR_CATALOG) codes.add(c as ErrorCode);
  }
  const order = Object.keys(ERROR_CATALOG);
  return [...codes].sort(
    (a, b) =>
      ERROR_CATALOG[a].status - ERROR_CATALOG[b].status || order.indexOf(a) - order.indexOf(b),
  );
}

export function routeFlags(route: CompiledRoute): string[] {
  return [
    ...(route.def.idempotent ? ["I"] : []),
    ...(route.gate?.authority ? ["A"] : []),
    ...(route.gate?.sanctions ? ["S"] : []),
  ];
}

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
  } else {
    const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
    success = { allOf: [reg.outputInner(inner, resultSel), ref("AuditRef")] };
  }

  const status = String(def.status ?? 200);
  const responses: Record<string, Schema> = {
    [status]: {
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
      `- **Bounds:** strings ≤ ${MAX_STRING} characters, arrays ≤ ${MAX_ARRAY} items; a body field the endpoint does not accept is refused with \`unknown_parameter\` (no silent mass assignment).`,
      "- **Ids:** `<prefix>_<26-char sortable id>` (TypeID), e.g. `op_`, `req_`, `org_`, `mat_`; the same id is the GraphQL `ID`.",
      "- **Every response** carries `MD-Request-Id: req_…`; JSON object bodies carry a top-level `audit_ref` equal to it, and every audit event the request writes stores that id.",
      "- **Flags (`x-flags`):** I = accepts `Idempotency-Key`; A = authority gate; S = sanctions gate.",
      "- **This document** is `GET /v1/openapi.json`; the reference page is `GET /docs`. Both need no API key.",
    ].join("\n"),
    "## Versioning",
    `Send \`MD-Version\`; supported: ${SUPPORTED_VERSIONS.map((v) => `\`${v}\``).join(", ")}. Absent → the organization's pinned version (default \`${DEFAULT_VERSION}\`). A malformed or unsupported value → 400 \`unsupported_version\`. Every response echoes the version used in \`MD-Version\`.`,
    "## Idempotency",
    "On endpoints flagged I, send an optional `Idempotency-Key` (1–255 printable ASCII characters), scoped to organization + environment and kept 24 hours. Same key with the same method, path and body → the stored status and body, byte for byte, with `Idempotent-Replayed: true` and a new `MD-Request-Id`; nothing is written twice. Same key with a different request → 422 `idempotency_key_reused`; while the first is still running → 409 `idempotency_key_in_use`. Responses ≥ 500 are not stored.",
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
