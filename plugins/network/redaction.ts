import ipaddr from "ipaddr.js";

/**
 * Finds a full IP address inside free text, for refusing unredacted network values
 * (CONTRACT.md §13). Candidates are runs of address characters, wherever they sit in the text,
 * so `ip=203.0.113.7`, `[2001:db8::1]:443`, `10.0.0.1:8080`, `fe80::1%eth0` and
 * `::ffff:192.0.2.1` are found. An IPv6 candidate needs two hex groups, so `Foo::bar` is not
 * one. A CIDR prefix shorter than a host (`2001:db8::/32`, `192.168.0.0/16`) and partial forms
 * (`192.168.x.x`, `2001:db8:xxxx::`) are redaction, and pass.
 */
const IPV4 = /(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?:\/(\d{1,2}))?(?!\.?\d)/g;
const IPV6 = /(?<![0-9a-f:.])([0-9a-f]*:[0-9a-f:.]*)(?:\/(\d{1,3}))?(?![0-9a-f:])/gi;

function fullHost(prefix: string | undefined, hostBits: number): boolean {
  return prefix === undefined || Number(prefix) >= hostBits;
}

export function findFullIpAddress(text: string): string | null {
  for (const m of text.matchAll(IPV4)) {
    if (ipaddr.IPv4.isValidFourPartDecimal(m[1]!) && fullHost(m[2], 32)) return m[1]!;
  }
  for (const m of text.matchAll(IPV6)) {
    const candidate = m[1]!.replace(/[.:]+$/, (tail) => (tail.includes("::") ? "::" : ""));
    const groups = candidate.split(/:+/).filter((g) => /[0-9a-f]/i.test(g));
    if (groups.length < 2 || (candidate.match(/:/g)?.length ?? 0) < 2) continue;
    if (ipaddr.IPv6.isValid(candidate) && fullHost(m[2], 128)) return candidate;
  }
  return null;
}
