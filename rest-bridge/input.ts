import {
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
} from "graphql";
import { ApiError, invalid, missing } from "../src/errors.js";
import { MAX_ARRAY, MAX_STRING } from "../src/input-guard.js";
import { toCamel, toSnake } from "./case.js";

export { MAX_ARRAY, MAX_STRING };

const describe = (t: GraphQLInputType): string => {
  const inner = isNonNullType(t) ? t.ofType : t;
  if (isListType(inner)) return "an array";
  if (isInputObjectType(inner)) return "an object";
  if (isEnumType(inner))
    return `one of: ${inner
      .getValues()
      .map((v) => v.name)
      .join(", ")}`;
  switch (inner.name) {
    case "String":
    case "ID":
      return "a string";
    case "Int":
      return "an integer";
    case "Float":
      return "a number";
    case "Boolean":
      return "a boolean";
    case "JSONObject":
      return "an object";
    default:
      return `a valid ${inner.name}`;
  }
};

/**
 * Checks a JSON value against a GraphQL input type with the error codes of CONTRACT.md §2 and
 * returns it with GraphQL (camelCase) field names. `param` is the wire path (`wallets[2]`).
 */
export function fromRest(value: unknown, type: GraphQLInputType, param: string): unknown {
  if (isNonNullType(type)) {
    if (value === undefined) throw missing(param);
    if (value === null) throw invalid(param, `${param} must not be null.`);
    return fromRest(value, type.ofType, param);
  }
  if (value === null || value === undefined) return value;
  if (isListType(type)) {
    if (!Array.isArray(value)) throw invalid(param, `${param} must be ${describe(type)}.`);
    return value.map((v, i) => fromRest(v, type.ofType, `${param}[${i}]`));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== "object" || Array.isArray(value))
      throw invalid(param, `${param || "The body"} must be an object.`);
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    const prefix = param ? `${param}.` : "";
    for (const key of Object.keys(value)) {
      if (!fields[toCamel(key)] || toSnake(toCamel(key)) !== key) {
        throw new ApiError("unknown_parameter", {
          param: `${prefix}${key}`,
          message: `Unknown parameter: ${prefix}${key}.`,
          details: { accepted: Object.keys(fields).map(toSnake) },
        });
      }
    }
    for (const field of Object.values(fields)) {
      const v = (value as Record<string, unknown>)[toSnake(field.name)];
      const converted = fromRest(v, field.type, `${prefix}${toSnake(field.name)}`);
      if (converted !== undefined) out[field.name] = converted;
    }
    return out;
  }
  if (isEnumType(type)) {
    if (typeof value !== "string" || !type.getValue(value)) {
      throw invalid(param, `${param} must be ${describe(type)}.`, {
        allowed: type.getValues().map((v) => v.name),
      });
    }
    return value;
  }
  if (isScalarType(type))
    return checkScalar(value, type.name, param, () => type.parseValue(value), describe(type));
  return value;
}

function checkScalar(
  value: unknown,
  name: string,
  param: string,
  parse: () => unknown,
  expected: string,
) {
  // Custom scalars explain themselves ("must be a calendar date YYYY-MM-DD"): one sentence.
  const bad = (why?: string) =>
    invalid(param, why ? `${param} ${why}.` : `${param} must be ${expected}.`);
  switch (name) {
    case "String":
    case "ID":
      if (typeof value !== "string") throw bad();
      return value;
    case "Int":
      if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > 2 ** 31 - 1)
        throw bad();
      return value;
    case "Float":
      if (typeof value !== "number" || !Number.isFinite(value)) throw bad();
      return value;
    case "Boolean":
      if (typeof value !== "boolean") throw bad();
      return value;
    case "JSON":
      return value;
    case "JSONObject":
      if (typeof value !== "object" || Array.isArray(value)) throw bad();
      return value;
    default:
      try {
        parse();
      } catch (e) {
        throw bad(e instanceof GraphQLError ? e.message : undefined);
      }
      return value;
  }
}

/** Query-string value (always text) to the JSON value an argument expects. */
export function fromQueryString(raw: string, arg: GraphQLArgument, param: string): unknown {
  const type = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
  if (isScalarType(type) && type.name === "Int") {
    if (!/^-?\d+$/.test(raw)) throw invalid(param, `${param} must be an integer.`);
    return fromRest(Number(raw), arg.type, param);
  }
  if (isScalarType(type) && type.name === "Float") {
    if (raw.trim() === "" || !Number.isFinite(Number(raw)))
      throw invalid(param, `${param} must be a number.`);
    return Number(raw);
  }
  if (isScalarType(type) && type.name === "Boolean") {
    if (raw !== "true" && raw !== "false") throw invalid(param, `${param} must be true or false.`);
    return raw === "true";
  }
  return fromRest(raw, arg.type, param);
}
