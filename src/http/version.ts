import { SUPPORTED_VERSIONS } from "../config.js";
import { ApiError } from "../errors.js";

/** MD-Version (CONTRACT.md §4): absent → the organization's pinned version; else must be supported. */
export function requestedVersion(header: string | null): string | null {
  if (header === null) return null;
  const value = header.trim();
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(value)) {
    const wellFormed = /^\d{4}-\d{2}-\d{2}$/.test(value);
    throw new ApiError("unsupported_version", {
      param: "MD-Version",
      message: wellFormed
        ? `Version '${value}' is not supported. Supported: ${SUPPORTED_VERSIONS.join(", ")}.`
        : `MD-Version must be a date such as ${SUPPORTED_VERSIONS[0]}.`,
      details: { supported: [...SUPPORTED_VERSIONS] },
    });
  }
  return value;
}
