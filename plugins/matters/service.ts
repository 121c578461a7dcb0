/**
 * Small services other modules import (ARCHITECTURE.md: modules talk through the schema and
 * through exported services, never by reaching into each other's files).
 */
import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { authorityStatus } from "./authority-status.js";

export {
  authorityStatus,
  grantStatus,
  isLiveGrant,
  type AuthorityStatus,
  type GrantStatus,
  type GrantTimes,
} from "./authority-status.js";
export {
  registerDashboardContributor,
  matterDashboard,
  type DashboardContribution,
  type DashboardContributor,
  type MatterDashboard,
} from "./dashboard.js";

/** The matter if the caller can reach it; otherwise 404 `resource_missing` (param matter_id). */
export async function findMatter(ctx: RequestContext, id: string) {
  const matter = await ctx.db.matter.findUnique({ where: { id } });
  if (!matter)
    throw new ApiError("resource_missing", {
      param: "matter_id",
      message: `No such matter: '${id}'.`,
    });
  return matter;
}

/** 409 `matter_closed` when the matter is closed (for callers that already hold the row). */
export function assertOpen(matter: {
  id: string;
  status: string;
  closeReason: string | null;
}): void {
  if (matter.status !== "closed") return;
  throw new ApiError("matter_closed", {
    param: "matter_id",
    message: `Matter '${matter.id}' is closed; nothing under it can be changed.`,
    details: { matter_id: matter.id, close_reason: matter.closeReason },
  });
}

/** For writes under a matter: 404 when out of reach, then 409 `matter_closed` when closed. */
export async function assertMatterWritable(ctx: RequestContext, matterId: string) {
  const matter = await findMatter(ctx, matterId);
  assertOpen(matter);
  return matter;
}

/** A gate locator (GateSpec.authority / .sanctions): finds the parent matter, 404 first. */
export type MatterLocator = (args: object, ctx: RequestContext, parent: unknown) => Promise<string>;

const field = (obj: unknown, name: string) =>
  String((obj as Record<string, unknown> | null)?.[name] ?? "");

/** Gate locators for the usual places a field names its parent matter. */
export const matterOf = {
  /** An argument, e.g. `matterId` of `createPacket(matterId, input)`. */
  arg:
    (name = "matterId"): MatterLocator =>
    async (args, ctx) =>
      (await findMatter(ctx, field(args, name))).id,
  /** A field of the `input` argument, e.g. the intake body's `matter_id`. */
  input:
    (name = "matterId"): MatterLocator =>
    async (args, ctx) =>
      (await findMatter(ctx, field((args as { input?: unknown }).input, name))).id,
  /** The object a field acts on, found (with its own 404) by `find`. */
  record:
    <A extends object>(
      find: (args: A, ctx: RequestContext) => Promise<{ matterId: string }>,
    ): MatterLocator =>
    async (args, ctx) =>
      (await find(args as A, ctx)).matterId,
  /** The parent object of a field on a type (`parent.matterId`). */
  parent:
    (name = "matterId"): MatterLocator =>
    async (_args, ctx, parent) =>
      (await findMatter(ctx, field(parent, name))).id,
};

const REFUSALS: Record<string, string> = {
  none: "The matter has no authority grant in effect. Grant one with POST /v1/matters/{matter_id}/authority.",
  revoked: "The matter's authority grant was revoked. Grant authority again before this operation.",
  expired: "The matter's authority grant has expired. Grant authority again before this operation.",
};

/** The authority gate check (CONTRACT.md §7), registered for `gate.authority`. Fails closed. */
export async function requireAuthority(ctx: RequestContext, matterId: string): Promise<void> {
  const grants = await ctx.db.authorityGrant.findMany({
    where: { matterId },
    select: { status: true, effectiveAt: true, expiresAt: true },
  });
  const status = authorityStatus(grants, new Date());
  if (status === "granted") return;
  throw new ApiError("authority_required", {
    param: "matter_id",
    message: REFUSALS[status],
    details: { matter_id: matterId, authority_status: status },
  });
}
