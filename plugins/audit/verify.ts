import type { RequestContext } from "../../src/context.js";
import { GENESIS_HASH, hashEvent } from "../../src/audit/chain.js";

const PAGE = 1000;

/**
 * Walks the caller's organization+environment chain in sequence order: every link is checked,
 * and every event's hash is recomputed (only the named matter's events when one is given).
 * Reads through the root client because links run through events of every matter.
 */
export async function verifyAuditChain(ctx: RequestContext, matterId: string | null) {
  const { organizationId, environment } = ctx.principal;
  let prev = GENESIS_HASH;
  let checked = 0;
  let after = 0;
  for (;;) {
    const batch = await ctx.services.root.auditEvent.findMany({
      where: { organizationId, environment, sequence: { gt: after } },
      orderBy: { sequence: "asc" },
      take: PAGE,
    });
    for (const e of batch) {
      const selected = matterId === null || e.matterId === matterId;
      const linkBroken = e.prevHash !== prev;
      const contentBroken = selected && hashEvent(e) !== e.hash;
      if (selected) checked++;
      if (linkBroken || contentBroken) {
        return {
          valid: false,
          eventsChecked: checked,
          headHash: await chainHead(ctx),
          firstInvalidEventId: (await visibleToCaller(ctx, e.id)) ? e.id : null,
        };
      }
      prev = e.hash;
      after = e.sequence;
    }
    if (batch.length < PAGE) break;
  }
  // The walk covered the whole chain, so `prev` is its head.
  return {
    valid: true,
    eventsChecked: checked,
    headHash: prev === GENESIS_HASH ? null : prev,
    firstInvalidEventId: null,
  };
}

/** The walk crosses every matter; a matter-limited caller learns no id of another matter's event. */
async function visibleToCaller(ctx: RequestContext, id: string): Promise<boolean> {
  return (await ctx.db.auditEvent.count({ where: { id } })) === 1;
}

async function chainHead(ctx: RequestContext) {
  const { organizationId, environment } = ctx.principal;
  const last = await ctx.services.root.auditEvent.findFirst({
    where: { organizationId, environment },
    orderBy: { sequence: "desc" },
    select: { hash: true },
  });
  return last?.hash ?? null;
}
