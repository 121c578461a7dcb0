import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { GraphQLJSON, GraphQLJSONObject } from "graphql-scalars";

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDateTime(value: unknown): Date {
  if (typeof value !== "string" || !ISO_DATETIME.test(value)) {
    throw new GraphQLError(
      "must be an ISO 8601 date-time with a time zone, e.g. 2026-06-11T09:30:00.000Z",
    );
  }
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new GraphQLError("is not a valid date-time");
  return d;
}

/** ISO 8601 UTC with milliseconds on output (CONTRACT.md §1). */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: "DateTime",
  description: "ISO 8601 timestamp, UTC with milliseconds on output (2026-06-11T09:30:00.000Z).",
  serialize: (v) => (v instanceof Date ? v : new Date(String(v))).toISOString(),
  parseValue: parseDateTime,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("DateTime must be a string");
    return parseDateTime(ast.value);
  },
});

function parseDate(value: unknown): string {
  const m = typeof value === "string" ? ISO_DATE.exec(value) : null;
  if (!m) throw new GraphQLError("must be a calendar date YYYY-MM-DD");
  const d = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new GraphQLError("is not a valid calendar date");
  }
  return value as string;
}

/** Calendar date `YYYY-MM-DD`, carried as a string to avoid time-zone drift. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: "Date",
  description: "Calendar date, YYYY-MM-DD.",
  serialize: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)),
  parseValue: parseDate,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("Date must be a string");
    return parseDate(ast.value);
  },
});

export { GraphQLJSON as JSONScalar, GraphQLJSONObject as JSONObjectScalar };
