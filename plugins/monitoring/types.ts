import type { RequestContext } from "../../src/context.js";
import { builder } from "../../src/schema/builder.js";
import { requestLoader } from "../../src/schema/request-loader.js";
import { AlertSeverityEnum, AlertTypeEnum } from "../alerts/types.js";
import { describedValues } from "../core/enum-values.js";
import { SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import type { Network } from "../crypto/networks.js";
import { CryptoNetworkEnum } from "../crypto/types.js";
import type { MovementCursor } from "./movements.js";
import { type AlertRule, alertRulesOf, type Thresholds, thresholdsOf } from "./thresholds.js";
import { MOVEMENT_DIRECTIONS, WATCHLIST_STATUSES, type WatchlistStatus } from "./values.js";

export const WatchlistStatusEnum = builder.enumType("WatchlistStatus", {
  description: "Whether the monitoring jobs scan the watchlist.",
  values: describedValues({
    active: "Scanned on every monitoring run.",
    closed: "Its matter is closed: no longer scanned, and nothing can be added.",
  } satisfies Record<(typeof WATCHLIST_STATUSES)[number], string>),
});

export const MovementDirectionEnum = builder.enumType("MovementDirection", {
  description: "Which movements of a watched address count.",
  values: describedValues({
    any: "Funds leaving or arriving (default).",
    outgoing: "Only funds leaving the address.",
    incoming: "Only funds arriving at the address.",
  } satisfies Record<(typeof MOVEMENT_DIRECTIONS)[number], string>),
});

export const WatchlistThresholdsRef = builder
  .objectRef<Thresholds>("WatchlistThresholds")
  .implement({
    description:
      "When a movement counts toward a wallet_movement alert; a movement must pass every threshold set.",
    fields: (t) => ({
      minAmount: t.float({
        nullable: true,
        description: "Smallest amount in the moved asset's own units; null: any amount.",
        resolve: (x) => x.min_amount ?? null,
      }),
      minUsdValue: t.float({
        nullable: true,
        description:
          "Smallest USD value (stablecoins at 1.00 par). Native coins have no price source and always pass. Null: any value.",
        resolve: (x) => x.min_usd_value ?? null,
      }),
      direction: t.field({
        type: MovementDirectionEnum,
        description: "Which movements count.",
        resolve: (x) => x.direction,
      }),
    }),
  });

export const AlertRuleRef = builder.objectRef<AlertRule>("AlertRule").implement({
  description:
    "A rule the monitoring jobs raise alerts of the watchlist by, derived from its chains and thresholds.",
  fields: (t) => ({
    alertType: t.field({
      type: AlertTypeEnum,
      description: "Kind of alert the rule raises.",
      resolve: (r) => r.alert_type,
    }),
    severity: t.field({
      type: AlertSeverityEnum,
      description: "Severity of its alerts.",
      resolve: (r) => r.severity,
    }),
    chains: t.field({
      type: [CryptoNetworkEnum],
      description: "Networks it watches.",
      resolve: (r) => r.chains,
    }),
    minAmount: t.float({
      nullable: true,
      description: "Amount threshold (wallet_movement).",
      resolve: (r) => r.min_amount,
    }),
    minUsdValue: t.float({
      nullable: true,
      description: "USD value threshold (wallet_movement).",
      resolve: (r) => r.min_usd_value,
    }),
    direction: t.field({
      type: MovementDirectionEnum,
      nullable: true,
      description: "Direction that counts (wallet_movement); null for other rules.",
      resolve: (r) => r.direction,
    }),
    description: t.exposeString("description", { description: "The rule in words." }),
  }),
});

const latestMovement = (json: unknown): Date | null => {
  const cursors = Object.values((json ?? {}) as Record<string, MovementCursor>);
  const times = cursors.map((c) => new Date(c.timestamp).getTime());
  return times.length ? new Date(Math.max(...times)) : null;
};

export const WatchedAddressRef = builder.prismaNode("WatchlistAddress", {
  name: "WatchedAddress",
  id: { field: "id", description: "Global id, the same as the `wla_` id." },
  description: "An address on a watchlist, with why and on what evidence it is watched.",
  fields: (t) => ({
    watchedAddressId: t.exposeString("id", { description: "Watched address id (prefix `wla_`)." }),
    watchlistId: t.exposeString("watchlistId", { description: "The watchlist it is on." }),
    address: t.exposeString("address", { description: "The address as it was added." }),
    networks: t.field({
      type: [CryptoNetworkEnum],
      description: "The watchlist's chains this address lives on (where it is scanned).",
      resolve: (a) => a.networks as Network[],
    }),
    reason: t.exposeString("reason", { description: "Why it is watched." }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Evidence behind watching it.",
      resolve: (a) => sourceRefsOf(a.sourceRefs),
    }),
    lastMovementAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "Time of the newest movement a scan has seen on any network; null: none yet.",
      resolve: (a) => latestMovement(a.movementCursors),
    }),
    addedAt: t.expose("createdAt", { type: "DateTime", description: "When it was added." }),
  }),
});

/** Each watchlist's addresses, oldest first; one query per request whatever the list size. */
function addressesByWatchlist(ctx: RequestContext) {
  return requestLoader(ctx, "monitoring.addressesByWatchlist", async (ids: readonly string[]) => {
    const rows = await ctx.db.watchlistAddress.findMany({
      where: { watchlistId: { in: [...ids] } },
      orderBy: { id: "asc" },
    });
    return ids.map((id) => rows.filter((r) => r.watchlistId === id));
  });
}

/** Each matter's status, for the watchlist's derived `status`. */
function matterStatus(ctx: RequestContext) {
  return requestLoader(ctx, "monitoring.matterStatus", async (ids: readonly string[]) => {
    const rows = await ctx.db.matter.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, status: true },
    });
    return ids.map((id) => rows.find((r) => r.id === id)?.status ?? "closed");
  });
}

export const WatchlistRef = builder.prismaNode("Watchlist", {
  id: { field: "id", description: "Global id, the same as the `wls_` id." },
  description:
    "Addresses of a matter watched for movements and sanctions listings on the named chains; the monitoring jobs raise its alerts.",
  fields: (t) => ({
    watchlistId: t.exposeString("id", { description: "Watchlist id (prefix `wls_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter it watches for." }),
    name: t.exposeString("name", { description: "Name." }),
    status: t.field({
      type: WatchlistStatusEnum,
      description: "active, or closed once its matter is closed.",
      resolve: async (w, _args, ctx): Promise<WatchlistStatus> =>
        (await matterStatus(ctx).load(w.matterId)) === "closed"
          ? "closed"
          : (w.status as WatchlistStatus),
    }),
    chains: t.field({
      type: [CryptoNetworkEnum],
      description: "Networks watched.",
      resolve: (w) => w.chains as Network[],
    }),
    thresholds: t.field({
      type: WatchlistThresholdsRef,
      description: "When a movement counts.",
      resolve: (w) => thresholdsOf(w.thresholds),
    }),
    addresses: t.stringList({
      description: "Watched addresses, in the order they were added.",
      resolve: async (w, _args, ctx) =>
        (await addressesByWatchlist(ctx).load(w.id)).map((a) => a.address),
    }),
    watchedAddresses: t.field({
      type: [WatchedAddressRef],
      description: "The watched addresses with their reasons, evidence and networks.",
      resolve: (w, _args, ctx) => addressesByWatchlist(ctx).load(w.id),
    }),
    alertRules: t.field({
      type: [AlertRuleRef],
      description: "The rules its alerts are raised by, derived from chains and thresholds.",
      resolve: (w) => alertRulesOf(w.chains as Network[], thresholdsOf(w.thresholds)),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", {
      type: "DateTime",
      description: "Last change (creation or addresses added).",
    }),
  }),
});
