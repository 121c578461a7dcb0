import type { ScreenMatch } from "./screening/screen.js";

/**
 * The blocked-property analysis a review opens with, in words, from the screen's hits. It
 * states facts for counsel; whether property is blocked is counsel's decision.
 */
export function blockedPropertyAnalysis(
  screen: { id: string; status: string; listIssueDate: string },
  matches: readonly ScreenMatch[],
): string {
  const head = `Screen ${screen.id} against the OFAC SDN list of ${screen.listIssueDate}: ${screen.status}.`;
  if (!matches.length)
    return `${head} No listed party was found; no blocked property is indicated by this screen.`;
  const lines = matches.map((m) => {
    const e = m.sdn_entry;
    const what =
      m.kind === "wallet"
        ? `Wallet ${m.input} is listed (${m.asset}) for ${e.name}`
        : `${m.kind === "entity" ? "Entity" : "Counterparty"} '${m.input}' ${
            m.status === "match" ? "matches" : `resembles (score ${m.score})`
          } '${m.matched_value}', SDN entry ${e.name}`;
    return `- ${what}; programs ${e.programs.join(", ") || "none stated"}; listed ${e.listed_on ?? "date unknown"}.`;
  });
  const exact = matches.some((m) => m.status === "match");
  const rule = exact
    ? "Property and interests in property of a listed person that come within US jurisdiction are blocked (31 CFR 501.603): they must not be transferred, paid out or distributed, and a block must be reported to OFAC within 10 business days."
    : "Only similar names were found: counsel should confirm or rule out identity (dates of birth, addresses, identifiers) before clearing.";
  return [head, ...lines, rule].join("\n");
}
