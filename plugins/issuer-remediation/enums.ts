import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import type { RemediationStatus } from "./values.js";

export const RemediationStatusEnum = builder.enumType("IssuerRemediationStatus", {
  description:
    "Workflow status of an issuer remediation (CONTRACT.md §8). It records what the issuer reports; the service itself freezes, burns or reissues nothing. Moves go forward in this order (steps may be skipped) or to rejected/closed; closed is final.",
  values: describedValues<RemediationStatus>({
    draft: "Prepared, not yet sent to the issuer.",
    submitted: "Sent to the issuer by the authorized sender.",
    frozen: "The issuer reports the target balances frozen.",
    burned: "The issuer reports the frozen balances destroyed.",
    reissued: "The issuer reports the amount reissued to the certified destination wallet.",
    remitted: "The recovered value was remitted onward.",
    rejected: "The issuer declined the request.",
    closed: "Finished; no further moves.",
  }),
});

export const ActionTypeEnum = builder.enumType("IssuerRemediationActionType", {
  description: "What the issuer is asked to do.",
  values: describedValues({
    freeze_only: "Freeze (blacklist) the target addresses.",
    burn_reissue:
      "Freeze, destroy the frozen balances and reissue the amount to a certified destination wallet.",
  }),
});

export const IssuerPacketTypeEnum = builder.enumType("IssuerPacketType", {
  description:
    "Packet type of an issuer request; each endpoint prepares its own (freeze-packet: issuer_freeze, burn-reissue-packet: issuer_burn_reissue).",
  values: describedValues({
    issuer_freeze: "Freeze request to a stablecoin issuer.",
    issuer_burn_reissue: "Burn-and-reissue request to a stablecoin issuer.",
  }),
});

export const ApprovalStatusEnum = builder.enumType("DestinationWalletApprovalStatus", {
  description:
    "Approval of a destination wallet certificate, derived from its sanctions screen whenever it is read or used (there is no approve endpoint).",
  values: describedValues({
    approved: "Screened clear, or its name hits were cleared by a sanctions review.",
    pending_review:
      "The owner or custodian resembles a listed name; a sanctions review of the certificate's screen must be cleared.",
    rejected: "The wallet address is listed, or a review of the screen is blocked.",
  }),
});

export const StepActionEnum = builder.enumType("IssuerRequestStepAction", {
  description: "What one step of a prepared issuer request asks the issuer to do.",
  values: describedValues({
    freeze: "Freeze (blacklist) an address.",
    burn: "Destroy a frozen address's balance.",
    reissue: "Issue the destroyed amount to the destination wallet.",
  }),
});
