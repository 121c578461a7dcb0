import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid } from "../../src/errors.js";
import type { ExportInputShape } from "./inputs.js";
import type { RedactionProfile } from "./redaction.js";

/**
 * Checks of an export body shared by packet and report exports. A claimant export may name
 * the claimant it is for; naming one under any other profile is a mistake worth refusing
 * (the file would not be what the caller expects).
 */
export function checkExportBody(input: ExportInputShape): void {
  if (input.claimantId != null && input.redactionProfile !== "claimant")
    throw invalid(
      "claimant_id",
      "claimant_id names the viewer of a `claimant` export; send it with redaction_profile `claimant` only.",
    );
}

/** The claimant an export is prepared for, a claimant of `matterId` (404 claimant_id), or null. */
export async function exportViewer(
  ctx: RequestContext,
  matterId: string,
  claimantId: string | null | undefined,
): Promise<string | null> {
  if (claimantId == null) return null;
  const claimant = await ctx.db.claimant.findUnique({ where: { id: claimantId } });
  if (!claimant || claimant.matterId !== matterId)
    throw new ApiError("resource_missing", {
      param: "claimant_id",
      message: `No such claimant in matter '${matterId}': '${claimantId}'.`,
    });
  return claimant.id;
}

/** Profiles from the least to the most hidden; a report's exports never go below its floor. */
const STRICTNESS: RedactionProfile[] = ["none", "counsel", "claimant", "public"];

export const atLeast = (profile: RedactionProfile, floor: RedactionProfile) =>
  STRICTNESS.indexOf(profile) >= STRICTNESS.indexOf(floor);
