import { missing } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { raiseAlerts } from "../alerts/service.js";
import { checkTexts, checkWallets } from "../debtors/validate.js";
import { assertMatterWritable } from "../matters/service.js";
import { ScreenSanctionsInput } from "./inputs.js";
import { sanctionsList } from "./list/load.js";
import { type ScreenMatch, screen } from "./screening/screen.js";
import { SanctionsScreenRef } from "./types.js";

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

export function registerScreenMutation() {
  builder.mutationField("screenSanctions", (t) =>
    t.field({
      type: SanctionsScreenRef,
      description:
        "Screens a matter's wallets, entities and counterparties against the shipped OFAC SDN list and stores the result. Matches pause ordinary collection, emit `sanctions.screen_matched` and raise a `sanctions` alert per screened value that hit.",
      gate: { scope: "sanctions:screen" },
      args: {
        input: t.arg({
          type: ScreenSanctionsInput,
          required: true,
          description: "What to screen.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const wallets = input.wallets ?? [];
        const entities = input.entities ?? [];
        const counterparties = input.counterparties ?? [];
        if (!wallets.length && !entities.length && !counterparties.length)
          throw missing("wallets", "Send at least one of wallets, entities or counterparties.");
        checkWallets(wallets);
        checkTexts("entities", entities);
        checkTexts("counterparties", counterparties);
        await assertMatterWritable(ctx, input.matterId);
        const list = sanctionsList();
        const outcome = screen(list, { wallets, entities, counterparties });
        return write(ctx, async (rec) => {
          const created = await rec.tx.sanctionsScreen.create({
            data: {
              id: newId("sanctionsScreen"),
              matterId: input.matterId,
              status: outcome.status,
              wallets,
              entities,
              counterparties,
              matches: outcome.matches as object[],
              requiredActions: outcome.requiredActions,
              listIssueDate: list.issue.issueDate,
              listSource: list.issue.source,
              createdAt: new Date(),
            } as never,
          });
          const data = {
            matter_id: input.matterId,
            screen_id: created.id,
            status: outcome.status,
            match_count: outcome.matches.length,
            list_issue_date: list.issue.issueDate,
          };
          await rec.audit({
            eventType: "sanctions.screened",
            objectType: "sanctions_screen",
            objectId: created.id,
            matterId: input.matterId,
            details: {
              ...data,
              screened: {
                wallets: wallets.length,
                entities: entities.length,
                counterparties: counterparties.length,
              },
            },
          });
          if (outcome.status !== "clear") {
            await rec.emit("sanctions.screen_matched", data);
            const byInput = new Map<string, ScreenMatch[]>();
            for (const m of outcome.matches)
              byInput.set(m.input, [...(byInput.get(m.input) ?? []), m]);
            await raiseAlerts(
              ctx,
              rec,
              [...byInput.values()].map((hits) => alertOf(input.matterId, created.id, hits)),
            );
          }
          return created;
        });
      },
    }),
  );
}
