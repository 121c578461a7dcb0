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
  type SelectionSetNode,
} from "graphql";
import { ERROR_CATALOG, type ErrorCode } from "../src/errors.js";
import { toSnake } from "./case.js";
import { PAGE_PARAMS } from "./compile.js";
import { MAX_ARRAY, MAX_STRING } from "./input.js";
import { exampleOf } from "./openapi-examples.js";

/** GraphQL types → JSON Schema pieces of the OpenAPI document (rest-bridge/openapi.ts). */
export type Schema = Record<string, unknown>;

export const PARAM_FOR_ARG = Object.fromEntries(
  Object.entries(PAGE_PARAMS).map(([p, a]) => [a, p]),
);
export const REQUEST_ID: Schema = {
  type: "string",
  pattern: "^req_[0-7][0-9a-hjkmnp-tv-z]{25}$",
  description: "Request id; the same value as the MD-Request-Id header.",
};
export const RESERVED = new Set(["Error", "RequestId", "AuditRef"]);
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const described = (s: Schema, description: string | null | undefined): Schema =>
  description ? { ...s, description } : s;

export function orNull(s: Schema): Schema {
  if (typeof s.type === "string") return { ...s, type: [s.type, "null"] };
  if (s.$ref || s.allOf) return { oneOf: [s, { type: "null" }] };
  return s; // already accepts any value, null included
}

export function scalarSchema(t: GraphQLScalarType, input: boolean): Schema {
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

export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const COMMON_HEADERS = {
  "MD-Request-Id": headerRef("MD-Request-Id"),
  "MD-Version": headerRef("MD-Version"),
  "MD-RateLimit-Limit": headerRef("MD-RateLimit-Limit"),
  "MD-RateLimit-Remaining": headerRef("MD-RateLimit-Remaining"),
};
// Rate-limit headers are left off error responses to keep the document small; info.description covers them.
export const ERROR_HEADERS = {
  "MD-Request-Id": headerRef("MD-Request-Id"),
  "MD-Version": headerRef("MD-Version"),
};

/** GraphQL types → components.schemas, one entry per named type where the shape is the same. */
export class SchemaRegistry {
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

  /** Value descriptions go in `x-enumDescriptions` (Redoc, Scalar) and in the description (Swagger UI). */
  private enumSchema(t: GraphQLEnumType): Schema {
    return this.named(t, "enum", () => {
      const values = t.getValues();
      const list = values.map((v) => `- \`${v.name}\`${v.description ? `: ${v.description}` : ""}`);
      return {
        type: "string",
        enum: values.map((v) => v.name),
        description: [t.description, list.join("\n")].filter(Boolean).join("\n\n"),
        "x-enumDescriptions": Object.fromEntries(values.map((v) => [v.name, v.description ?? ""])),
      };
    });
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
          example: exampleOf(type),
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

export const child = (sel: SelectionSetNode | undefined, name: string): FieldNode | undefined =>
  sel?.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && (s.alias ?? s.name).value === name,
  );

export function hasRequiredField(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  return (
    isInputObjectType(named) && Object.values(named.getFields()).some((f) => isNonNullType(f.type))
  );
}
