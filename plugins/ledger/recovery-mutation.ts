import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkText } from "../attribution/checks.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { assetAmount, usdAmount, wireNumber } from "./amounts.js";
import { RecordRecoveryEventInput } from "./inputs.js";
import { checkPacketId, packetReference } from "./packets.js";
import { RecoveryEventRef } from "./types.js";

/** Clocks differ a little; a recovery "in the future" by more than this is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

export function registerRecoveryMutation() {
  builder.mutationField("recordRecoveryEvent", (t) =>
    t.field({
      type: RecoveryEventRef,
      description:
        "Records a recovery in the matter's ledger (POST /v1/ledger/recovery-events) and emits `recovery_event.recorded`. A `blocked` event is property blocked under sanctions: held back by every waterfall and never remitted.",
      gate: { scope: "ledger:write" },
      extensions: { errors: ["matter_closed"] },
      args: {
        input: t.arg({
          type: RecordRecoveryEventInput,
          required: true,
          description: "The recovery.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        checkText("asset", input.asset);
        if (input.network != null) checkText("network", input.network);
        if (input.source != null) checkText("source", input.source);
        const gross = assetAmount(input.grossAmount, "gross_amount");
        const usd = input.usdValue == null ? null : usdAmount(input.usdValue, "usd_value");
        const now = new Date();
        const occurredAt = input.occurredAt ?? now;
        if (occurredAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
          throw invalid("occurred_at", "occurred_at must not be in the future.");
        checkPacketId(input.packetId);
        const matter = await findMatter(ctx, input.matterId);
        const packetId = await packetReference(ctx, matter.id, input.packetId);
        assertOpen(matter);
        const blocked = input.eventType === "blocked";
        return write(ctx, async ({ tx, audit, emit }) => {
          const created = await tx.recoveryEvent.create({
            data: {
              id: newId("recoveryEvent"),
              matterId: matter.id,
              eventType: input.eventType,
              status: blocked ? "held" : "unremitted",
              asset: input.asset,
              network: input.network ?? null,
              grossAmount: gross.toFixed(),
              usdValue: usd?.toFixed() ?? null,
              source: input.source ?? null,
              packetId,
              occurredAt,
              requestId: ctx.requestId,
              actorId: ctx.principal.actorId,
              createdAt: now,
            } as never,
          });
          const data = {
            matter_id: matter.id,
            recovery_event_id: created.id,
            event_type: input.eventType,
            asset: input.asset,
            network: created.network,
            gross_amount: wireNumber(created.grossAmount),
            usd_value: created.usdValue === null ? null : wireNumber(created.usdValue),
            packet_id: packetId,
          };
          await audit({
            eventType: "recovery_event.recorded",
            objectType: "recovery_event",
            objectId: created.id,
            matterId: matter.id,
            details: data,
          });
          await emit("recovery_event.recorded", data);
          return created;
        });
      },
    }),
  );
}
