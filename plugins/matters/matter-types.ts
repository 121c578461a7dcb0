import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import { MoneyRef } from "../core/shared-types.js";
import { authorityStatus } from "./authority-status.js";
import { AuthorityGrantRef } from "./authority-types.js";
import { ClaimantRef } from "./claimant-types.js";
import { matterDashboard, type MatterDashboard } from "./dashboard.js";
import { grantsByMatter } from "./loaders.js";
import { AuthorityStatusEnum, MatterCloseReasonEnum, MatterStatusEnum } from "./types.js";

export const MatterDashboardRef = builder.objectRef<MatterDashboard>("MatterDashboard").implement({
  description: "A matter's headline figures, summed from every module that contributes to them.",
  fields: (t) => ({
    matterId: t.exposeString("matterId", { description: "The matter." }),
    judgmentValue: t.field({
      type: MoneyRef,
      description:
        "Sum of the matter's USD judgment amounts; judgments in other currencies are not converted and not included.",
      resolve: (d) => d.judgmentValue,
    }),
    knownCryptoExposure: t.field({
      type: MoneyRef,
      description:
        "USD value of what the matter's mapped wallets hold: each holding (network, wallet, token) once, at its newest reading from an asset map or a stablecoin exposure; holdings without a price source (native coins, yield-bearing tokens) add nothing.",
      resolve: (d) => d.knownCryptoExposure,
    }),
    openActions: t.exposeInt("openActions", {
      description: "Actions not yet completed or cancelled.",
    }),
    openPackets: t.exposeInt("openPackets", {
      description: "Packets not yet sent or closed (draft, in_review, approved, exported).",
    }),
    alerts: t.exposeInt("alerts", {
      description: "Alerts needing attention: status `open` or `actionable` (not `monitoring`).",
    }),
    recoveryEvents: t.exposeInt("recoveryEvents", {
      description: "Recorded recovery events of any kind.",
    }),
    providerEconomics: t.field({
      type: MoneyRef,
      description:
        "The provider's economics of the latest waterfall calculation (0 before the first).",
      resolve: (d) => d.providerEconomics,
    }),
  }),
});

/**
 * A matter is reachable from its records (e.g. `Judgment.matter`) by keys that may read those
 * records; its id, name and status are the summary they see. Its terms and notes need
 * `matters:read` themselves.
 */
const MATTER_DETAIL = { scope: "matters:read" } as const;

export const MatterRef = builder.prismaNode("Matter", {
  id: { field: "id", description: "Global id, the same as the `mat_` id." },
  description: "A recovery case: the container of its authority, claimants, judgments and work.",
  fields: (t) => ({
    matterId: t.exposeString("id", { description: "Matter id (prefix `mat_`)." }),
    name: t.exposeString("name", { description: "Name of the matter." }),
    mode: t.exposeString("mode", {
      nullable: true,
      description: "Matter mode, e.g. `small_judgment`.",
    }),
    status: t.field({
      type: MatterStatusEnum,
      description: "open, active, on_hold or closed.",
      resolve: (m) => m.status as never,
    }),
    organizationId: t.exposeString("organizationId", { description: "Owning organization." }),
    leadCounsel: t.exposeString("leadCounsel", {
      nullable: true,
      description: "Lead counsel.",
      gate: MATTER_DETAIL,
    }),
    economics: t.field({
      type: "JSONObject",
      nullable: true,
      gate: MATTER_DETAIL,
      description:
        "Economic terms with snake_case keys, each optional: `holdback_percentage`, `counsel_fee_percentage`, `provider_percentage` (0–100; see MatterEconomicsInput).",
      resolve: (m) => m.economics as Record<string, unknown>,
    }),
    notes: t.exposeString("notes", {
      nullable: true,
      description: "Free-text notes.",
      gate: MATTER_DETAIL,
    }),
    retentionPolicy: t.exposeString("retentionPolicy", {
      nullable: true,
      gate: MATTER_DETAIL,
      description: "Data retention policy label.",
    }),
    authorityStatus: t.field({
      type: AuthorityStatusEnum,
      description:
        "Derived from the matter's authority grants; only `granted` passes the authority gate.",
      resolve: async (m, _args, ctx) =>
        authorityStatus(await grantsByMatter(ctx).load(m.id), new Date()),
    }),
    closeReason: t.field({
      type: MatterCloseReasonEnum,
      nullable: true,
      description: "Why the matter was closed; null while open.",
      resolve: (m) => m.closeReason as never,
    }),
    closeNotes: t.exposeString("closeNotes", {
      nullable: true,
      gate: MATTER_DETAIL,
      description: "Notes given when closing.",
    }),
    closedAt: t.expose("closedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the matter was closed.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
    dashboard: t.field({
      type: MatterDashboardRef,
      description: "Headline figures (GET /v1/matters/{matter_id}/dashboard).",
      gate: { scope: "matters:read" },
      extensions: { restOmit: true },
      resolve: (m, _args, ctx) => matterDashboard(ctx, m.id),
    }),
    claimants: t.field({
      type: connectionOf(ClaimantRef, "Claimant"),
      description: "The matter's claimants, newest first.",
      gate: { scope: "claimants:read" },
      args: {
        ...pageArgs(t),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("claimants", "Claimant", "claimants", (q) => ctx.db.claimant.findMany(q)),
          m.id,
          args,
          createdRange(args.createdAfter, args.createdBefore),
        ),
    }),
    authorityGrants: t.field({
      type: connectionOf(AuthorityGrantRef, "AuthorityGrant"),
      description: "The matter's authority grants, newest first.",
      gate: { scope: "authority:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("authorityGrants", "AuthorityGrant", "authority_grants", (q) =>
            ctx.db.authorityGrant.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  }),
});
