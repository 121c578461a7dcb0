import { Kind, valueFromASTUntyped, visit, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { ApiError } from "../errors.js";
import { assertStorable } from "../input-guard.js";
import { toGraphQLError } from "./api-error.js";

/** Documents whose literals passed: yoga hands over the same parsed document for the same text. */
const checked = new WeakSet<DocumentNode>();

/** Checks every literal argument of the document; `param` is the argument path. */
function checkLiterals(document: DocumentNode): void {
  if (checked.has(document)) return;
  visit(document, {
    Argument(node) {
      if (node.value.kind === Kind.VARIABLE) return;
      assertStorable(valueFromASTUntyped(node.value), node.name.value);
    },
  });
  checked.add(document);
}

/**
 * The GraphQL face of src/input-guard.ts: variables and inline literals that could not be
 * stored exactly as sent are refused with `parameter_invalid` before anything executes.
 * (The REST bridge checks the request itself, with wire names, and executes directly.)
 */
export function useTextGuard(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      try {
        for (const [name, value] of Object.entries(args.variableValues ?? {}))
          assertStorable(value, name);
        checkLiterals(args.document);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        setResultAndStopExecution({
          errors: [toGraphQLError(error, { requestError: true })],
        });
      }
    },
  };
}
