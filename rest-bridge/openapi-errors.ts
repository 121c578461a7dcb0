import { getNamedType, isInputObjectType } from "graphql";
import { ERROR_CATALOG, type ErrorCode } from "../src/errors.js";
import { type CompiledRoute } from "./compile.js";
import { hasRequiredField } from "./openapi-schemas.js";

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
