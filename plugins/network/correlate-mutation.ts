import { invalid } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkIds, normalizeAddress, walletsOfMatter } from "../attribution/service.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { correlate } from "./correlate.js";
import { CorrelateNetworkSignalsInput } from "./inputs.js";
import { nonNetworkLinks, signalsOfMatter } from "./lookups.js";
import { CorrelationResultRef } from "./types.js";

export function registerCorrelateMutation() {
  builder.mutationField("correlateNetworkSignals", (t) =>
    t.field({
      type: CorrelationResultRef,
      description:
        "Matches a matter's network signals to its wallets by normalised address. Level: L0 without legal process; with it L1, L2 with one independent non-network link (an attribution claim about the wallet whose evidence is not tier 5), L3 with two or more, so an IP signal alone never exceeds L1. Every correlation is `review_required` and says the signal is not standalone proof. Ids malformed or repeated are 400, of another matter or out of reach 404, naming the item. Computed, not stored; audited.",
      gate: { scope: "network:correlate" },
      args: {
        input: t.arg({ type: CorrelateNetworkSignalsInput, required: true, description: "Scope." }),
      },
      resolve: async (_root, { input }, ctx) => {
        for (const [param, ids] of [
          ["wallet_ids", input.walletIds],
          ["signal_ids", input.signalIds],
        ] as const) {
          if (ids?.length === 0)
            throw invalid(param, `${param} must name at least one id, or be left out for all.`);
        }
        checkIds("wallet_ids", input.walletIds ?? [], "wal");
        checkIds("signal_ids", input.signalIds ?? [], "nas");
        const matterId = input.matterId;
        // Every 404 before the closed matter's 409 (CONTRACT.md §2 order).
        const matter = await findMatter(ctx, matterId);
        const wallets = await walletsOfMatter(ctx, matterId, input.walletIds ?? null);
        const signals = await signalsOfMatter(ctx, matterId, input.signalIds ?? null);
        assertOpen(matter);
        const links = await nonNetworkLinks(ctx, matterId, wallets);
        const correlations = correlate(
          signals.map((s) => ({
            ...s,
            normalizedAddress: s.walletAddress ? normalizeAddress(s.walletAddress) : null,
          })),
          wallets,
          links,
        );
        await write(ctx, ({ audit }) =>
          audit({
            eventType: "network_signals.correlated",
            objectType: "matter",
            objectId: matterId,
            matterId,
            details: {
              wallet_ids: wallets.map((w) => w.id),
              signal_ids: signals.map((s) => s.id),
              correlations: correlations.map((c) => ({
                signal_id: c.signalId,
                wallet_id: c.walletId,
                confidence_level: c.confidenceLevel,
              })),
            },
          }),
        );
        return { matterId, correlations };
      },
    }),
  );
}
