import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { invalid } from "../errors.js";

/** An address a live webhook may reach: public unicast only (no loopback, private, link-local, metadata…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "unicast";
}

/**
 * CONTRACT.md §10: live endpoints must be https and must not resolve to loopback, private,
 * link-local or metadata addresses. Sandbox endpoints may use http and local receivers.
 */
export async function assertDeliverableUrl(
  raw: string,
  environment: "sandbox" | "live",
  param = "url",
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(param, `${param} must be an absolute URL.`);
  }
  if (url.username || url.password) throw invalid(param, `${param} must not carry credentials.`);
  if (environment === "sandbox") {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw invalid(param, `${param} must be http or https.`);
    return url;
  }
  if (url.protocol !== "https:") throw invalid(param, "Live webhook endpoints must use https.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw invalid(param, `The host '${host}' of ${param} cannot be resolved.`);
    }
  }
  const blocked = addresses.filter((a) => !isPublicAddress(a));
  if (blocked.length || addresses.length === 0) {
    throw invalid(
      param,
      `${param} resolves to a non-public address (${blocked.join(", ")}); live endpoints must be publicly routable.`,
      {
        addresses: blocked,
      },
    );
  }
  return url;
}
