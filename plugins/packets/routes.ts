import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Packets";

const creation = (path: string, field: string, summary: string): RouteDef => ({
  method: "POST",
  path,
  field,
  args: { input: "body" },
  status: 201,
  idempotent: true,
  summary,
  tag,
});

export const packetRoutes: RouteDef[] = [
  creation(
    "/v1/packets/exchange-intercept",
    "createExchangeInterceptPacket",
    "Prepare a source-linked exchange/VASP packet (preservation, freeze, information request, turnover or remittance)",
  ),
  creation(
    "/v1/packets/vasp-legal-process",
    "createVaspLegalProcessPacket",
    "Prepare a counsel-reviewed subpoena, records request, preservation or VASP response packet",
  ),
  creation(
    "/v1/packets/exchange-freeze",
    "createExchangeFreezePacket",
    "Prepare a freeze/hold request subject to court, counsel and authorized-channel review",
  ),
  creation(
    "/v1/packets/exchange-turnover",
    "createExchangeTurnoverPacket",
    "Prepare a turnover request for court, counsel and exchange workflows",
  ),
  creation(
    "/v1/packets/turnover-workflow",
    "createTurnoverWorkflowPacket",
    "Prepare a court-supervised self-custody turnover workflow packet",
  ),
  creation(
    "/v1/packets/sanctions-review",
    "createSanctionsReviewPacket",
    "Prepare a sanctions evidence packet and open its blocked-property review (responds with the SanctionsReview)",
  ),
  creation(
    "/v1/packets/law-enforcement-referral",
    "createLawEnforcementReferralPacket",
    "Prepare a referral packet sent by the provider or counsel (never as law enforcement, never through a law-enforcement-only channel)",
  ),
  {
    method: "GET",
    path: "/v1/packets/{packet_id}",
    field: "packet",
    args: { id: "path.packet_id" },
    summary: "Retrieve a packet with its content, source manifest, review state and sender",
    tag,
  },
  {
    method: "POST",
    path: "/v1/packets/{packet_id}/review",
    field: "reviewPacket",
    args: { id: "path.packet_id", input: "body" },
    idempotent: true,
    summary: "Review a packet: approved, or changes_requested (back to draft)",
    tag,
  },
  {
    method: "POST",
    path: "/v1/packets/{packet_id}/export",
    field: "exportPacket",
    args: { id: "path.packet_id", input: "body" },
    status: 201,
    // Not flagged I in SPEC.md, but a retried export should not render and record a second file.
    idempotent: true,
    summary:
      "Export a packet as PDF, ZIP or JSON under a redaction profile (approved → exported; unapproved exports are DRAFT-marked)",
    tag,
  },
];
