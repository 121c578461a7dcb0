import type { RequestContext } from "../../src/context.js";
import { newId } from "../../src/ids.js";
import type { Recorder } from "../../src/write.js";
import { raiseAlerts } from "../alerts/service.js";
import { sanctionsList } from "./list/load.js";
import { type ScreenInput, type ScreenMatch, screen } from "./screening/screen.js";

/** One alert per screened value that hit, however often it is screened again. */
function alertOf(matterId: string, screenId: string, hits: ScreenMatch[]) {
  const best = hits.find((h) => h.status === "match") ?? hits[0]!;
  const exact = best.status === "match";
  const entry = best.sdn_entry;
  return {
    matterId,
    type: "sanctions" as const,
    severity: exact ? ("critical" as const) : ("high" as const),
    target: best.input,
    reason: `${best.kind === "wallet" ? "Wallet" : "Name"} '${best.input}' ${
      exact ? "is on" : "resembles an entry of"
    } the OFAC SDN list: ${entry.name} (${entry.programs.join(", ")}), score ${best.score}.`,
    details: {
      screen_id: screenId,
      kind: best.kind,
      status: best.status,
      sdn_profile_id: entry.profile_id,
    },
  };
}

/**
 * Screens against the shipped list and stores the screen inside the caller's write(): the
 * `sanctions.screened` audit event and, on hits, `sanctions.screen_matched` and one `sanctions`
 * alert per value that hit. The one way a screen is made, by POST /v1/sanctions/screen and by
 * any station that screens what it certifies (`reason` says which, in the audit details).
 */
export async function recordScreen(
  ctx: RequestContext,
  rec: Recorder,
  matterId: string,
  input: ScreenInput,
  reason?: Record<string, unknown>,
) {
  const list = sanctionsList(ctx.services.config.sanctionsDir);
  const outcome = screen(list, input);
  const created = await rec.tx.sanctionsScreen.create({
    data: {
      id: newId("sanctionsScreen"),
      matterId,
      status: outcome.status,
      wallets: [...input.wallets],
      entities: [...input.entities],
      counterparties: [...input.counterparties],
      matches: outcome.matches as object[],
      requiredActions: outcome.requiredActions,
      listIssueDate: list.issue.issueDate,
      listSource: list.issue.source,
      createdAt: new Date(),
    } as never,
  });
  const data = {
    matter_id: matterId,
    screen_id: created.id,
    status: outcome.status,
    match_count: outcome.matches.length,
    list_issue_date: list.issue.issueDate,
  };
  await rec.audit({
    eventType: "sanctions.screened",
    objectType: "sanctions_screen",
    objectId: created.id,
    matterId,
    details: {
      ...data,
      screened: {
        wallets: input.wallets.length,
        entities: input.entities.length,
        counterparties: input.counterparties.length,
      },
      ...(reason ? { reason } : {}),
    },
  });
  if (outcome.status !== "clear") {
    await rec.emit("sanctions.screen_matched", data);
    const byInput = new Map<string, ScreenMatch[]>();
    for (const m of outcome.matches) byInput.set(m.input, [...(byInput.get(m.input) ?? []), m]);
    await raiseAlerts(
      ctx,
      rec,
      [...byInput.values()].map((hits) => alertOf(matterId, created.id, hits)),
    );
  }
  return created;
}
