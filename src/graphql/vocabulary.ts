import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { toCamel } from "../../rest-bridge/case.js";
import { ApiError } from "../errors.js";

type Field = GraphQLField<unknown, unknown>;

/** The field definition behind every field node of a document. */
function fieldDefinitions(schema: GraphQLSchema, document: DocumentNode): Map<FieldNode, Field> {
  const typeInfo = new TypeInfo(schema);
  const found = new Map<FieldNode, Field>();
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const definition = typeInfo.getFieldDef();
        if (definition) found.set(node, definition);
      },
    }),
  );
  return found;
}

const itemType = (type: GraphQLInputType | undefined) => {
  const inner = type && isNonNullType(type) ? type.ofType : type;
  return inner && isListType(inner) ? (inner.ofType as GraphQLInputType) : undefined;
};

/**
 * A parameter path as the domain rules name it (`date_entered`,
 * `source_refs[2].title`) as the field's GraphQL argument path (`input.dateEntered`,
 * `input.sourceRefs[2].title`). Keys below a JSON value stay as sent; a path the field's
 * arguments do not explain is returned unchanged.
 */
export function graphqlParam(field: Field, param: string): string {
  const segments = [...param.matchAll(/\[(\d+)\]|[^.[\]]+/g)].map(
    (m): { index: string } | { key: string } =>
      m[1] !== undefined ? { index: m[1] } : { key: m[0] },
  );
  const first = segments[0];
  if (!first || !("key" in first)) return param;
  const head = toCamel(first.key);
  let type: GraphQLInputType | undefined;
  let out: string;
  const arg = field.args.find((a) => a.name === head);
  if (arg) {
    out = arg.name;
    type = arg.type;
  } else {
    // Domain rules name an input object's fields without the argument holding them.
    const holder = field.args
      .map((a) => ({ name: a.name, type: getNamedType(a.type) }))
      .find((a) => isInputObjectType(a.type) && a.type.getFields()[head] !== undefined);
    if (!holder || !isInputObjectType(holder.type)) return param;
    out = `${holder.name}.${head}`;
    type = holder.type.getFields()[head]!.type;
  }
  for (const segment of segments.slice(1)) {
    if ("index" in segment) {
      out += `[${segment.index}]`;
      type = itemType(type);
      continue;
    }
    const named = type && getNamedType(type);
    const inputField = isInputObjectType(named)
      ? named.getFields()[toCamel(segment.key)]
      : undefined;
    out += `.${inputField ? inputField.name : segment.key}`;
    type = inputField?.type;
  }
  return out;
}

/** The error again, its param (and the message's leading mention of it) in GraphQL words. */
function inGraphqlWords(
  error: GraphQLError,
  definitions: () => Map<FieldNode, Field>,
): GraphQLError {
  const api = error.originalError;
  const node = error.nodes?.[0];
  if (!(api instanceof ApiError) || api.param === undefined || node?.kind !== "Field") return error;
  const field = definitions().get(node);
  const param = field ? graphqlParam(field, api.param) : api.param;
  if (param === api.param) return error;
  const message = api.message.startsWith(`${api.param} `)
    ? `${param}${api.message.slice(api.param.length)}`
    : api.message;
  const renamed = new ApiError(api.code, {
    message,
    param,
    details: api.details,
    headers: api.headers,
  });
  return new GraphQLError(message, {
    nodes: error.nodes,
    path: error.path,
    originalError: renamed,
  });
}

/**
 * Domain rules name a parameter once, mostly as REST's snake_case body field (`date_entered`);
 * the GraphQL face speaks of its own arguments instead (`first`, `input.dateEntered`). Runs
 * before the error mask, which renders the renamed ApiError.
 */
export function useGraphqlVocabulary(): Plugin {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.length) return;
          let definitions: Map<FieldNode, Field> | undefined;
          const lazy = () => (definitions ??= fieldDefinitions(args.schema, args.document));
          setResult({ ...result, errors: result.errors.map((e) => inGraphqlWords(e, lazy)) });
        },
      };
    },
  };
}
