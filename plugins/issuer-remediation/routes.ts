import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Issuer remediation";

export const issuerRemediationRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/issuer-remediation/freeze-packet",
    field: "createIssuerFreezePacket",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Prepare a freeze request to a stablecoin issuer (contract, freeze function, targets, amounts); nothing is executed on chain",
    tag,
  },
  {
    method: "POST",
    path: "/v1/issuer-remediation/burn-reissue-packet",
    field: "createIssuerBurnReissuePacket",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Prepare a burn-and-reissue request to a stablecoin issuer, to an approved destination wallet certificate; nothing is executed on chain",
    tag,
  },
  {
    method: "POST",
    path: "/v1/issuer-remediation/destination-wallet-certificate",
    field: "createDestinationWalletCertificate",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Certify a destination wallet (address checked for its network, wallet and parties screened against the OFAC SDN list)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/issuer-remediation/{remediation_id}",
    field: "issuerRemediation",
    args: { id: "path.remediation_id" },
    summary: "Retrieve an issuer remediation with its prepared request and status history",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/issuer-remediation/{remediation_id}",
    field: "updateIssuerRemediation",
    args: { id: "path.remediation_id", input: "body" },
    idempotent: true,
    summary:
      "Record a remediation's progress: status forward only (or to rejected/closed), with notes",
    tag,
  },
];
