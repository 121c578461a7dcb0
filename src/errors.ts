/**
 * The one error catalog (CONTRACT.md §2). Both faces render ApiError: REST as the error body,
 * GraphQL as `extensions`. Anything that is not an ApiError is masked as `internal_error`.
 */
export const ERROR_CATALOG = {
  invalid_json: {
    status: 400,
    type: "invalid_request_error",
    message: "The request body is not valid JSON.",
  },
  parameter_missing: {
    status: 400,
    type: "invalid_request_error",
    message: "A required parameter is missing.",
  },
  parameter_invalid: {
    status: 400,
    type: "invalid_request_error",
    message: "A parameter has an invalid value.",
  },
  unknown_parameter: {
    status: 400,
    type: "invalid_request_error",
    message: "The request has a parameter this endpoint does not accept.",
  },
  unsupported_version: {
    status: 400,
    type: "invalid_request_error",
    message: "The MD-Version header names an unsupported version.",
  },
  authentication_required: {
    status: 401,
    type: "authentication_error",
    message: "Send an API key in the Authorization header: Bearer followed by the key's secret.",
  },
  invalid_api_key: {
    status: 401,
    type: "authentication_error",
    message: "The API key is not valid.",
  },
  api_key_expired: {
    status: 401,
    type: "authentication_error",
    message: "The API key has expired.",
  },
  api_key_revoked: {
    status: 401,
    type: "authentication_error",
    message: "The API key has been revoked.",
  },
  insufficient_scope: {
    status: 403,
    type: "permission_error",
    message: "The API key lacks the scope this operation requires.",
  },
  authority_required: {
    status: 403,
    type: "permission_error",
    message: "The matter has no live authority grant.",
  },
  sanctions_screen_required: {
    status: 403,
    type: "permission_error",
    message: "The matter has no sanctions screen.",
  },
  sanctions_hold: {
    status: 403,
    type: "permission_error",
    message: "The matter is under a sanctions hold.",
  },
  counsel_approval_required: {
    status: 403,
    type: "permission_error",
    message: "This pressure level needs counsel approval.",
  },
  onboarding_required: {
    status: 403,
    type: "permission_error",
    message: "The organization does not have live access.",
  },
  resource_missing: { status: 404, type: "invalid_request_error", message: "No such object." },
  route_not_found: {
    status: 404,
    type: "invalid_request_error",
    message: "No route matches this path.",
  },
  method_not_allowed: {
    status: 405,
    type: "invalid_request_error",
    message: "The path does not accept this method.",
  },
  unsupported_media_type: {
    status: 415,
    type: "invalid_request_error",
    message: "Send request bodies as Content-Type: application/json.",
  },
  payload_too_large: {
    status: 413,
    type: "invalid_request_error",
    message: "The request body is larger than 1 MiB.",
  },
  idempotency_key_in_use: {
    status: 409,
    type: "conflict_error",
    message: "A request with this Idempotency-Key is still being processed.",
  },
  invalid_state_transition: {
    status: 409,
    type: "conflict_error",
    message: "That move is not allowed from the current state.",
  },
  matter_closed: { status: 409, type: "conflict_error", message: "The matter is closed." },
  validation_required: {
    status: 409,
    type: "conflict_error",
    message: "The judgment needs a passing validation first.",
  },
  stablecoin_exposure_required: {
    status: 409,
    type: "conflict_error",
    message:
      "The wallets have no stablecoin exposure on record; assess it first (POST /v1/crypto/stablecoin-exposure).",
  },
  idempotency_key_reused: {
    status: 422,
    type: "invalid_request_error",
    message: "This Idempotency-Key was used with a different request.",
  },
  proof_required: {
    status: 422,
    type: "invalid_request_error",
    message: "This move needs at least one proof id.",
  },
  channel_not_usable: {
    status: 422,
    type: "invalid_request_error",
    message: "The relationship cannot be this packet's channel for the provider.",
  },
  pressure_exceeds_profile: {
    status: 422,
    type: "invalid_request_error",
    message: "The pressure level exceeds the profile's cap.",
  },
  issuer_action_unavailable: {
    status: 422,
    type: "invalid_request_error",
    message: "The token's issuer has no published control for this action on this network.",
  },
  rate_limited: {
    status: 429,
    type: "rate_limit_error",
    message: "Too many requests for this API key.",
  },
  internal_error: {
    status: 500,
    type: "api_error",
    message: "An internal error occurred. Quote the request id when reporting it.",
  },
  provider_unavailable: {
    status: 503,
    type: "api_error",
    message: "The data provider is not configured or is failing.",
  },
} as const satisfies Record<string, { status: number; type: string; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export interface ApiErrorOptions {
  message?: string;
  param?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly param: string | undefined;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    const entry = ERROR_CATALOG[code];
    super(options.message ?? entry.message);
    this.name = "ApiError";
    this.code = code;
    this.status = entry.status;
    this.type = entry.type;
    this.param = options.param;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }

  /** The wire body of CONTRACT.md §2. */
  toBody(requestId: string) {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.message,
        ...(this.param !== undefined ? { param: this.param } : {}),
        request_id: requestId,
        details: this.details,
      },
      audit_ref: requestId,
    };
  }
}

export const missing = (param: string, message?: string) =>
  new ApiError("parameter_missing", {
    param,
    message: message ?? `Missing required parameter: ${param}.`,
  });
export const invalid = (param: string, message: string, details?: Record<string, unknown>) =>
  new ApiError("parameter_invalid", { param, message, details });
export const notFound = (what: string, id?: string) =>
  new ApiError("resource_missing", {
    message: id ? `No such ${what}: '${id}'.` : `No such ${what}.`,
    ...(id ? { param: "id" } : {}),
  });

/** Normalises anything thrown into an ApiError; unknown errors become internal_error. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const original = (error as { originalError?: unknown } | null)?.originalError;
  if (original && original !== error) return toApiError(original);
  return new ApiError("internal_error");
}
