import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { requireSanctionsClearance } from "../sanctions/service.js";
import { approvalOf } from "./certificate-types.js";

/**
 * Before value is reissued to a destination (a burn-reissue is prepared, or moves to reissued
 * or remitted): its certificate must be approved as of now, and the matter clear of sanctions
 * holds, since blocked property never moves. 403 `sanctions_hold` otherwise.
 */
export async function assertDestinationClear(
  ctx: RequestContext,
  certificate: { id: string; matterId: string; sanctionsScreenId: string },
  param: string,
): Promise<void> {
  const approval = await approvalOf(ctx, certificate.sanctionsScreenId);
  if (approval.status !== "approved")
    throw new ApiError("sanctions_hold", {
      param,
      message: `Destination wallet certificate '${certificate.id}' is ${approval.status}: ${approval.reason}`,
      details: {
        destination_wallet_certificate_id: certificate.id,
        approval_status: approval.status,
        sanctions_screen_id: certificate.sanctionsScreenId,
      },
    });
  await requireSanctionsClearance(ctx, certificate.matterId);
}
