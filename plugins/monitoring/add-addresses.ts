import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { raiseAlerts } from "../alerts/service.js";
import type { SourceRefShape } from "../core/shared-types.js";
import { networksFor, type Network } from "../crypto/networks.js";
import { type AddressNetwork, checkWalletAddress } from "../debtors/addresses.js";
import { checkText } from "../debtors/validate.js";
import { assertMatterWritable } from "../matters/service.js";
import { sanctionsList } from "../sanctions/list/load.js";
import { AddWatchlistAddressesInput } from "./inputs.js";
import { findWatchlist } from "./queries.js";
import { watchedSanctionsAlerts } from "./sanctions-check.js";
import { WatchlistRef } from "./types.js";

const MAX_ADDRESSES = 1000;

/** How two addresses compare: EVM hex case-insensitively, the others exactly. */
export const watchKey = (family: string, address: string) =>
  family === "evm" ? address.toLowerCase() : address;

interface Checked {
  address: string;
  family: AddressNetwork;
  key: string;
  index: number;
}

/** Body checks (400 naming `addresses[i]`), before any lookup; repeats are kept once. */
function checkAddresses(addresses: readonly string[]): Checked[] {
  if (!addresses.length) throw invalid("addresses", "addresses must list at least one address.");
  if (addresses.length > MAX_ADDRESSES)
    throw invalid("addresses", `addresses may list at most ${MAX_ADDRESSES} addresses.`);
  const seen = new Set<string>();
  const out: Checked[] = [];
  addresses.forEach((address, index) => {
    const check = checkWalletAddress(address);
    if (!check.ok)
      throw invalid(
        `addresses[${index}]`,
        `addresses[${index}] is not a valid wallet address: ${check.reason}.`,
      );
    const key = watchKey(check.network, address);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ address, family: check.network, key, index });
  });
  return out;
}

/** Snake-case keys for audit details, which REST shows as stored. */
const wireRef = (ref: SourceRefShape) =>
  Object.fromEntries(
    Object.entries(ref).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

export function registerAddWatchlistAddresses() {
  builder.mutationField("addWatchlistAddresses", (t) =>
    t.field({
      type: WatchlistRef,
      description:
        "Adds addresses to a watchlist of an open matter. Addresses already on it are left as they are (idempotent). New addresses on the OFAC SDN list raise a `sanctions` alert at once; movements are found by the monitoring jobs.",
      gate: { scope: "monitoring:write" },
      extensions: { errors: ["matter_closed"] },
      args: {
        id: t.arg.id({ required: true, description: "Watchlist id (wls_…)." }),
        input: t.arg({
          type: AddWatchlistAddressesInput,
          required: true,
          description: "The addresses.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        const checked = checkAddresses(input.addresses);
        checkText("reason", input.reason);
        const watchlist = await findWatchlist(ctx, id);
        await assertMatterWritable(ctx, watchlist.matterId);
        const chains = watchlist.chains as Network[];
        const networks = checked.map((c) => networksFor(c.family, chains));
        for (const [i, c] of checked.entries()) {
          if (!networks[i]!.length)
            throw invalid(
              `addresses[${c.index}]`,
              `addresses[${c.index}] is a ${c.family} address; the watchlist watches ${chains.join(", ")}.`,
            );
        }
        const list = sanctionsList(ctx.services.config.sanctionsDir);
        return write(ctx, async (rec) => {
          const now = new Date();
          const rows = checked.map((c, i) => ({
            id: newId("watchlistAddress"),
            matterId: watchlist.matterId,
            watchlistId: id,
            address: c.address,
            addressKey: c.key,
            family: c.family,
            networks: networks[i],
            reason: input.reason,
            sourceRefs: (input.sourceRefs ?? []) as object[],
            createdAt: now,
          }));
          // A repeat (or a racing request's copy) hits the unique index and is skipped.
          const added = await rec.tx.watchlistAddress.createManyAndReturn({
            data: rows as never,
            skipDuplicates: true,
            select: { id: true, address: true, matterId: true, watchlistId: true },
          });
          if (added.length)
            await rec.tx.watchlist.update({ where: { id }, data: { updatedAt: now } });
          const addedSet = new Set(added.map((a) => a.address));
          await rec.audit({
            eventType: "watchlist.addresses_added",
            objectType: "watchlist",
            objectId: id,
            matterId: watchlist.matterId,
            details: {
              matter_id: watchlist.matterId,
              added: added.map((a) => a.address),
              already_watched: checked.map((c) => c.address).filter((a) => !addedSet.has(a)),
              reason: input.reason,
              source_refs: (input.sourceRefs ?? []).map(wireRef),
            },
          });
          await raiseAlerts(
            ctx,
            rec,
            watchedSanctionsAlerts(list, added, new Map([[id, watchlist.name]])),
          );
          return rec.tx.watchlist.findUniqueOrThrow({ where: { id } });
        });
      },
    }),
  );
}
