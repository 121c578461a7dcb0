import type { RequestContext } from "../../src/context.js";
import { notFound } from "../../src/errors.js";
import { canSeeOrganization } from "./permissions.js";

/** The organization by id if the caller may see it; otherwise 404, indistinguishable from absent. */
export async function findVisibleOrganization(ctx: RequestContext, id: string) {
  const org = await ctx.services.root.organization.findUnique({ where: { id } });
  if (!org || !canSeeOrganization(ctx.principal, org)) throw notFound("organization", id);
  return org;
}
