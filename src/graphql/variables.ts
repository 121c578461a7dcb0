import {
  coerceInputValue,
  getOperationAST,
  isInputType,
  isNonNullType,
  typeFromAST,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { ApiError } from "../errors.js";
import { toGraphQLError } from "./api-error.js";

// graphql-js words these two problems this way; everything else is a wrong value.
const UNKNOWN_FIELD = /^Field "([^"]+)" is not defined by type "[^"]+"\./;
const MISSING_FIELD = /^Field "([^"]+)" of required type "[^"]+" was not provided\./;

/** `["input", "sourceRefs", 2, "title"]` → `input.sourceRefs[2].title` */
function pathText(path: ReadonlyArray<string | number>): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}

/** One sentence naming the value: scalar messages are fragments ("must be …"), others not. */
function sentence(param: string, message: string): string {
  const text = message.replace(/\s*Did you mean .*$/s, "").replace(/\.?$/, ".");
  return /^[a-z]/.test(text) ? `${param} ${text}` : `${param}: ${text}`;
}

/** The first problem with one variable's value, as the ApiError the caller gets, or null. */
function variableProblem(
  schema: GraphQLSchema,
  definition: VariableDefinitionNode,
  inputs: Record<string, unknown>,
): ApiError | null {
  const name = definition.variable.name.value;
  const type = typeFromAST(schema, definition.type);
  // Unknown or output types are validation errors, reported before execution.
  if (!type || !isInputType(type)) return null;
  const value = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
  if (value === undefined) {
    if (definition.defaultValue || !isNonNullType(type)) return null;
    return new ApiError("parameter_missing", {
      param: name,
      message: `Variable $${name} is required.`,
    });
  }
  let problem: ApiError | null = null;
  coerceInputValue(value, type, (path, _invalid, error) => {
    if (problem) return;
    const unknown = UNKNOWN_FIELD.exec(error.message);
    const missing = MISSING_FIELD.exec(error.message);
    const field = unknown?.[1] ?? missing?.[1];
    const param = pathText([name, ...path, ...(field ? [field] : [])]);
    if (unknown)
      problem = new ApiError("unknown_parameter", { param, message: `Unknown field ${param}.` });
    else if (missing)
      problem = new ApiError("parameter_missing", {
        param,
        message: `Missing required field ${param}.`,
      });
    else
      problem = new ApiError("parameter_invalid", {
        param,
        message: sentence(param, error.message),
      });
  });
  return problem;
}

/**
 * Variables are checked against their declared types before execution, so a wrong value gets
 * a contract error with `param` naming its path (`f`, `input.effectiveAt`); the executor's own
 * coercion error names the path only in prose.
 */
export function useVariableCheck(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation?.variableDefinitions?.length) return;
      const inputs = (args.variableValues ?? {}) as Record<string, unknown>;
      const errors = operation.variableDefinitions.flatMap((definition) => {
        const problem = variableProblem(args.schema, definition, inputs);
        return problem ? [toGraphQLError(problem, { nodes: definition, requestError: true })] : [];
      });
      if (errors.length) setResultAndStopExecution({ errors });
    },
  };
}
