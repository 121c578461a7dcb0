import { ApiError } from "../errors.js";

/**
 * Size bounds of the request head. Node refuses a head over MAX_HEADER_BYTES before the app
 * sees it (src/http/node-server.ts answers that with a contract body too); the app refuses a
 * URL over MAX_URL_LENGTH itself, on the face that was called.
 */
export const MAX_HEADER_BYTES = 64 * 1024;
export const MAX_URL_LENGTH = 16 * 1024;

export function checkUrlLength(url: string): void {
  if (url.length <= MAX_URL_LENGTH) return;
  throw new ApiError("parameter_invalid", {
    message: `The URL is longer than ${MAX_URL_LENGTH} characters.`,
    details: { max_length: MAX_URL_LENGTH },
  });
}
