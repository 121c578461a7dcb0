import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid, missing } from "../../src/errors.js";
import type { RecoveryEvent } from "../../src/generated/prisma/client.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write, type Recorder } from "../../src/write.js";
import { checkText } from "../attribution/checks.js";
import { findClaimant } from "../matters/claimant-queries.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { assetAmount, fromCents, toCents, usdAmount, wireNumber } from "./amounts.js";
import { RecordRemittanceEventInput } from "./inputs.js";
import { findRecoveryEvent, findWaterfall } from "./queries.js";
import { RemittanceEventRef } from "./types.js";
import type { StoredBreakdown } from "./waterfall-types.js";

const sanctionsHold = (e: RecoveryEvent) =>
  new ApiError("sanctions_hold", {
    param: "source_recovery_event_id",
    message: `Recovery event '${e.id}' is property blocked under sanctions; blocked property is never remitted.`,
    details: { matter_id: e.matterId, recovery_event_id: e.id, event_type: e.eventType },
  });

const exceeds = (message: string, details: Record<string, unknown>) =>
  invalid("amount", message, details);

/** The remittance's USD value: at its recovery event's price, half-even to cents; USD as is. */
function usdValueOf(amount: Decimal, source: RecoveryEvent | null): Decimal | null {
  if (!source) return amount;
  if (source.usdValue === null) return null;
  return amount
    .times(source.usdValue.toString())
    .div(source.grossAmount.toString())
    .toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
}

/**
 * Checks and takes the amount from the source recovery event under a row lock (SELECT … FOR
 * UPDATE): concurrent remittances against one event queue here, and each sees what the
 * previous ones left, so the event is never overspent.
 */
async function drawFromRecovery(tx: Recorder["tx"], source: RecoveryEvent, amount: Decimal) {
  const [row] = await tx.$queryRaw<Array<{ gross: string; remitted: string }>>`
    SELECT gross_amount::text AS gross, remitted_amount::text AS remitted
    FROM recovery_events WHERE id = ${source.id} FOR UPDATE`;
  const left = new Decimal(row!.gross).minus(row!.remitted);
  if (amount.gt(left))
    throw exceeds(
      `amount exceeds what recovery event '${source.id}' leaves unremitted (${left.toFixed()} ${source.asset}).`,
      { recovery_event_id: source.id, unremitted_amount: left.toNumber(), asset: source.asset },
    );
  const remitted = new Decimal(row!.remitted).plus(amount);
  await tx.recoveryEvent.update({
    where: { id: source.id },
    data: {
      remittedAmount: remitted.toFixed(),
      status: remitted.gte(row!.gross) ? "fully_remitted" : "partially_remitted",
    },
  });
}

/** The same for a waterfall (its remittable total) and the claimant line, under its row lock. */
async function drawFromWaterfall(
  tx: Recorder["tx"],
  waterfallId: string,
  breakdown: StoredBreakdown,
  usd: Decimal,
  claimantId: string | null,
) {
  await tx.$queryRaw`SELECT id FROM waterfalls WHERE id = ${waterfallId} FOR UPDATE`;
  const cents = toCents(usd);
  const remittedCents = async (where: Record<string, unknown>) =>
    toCents(
      (
        await tx.remittanceEvent.aggregate({
          where: { waterfallId, ...where },
          _sum: { usdValue: true },
        })
      )._sum.usdValue?.toString() ?? "0",
    );
  const left = BigInt(breakdown.remittable) - (await remittedCents({}));
  if (cents > left)
    throw exceeds(
      `amount (USD ${fromCents(cents).toFixed(2)}) exceeds what waterfall '${waterfallId}' leaves to remit (USD ${fromCents(left).toFixed(2)}).`,
      { waterfall_id: waterfallId, remaining_usd: fromCents(left).toNumber() },
    );
  if (!claimantId) return;
  const line = breakdown.claimants.find((c) => c.claimant_id === claimantId)!;
  const lineLeft = BigInt(line.amount) - (await remittedCents({ claimantId }));
  if (cents > lineLeft)
    throw exceeds(
      `amount (USD ${fromCents(cents).toFixed(2)}) exceeds what claimant '${claimantId}' is still owed under waterfall '${waterfallId}' (USD ${fromCents(lineLeft).toFixed(2)}).`,
      {
        waterfall_id: waterfallId,
        claimant_id: claimantId,
        remaining_usd: fromCents(lineLeft).toNumber(),
      },
    );
}

type Input = {
  matterId: string;
  destination: string;
  amount: number;
  asset: string;
  sourceRecoveryEventId?: string | null;
  waterfallId?: string | null;
  claimantId?: string | null;
};

/** Body checks before any lookup (CONTRACT.md §2 order). */
function checkBody(input: Input) {
  checkText("destination", input.destination);
  checkText("asset", input.asset);
  const amount = assetAmount(input.amount, "amount");
  if (!input.sourceRecoveryEventId && !input.waterfallId)
    throw missing(
      "source_recovery_event_id",
      "Name the recovery event the remittance is paid from (source_recovery_event_id), the waterfall it pays under (waterfall_id), or both.",
    );
  if (input.claimantId && !input.waterfallId)
    throw missing(
      "waterfall_id",
      "claimant_id needs the waterfall_id whose claimant line it pays.",
    );
  if (!input.sourceRecoveryEventId) {
    if (input.asset.toUpperCase() !== "USD")
      throw invalid(
        "asset",
        "A remittance under a waterfall without a source_recovery_event_id is in USD; name the recovery event to remit another asset.",
      );
    usdAmount(input.amount, "amount");
  }
  return amount;
}

async function lookups(ctx: RequestContext, input: Input) {
  const matter = await findMatter(ctx, input.matterId);
  const source = input.sourceRecoveryEventId
    ? await findRecoveryEvent(
        ctx,
        input.sourceRecoveryEventId,
        "source_recovery_event_id",
        matter.id,
      )
    : null;
  const waterfall = input.waterfallId
    ? await findWaterfall(ctx, input.waterfallId, "waterfall_id", matter.id)
    : null;
  if (input.claimantId) {
    const claimant = await findClaimant(ctx, input.claimantId);
    if (claimant.matterId !== matter.id)
      throw new ApiError("resource_missing", {
        param: "claimant_id",
        message: `No such claimant: '${input.claimantId}'.`,
      });
  }
  return { matter, source, waterfall };
}

export function registerRemittanceMutation() {
  builder.mutationField("recordRemittanceEvent", (t) =>
    t.field({
      type: RemittanceEventRef,
      description:
        "Records a remittance (POST /v1/ledger/remittance-events) and emits `remittance_event.recorded`. It may never exceed what its source recovery event leaves unremitted, nor what its waterfall (and claimant line) leaves to remit; blocked property is never remitted (403 sanctions_hold). Concurrent remittances queue on row locks, so none overspends.",
      gate: { scope: "ledger:write" },
      extensions: { errors: ["sanctions_hold", "matter_closed"] },
      args: {
        input: t.arg({
          type: RecordRemittanceEventInput,
          required: true,
          description: "The remittance.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        const amount = checkBody(input);
        const { matter, source, waterfall } = await lookups(ctx, input);
        if (source?.eventType === "blocked") throw sanctionsHold(source);
        if (source && input.asset.toUpperCase() !== source.asset.toUpperCase())
          throw invalid(
            "asset",
            `asset must be '${source.asset}', the asset of recovery event '${source.id}'.`,
          );
        const breakdown = waterfall ? (waterfall.breakdown as unknown as StoredBreakdown) : null;
        if (source && waterfall && !waterfall.recoveryEventIds.includes(source.id))
          throw invalid(
            "source_recovery_event_id",
            `Recovery event '${source.id}' is not one of the events waterfall '${waterfall.id}' distributes.`,
          );
        if (
          input.claimantId &&
          !breakdown!.claimants.some((c) => c.claimant_id === input.claimantId)
        )
          throw invalid(
            "claimant_id",
            `Claimant '${input.claimantId}' has no line in waterfall '${waterfall!.id}'.`,
          );
        assertOpen(matter);
        const usd = usdValueOf(amount, source);
        return write(ctx, async ({ tx, audit, emit }) => {
          // Lock order: the recovery event, then the waterfall (never the other way round).
          if (source) await drawFromRecovery(tx, source, amount);
          if (waterfall)
            await drawFromWaterfall(tx, waterfall.id, breakdown!, usd!, input.claimantId ?? null);
          const created = await tx.remittanceEvent.create({
            data: {
              id: newId("remittanceEvent"),
              matterId: matter.id,
              destination: input.destination,
              asset: input.asset,
              amount: amount.toFixed(),
              usdValue: usd?.toFixed(2) ?? null,
              status: "recorded",
              recoveryEventId: source?.id ?? null,
              waterfallId: waterfall?.id ?? null,
              claimantId: input.claimantId ?? null,
              requestId: ctx.requestId,
              actorId: ctx.principal.actorId,
            } as never,
          });
          const data = {
            matter_id: matter.id,
            remittance_event_id: created.id,
            destination: input.destination,
            asset: input.asset,
            amount: wireNumber(created.amount),
            usd_value: created.usdValue === null ? null : wireNumber(created.usdValue),
            source_recovery_event_id: created.recoveryEventId,
            waterfall_id: created.waterfallId,
            claimant_id: created.claimantId,
          };
          await audit({
            eventType: "remittance_event.recorded",
            objectType: "remittance_event",
            objectId: created.id,
            matterId: matter.id,
            details: data,
          });
          await emit("remittance_event.recorded", data);
          return created;
        });
      },
    }),
  );
}
