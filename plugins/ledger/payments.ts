import { Decimal } from "decimal.js";
import type { RequestContext } from "../../src/context.js";
import type { Judgment, RecoveryEvent } from "../../src/generated/prisma/client.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { toMinorUnits } from "../judgments/money.js";
import type { Payment } from "../judgments/domain/interest.js";
import { REALISED_TYPES } from "./values.js";

/** Each matter's recovery events in hand (REALISED_TYPES); one query per request. */
function realisedByMatter(ctx: RequestContext) {
  return requestLoader(ctx, "ledger.realisedByMatter", async (ids: readonly string[]) => {
    const rows = await ctx.db.recoveryEvent.findMany({
      where: { matterId: { in: [...ids] }, eventType: { in: [...REALISED_TYPES] } },
      orderBy: { id: "asc" },
    });
    return ids.map((id) => rows.filter((r) => r.matterId === id));
  });
}

/**
 * The payments toward a judgment the ledger records: its matter's recovery events in hand
 * (turned_over, remitted, settled, recovered), dated by `occurred_at`, valued in the judgment's
 * currency: `usd_value` for a USD judgment, otherwise `gross_amount` of events whose asset is
 * that currency's code. Frozen and seized property is not yet paid; blocked property never
 * is; an event that cannot be valued in the currency (no usd_value, another asset) is left
 * out, since there is no exchange-rate source. The ledger does not allocate a recovery among
 * several judgments of one matter: each of them is credited with it.
 */
export function paymentsFromLedger(
  events: readonly RecoveryEvent[],
  judgment: Judgment,
): Payment[] {
  const currency = judgment.currency.toUpperCase();
  const payments: Payment[] = [];
  for (const e of events) {
    const amount: Decimal | null =
      currency === "USD"
        ? e.usdValue === null
          ? null
          : new Decimal(e.usdValue.toString())
        : e.asset.toUpperCase() === currency
          ? new Decimal(e.grossAmount.toString())
          : null;
    if (amount === null || amount.isZero()) continue;
    payments.push({
      date: e.occurredAt.toISOString().slice(0, 10),
      amountMinor: toMinorUnits(amount, judgment.currency),
    });
  }
  return payments;
}

export async function judgmentPayments(ctx: RequestContext, judgment: Judgment) {
  return paymentsFromLedger(await realisedByMatter(ctx).load(judgment.matterId), judgment);
}
