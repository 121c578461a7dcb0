import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import {
  checkIds,
  checkText,
  checkTexts,
  normalizeAddress,
  walletsOfMatter,
} from "../attribution/service.js";
import { checkWalletAddress } from "../debtors/addresses.js";
import { assertMatterWritable } from "../matters/service.js";
import { correlate } from "./correlate.js";
import { CorrelateNetworkSignalsInput, RecordNetworkSignalInput } from "./inputs.js";
import { signalLevel } from "./levels.js";
import { findFullIpAddress } from "./redaction.js";
import { CorrelationResultRef, NetworkSignalRef } from "./types.js";

export function registerNetworkMutations() {
  builder.mutationField("recordNetworkSignal", (t) =>
    t.field({
      type: NetworkSignalRef,
      description:
        "Records a network attribution signal under an open matter: L1 when it came through legal process, else L0. Never standalone proof.",
      gate: { scope: "network:write" },
      args: {
        input: t.arg({
          type: RecordNetworkSignalInput,
          required: true,
          description: "The signal.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        checkText("signal_type", input.signalType);
        checkText("source", input.source);
        if (input.legalProcessId != null) checkText("legal_process_id", input.legalProcessId);
        checkTexts("privacy_restrictions", input.privacyRestrictions ?? []);
        if (input.walletAddress != null) {
          const check = checkWalletAddress(input.walletAddress);
          if (!check.ok)
            throw invalid("wallet_address", `wallet_address is not valid: ${check.reason}.`);
        }
        const leaked = input.rawValueRedacted ? findFullIpAddress(input.rawValueRedacted) : null;
        if (leaked)
          throw invalid(
            "raw_value_redacted",
            "raw_value_redacted holds a full IP address; redact it (e.g. 192.168.x.x or a /24 or /48 prefix) before sending.",
          );
        await assertMatterWritable(ctx, input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const signal = await tx.networkSignal.create({
            data: {
              id: newId("networkSignal"),
              matterId: input.matterId,
              signalType: input.signalType,
              source: input.source,
              walletAddress: input.walletAddress ?? null,
              legalProcessId: input.legalProcessId ?? null,
              timestamp: input.timestamp ?? null,
              rawValueRedacted: input.rawValueRedacted ?? null,
              privacyRestrictions: input.privacyRestrictions ?? [],
              confidenceLevel: signalLevel(input.legalProcessId),
              createdAt: new Date(),
            } as never,
          });
          await audit({
            eventType: "network_signal.recorded",
            objectType: "network_signal",
            objectId: signal.id,
            matterId: signal.matterId,
            details: { signal_type: signal.signalType, confidence_level: signal.confidenceLevel },
          });
          return signal;
        });
      },
    }),
  );

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
        await assertMatterWritable(ctx, matterId);
        const wallets = await walletsOfMatter(ctx, matterId, input.walletIds ?? null);
        const signals = await signalsOfMatter(ctx, matterId, input.signalIds ?? null);
        const claims = await ctx.db.attributionClaim.findMany({
          where: { matterId, evidenceTier: { not: "tier_5" } },
          select: { id: true, subject: true, object: true },
          orderBy: { id: "asc" },
        });
        const links = new Map(
          wallets.map((w) => [
            w.id,
            claims
              .filter((c) =>
                [c.subject, c.object].some(
                  (v) => v === w.id || normalizeAddress(v.trim()) === w.normalizedAddress,
                ),
              )
              .map((c) => c.id),
          ]),
        );
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

async function signalsOfMatter(
  ctx: Parameters<typeof walletsOfMatter>[0],
  matterId: string,
  ids: readonly string[] | null,
) {
  if (!ids) return ctx.db.networkSignal.findMany({ where: { matterId }, orderBy: { id: "asc" } });
  const found = new Map(
    (await ctx.db.networkSignal.findMany({ where: { id: { in: [...ids] }, matterId } })).map(
      (s) => [s.id, s],
    ),
  );
  return ids.map((id, i) => {
    const signal = found.get(id);
    if (!signal)
      throw new ApiError("resource_missing", {
        param: `signal_ids[${i}]`,
        message: `No such network signal in this matter: '${id}'.`,
      });
    return signal;
  });
}
