import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputField,
  type GraphQLInputObjectType,
} from "graphql";
import { ID_PREFIXES } from "../src/ids.js";
import { toCamel, toSnake } from "./case.js";

/**
 * Request examples of the OpenAPI document, derived from the input types so they follow the
 * schema: a value per field from the tables below (`Type.field` first, then the wire field
 * name), else from the type (first enum value, a placeholder id of the right prefix). Required
 * fields always appear; an optional one only when a value is known, so an example never refers
 * to objects that do not exist and stays a valid request (test/rest-bridge/openapi.test.ts).
 */
/** A table value that leaves the field out of the example. */
const NONE = Symbol("none");

const BY_TYPE_FIELD: Record<string, unknown> = {
  "CreateOrganizationInput.name": "Northwind Recovery LLC",
  "UpdateOrganizationInput.name": "Northwind Recovery LLC",
  "IssueApiKeyInput.name": "Case dashboard",
  "InviteUserInput.name": "Dana Analyst",
  "CreateClaimantInput.name": "Acme Capital LLC",
  "UpdateClaimantInput.name": "Acme Capital LLC",
  "LinkedEntityInput.name": "Doe Holdings Ltd",
  "CreateMatterInput.notes": "Referred by Acme's general counsel.",
  "UpdateMatterInput.notes": "Debtor's counsel asked for a payment plan.",
  "CloseMatterInput.notes": "Paid in full by wire on 2026-06-10.",
  "SetEnforcementProfileInput.notes": "Exchange accounts identified; start measured.",
  "RevokeAuthorityInput.reason": "Engagement ended by the client.",
  "TransitionOperationInput.reason": "Victim statement and wallet list received.",
  "TransitionOperationInput.to": "intake",
  "CreateAuditEventInput.objectType": "exchange_contact",
  "CreateOrganizationInput.type": "recovery_operator",
  "UpdateJudgmentInput.status": "stayed",
  "UpdateJudgmentInput.appealStayStatus": "appeal_pending",
  "SourceRefInput.title": "Certified copy of the judgment",
  "UpdateMatterInput.status": "active",
  "ValidateJudgmentInput.checks": ["authority", "required_documents"],
  "WalletInput.address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "WalletInput.network": "ethereum",
  "WalletInput.role": "debtor_controlled",
  "WalletInput.confidence": 0.8,
  "CreateAttributionClaimInput.subject": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "CreateAttributionClaimInput.predicate": "controlled_by",
  "CreateAttributionClaimInput.object": "Jane Doe",
  "CreateAttributionClaimInput.sourceType": "vasp_response",
  "CreateAttributionClaimInput.basis": ["KYC file of the deposit account names Jane Doe."],
  "ScoreAttributionClaimInput.claimId": "acl_01jxd4m5q6r7s8t9v0w1x2y3z4",
  "ScoreAttributionClaimInput.evidenceTier": "tier_2",
  "ScoreAttributionClaimInput.corroboration": ["cluster_label"],
  "ScoreAttributionClaimInput.contradictions": ["Device fingerprint differs from the KYC file."],
  "RecordNetworkSignalInput.signalType": "exchange_login_ip",
  "RecordNetworkSignalInput.source": "Exchange compliance desk",
  "RecordNetworkSignalInput.legalProcessId": "subpoena-2026-0142",
  "RecordNetworkSignalInput.rawValueRedacted": "203.0.113.x",
  "RecordNetworkSignalInput.walletAddress": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "RecordNetworkSignalInput.privacyRestrictions": ["counsel_only"],
  "CreateSanctionsReviewInput.notes": "Two wallet hits; check the KYC file of the exchange.",
  "DecideSanctionsReviewInput.notes": "Same DOB and passport as the SDN entry; property blocked.",
  "TransitionOfacReportInput.status": "submitted",
  "CreateRelationshipInput.counterpartyType": "exchange",
  "CreateRelationshipInput.notes": "Compliance desk answers portal submissions within 48 hours.",
  "UpdateRelationshipInput.notes": "Escalate to the MLRO after 72 hours.",
  "LogRelationshipContactInput.notes": "Submitted the freeze packet; ticket 88231.",
  "CreatePacketInput.notes": "Funds moved to the exchange on 2026-05-02; ask for an urgent hold.",
  "CreateSanctionsReviewPacketInput.notes": "Wallet hit on the SDN list; confirm blocked property.",
  "ReviewPacketInput.notes": "Sources and balance checked.",
  "ReviewPacketInput.decision": "approved",
  // Each packet endpoint accepts its own packet_type values; left out, each takes its default.
  "CreatePacketInput.packetType": NONE,
  "CreateSanctionsReviewPacketInput.packetType": NONE,
  "RecordRecoveryEventInput.eventType": "turned_over",
  "RecordRecoveryEventInput.asset": "USDT",
  "RecordRecoveryEventInput.network": "ethereum",
  "RecordRecoveryEventInput.grossAmount": 25000,
  "RecordRecoveryEventInput.usdValue": 25000,
  "RecordRecoveryEventInput.source": "Turnover by Northwind Exchange Ltd under the court order",
  "RecordRemittanceEventInput.destination": "Acme Capital LLC client trust account",
  "RecordRemittanceEventInput.asset": "USDT",
  "RecordRemittanceEventInput.amount": 10000,
  "RecordRemittanceEventInput.sourceRecoveryEventId": "rce_01jxd4m5q6r7s8t9v0w1x2y3z4",
  "RecordRemittanceEventInput.waterfallId": "wfl_01jxd4m5q6r7s8t9v0w1x2y3z4",
  "CalculateWaterfallInput.recoveryEventIds": ["rce_01jxd4m5q6r7s8t9v0w1x2y3z4"],
  "WaterfallCostsInput.courtCosts": 450,
  "WaterfallCostsInput.enforcementCosts": 1200,
  "WaterfallCostsInput.vendorCosts": 800,
  "CreateCampaignInput.mode": "measured",
  "UpdateCampaignInput.mode": "assertive",
  "UpdateCampaignInput.reason": "Debtor moved USDT towards Binance after the preservation letter.",
  "CampaignTargetSetInput.wallets": ["wal_01jxd4m5q6r7s8t9v0w1x2y3z4"],
  "CampaignTargetSetInput.exchanges": ["Binance"],
  "CampaignTargetSetInput.issuers": ["Tether"],
  "CampaignTargetSetInput.debtors": ["dbt_01jxd4m5q6r7s8t9v0w1x2y3z4"],
  "FocusCampaignInput.criteria": ["freezability", "amount", "confidence"],
  "FocusWeightsInput.freezability": 2,
  "FocusWeightsInput.amount": 1,
  "ExpandCampaignInput.maxLeads": 20,
  "SetCampaignPressureInput.pressureLevel": 4,
  "SetCampaignPressureInput.reason": "Freeze the USDT before the debtor moves it again.",
  "SetCampaignPressureInput.counselApprovalId": "counsel-memo-2026-014",
  "CreateIssuerFreezePacketInput.asset": "USDT",
  "CreateIssuerFreezePacketInput.notes": "Funds moved in the last 24 hours; please act promptly.",
  "CreateIssuerBurnReissuePacketInput.asset": "USDT",
  "CreateIssuerBurnReissuePacketInput.packetType": "issuer_burn_reissue",
  "CreateIssuerBurnReissuePacketInput.notes": "Turnover order entered; reissue to the receiver.",
  "CreateDestinationWalletCertificateInput.walletAddress":
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "CreateDestinationWalletCertificateInput.purpose":
    "Receive reissued USDT for the judgment creditor",
  "CreateDestinationWalletCertificateInput.owner": "Acme Capital LLC",
  "CreateDestinationWalletCertificateInput.custodian": "Anchorage Digital Bank",
  "CreateDestinationWalletCertificateInput.signerModel": "2-of-3 multisig",
  "CreateDestinationWalletCertificateInput.allowedAssets": ["USDT", "PYUSD"],
  "UpdateIssuerRemediationInput.status": "submitted",
  "UpdateIssuerRemediationInput.notes": "Sent to Tether's compliance desk; ticket T-5521.",
  "CreateActionInput.type": "exchange",
  "CreateActionInput.title": "Send a preservation request to the exchange",
  "UpdateActionInput.title": "Send the freeze request to the exchange",
  "UpdateActionInput.status": "in_progress",
  "UpdateActionInput.priority": "high",
  "AssignActionInput.ownerId": "usr_01jxd4m5q6r7s8t9v0w1x2y3z4",
  "AssignActionInput.notes": "Counsel takes over the subpoena.",
  "CompleteActionInput.completionNotes": "The exchange confirmed the freeze of 12,400 USDT.",
  "CreateCampaignActionInput.type": "legal_process",
  "CreateCampaignActionInput.title": "Serve the restraining notice on the exchange",
  "CreateCampaignActionInput.dueAt": "2026-07-01T17:00:00.000Z",
  "CreateCampaignActionInput.reviewRequired": true,
  "CreateWatchlistInput.name": "Doe deposit wallets",
  "CreateWatchlistInput.chains": ["ethereum", "polygon"],
  "WatchlistThresholdsInput.minUsdValue": 10000,
  "WatchlistThresholdsInput.direction": "outgoing",
  "AddWatchlistAddressesInput.addresses": ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
  "AddWatchlistAddressesInput.reason": "Deposit wallet named in the exchange's subpoena return.",
  "TriageAlertInput.status": "actionable",
  "TriageAlertInput.notes": "Movement confirmed on the explorer; ask the exchange to freeze.",
  "TriageAlertInput.createAction": true,
  "TriageAlertInput.createPacketType": "exchange_freeze",
};

const BY_FIELD: Record<string, unknown> = {
  name: "Acme Capital v. Doe",
  legal_name: "Jane Doe",
  email: "dana.analyst@example.com",
  mode: "small_judgment",
  lead_counsel: "Jordan Counsel, Esq.",
  retention_policy: "7y",
  granted_by: "Acme Capital LLC (client)",
  scope: ["judgment_enforcement", "asset_discovery"],
  scopes: ["matters:read", "matters:write", "judgments:read"],
  roles: ["analyst"],
  features: ["live_access"],
  events: ["judgment.validated", "matter.closed"],
  url: "https://hooks.example.com/md-events",
  description: "Case-management sync",
  expires_at: "2030-01-01T00:00:00.000Z",
  valuation_time: "2026-06-11T09:30:00.000Z",
  renewal_deadline: "2035-01-15",
  date_entered: "2025-01-15",
  court: "Superior Court of California, County of Los Angeles",
  case_number: "24STCV01234",
  jurisdiction: "CA",
  creditor: "Acme Capital LLC",
  debtor: "Jane Doe",
  amount: 125000.5,
  currency: "USD",
  intent: "Trace and freeze funds moved from the victim's wallet.",
  title: "Doe wallet tracing",
  metadata: { ticket: "CASE-1042", channel: "hotline" },
  details: { note: "Called the exchange's compliance desk; ticket 88231." },
  event_type: "call.logged",
  object_id: "exchange-ticket-88231",
  proof: ["doc_victim_statement_01"],
  relationship: "director",
  aliases: ["J. Doe"],
  wallets: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
  known_wallets: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
  known_exchanges: ["Binance"],
  min_confidence: 0.5,
  holdback_percentage: 10,
  counsel_fee_percentage: 33.3,
  provider_percentage: 15,
  share_percentage: 60,
  review_required: true,
  review_status: "in_review",
  review_owner: "counsel@example.com",
  review_notes: "Identity checked against the KYC file.",
  consumer_debt: false,
  source_id: "doc_certified_judgment_01",
  source_type: "certified_judgment",
  uri: "https://files.example.com/judgments/24STCV01234.pdf",
  hash: "sha256:9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e",
  dob: "1980-02-29",
  tax_id_last4: "1234",
  registration_number: "01234567",
  emails: ["jane.doe@example.com"],
  phones: ["+1 415 555 0100"],
  ibans: ["GB82WEST12345698765432"],
  entities: ["Doe Holdings Ltd"],
  counterparties: ["Northwind Exchange Ltd"],
  counsel_owner: "Jordan Counsel, Esq.",
  submitted_by: "Jordan Counsel, Esq.",
  authorized_sender: "Jordan Counsel, Esq., counsel to Acme Capital LLC",
  screen_id: "scr_01jxd4m5q6r7s8t9v0w1x2y3z4",
  counterparty_name: "Binance",
  channel_type: "law_enforcement_portal",
  packet_types_supported: ["exchange_freeze", "vasp_legal_process"],
  legal_authority_id: "auth_01jxd4m5q6r7s8t9v0w1x2y3z4",
  reviewer: "Jordan Counsel, Esq.",
  contact_type: "portal_submission",
  outcome: "acknowledged",
};

/** A well-formed id with the prefix its field name implies (`matter_id` → `mat_…`). */
function placeholderId(field: string): string {
  const prefix = ID_PREFIXES[toCamel(field.replace(/_id$/, "")) as keyof typeof ID_PREFIXES];
  return `${prefix ?? "id"}_01jxd4m5q6r7s8t9v0w1x2y3z4`;
}

function known(type: GraphQLInputObjectType, f: GraphQLInputField): unknown {
  const key = `${type.name}.${f.name}`;
  if (key in BY_TYPE_FIELD) return BY_TYPE_FIELD[key];
  const named = getNamedType(f.type);
  const list = isListType(isNonNullType(f.type) ? f.type.ofType : f.type);
  if (isInputObjectType(named)) {
    const inner = exampleOf(named);
    if (Object.keys(inner).length === 0) return NONE;
    return list ? [inner] : inner;
  }
  const wire = toSnake(f.name);
  if (wire in BY_FIELD) return BY_FIELD[wire];
  if (isEnumType(named)) {
    const first = named.getValues()[0]!.name;
    return list ? [first] : first;
  }
  return NONE;
}

function fallback(f: GraphQLInputField): unknown {
  const named = getNamedType(f.type);
  switch (named.name) {
    case "ID":
      return placeholderId(toSnake(f.name));
    case "Int":
      return 1;
    case "Float":
      return 1.5;
    case "Boolean":
      return true;
    case "Date":
      return "2026-06-11";
    case "DateTime":
      return "2026-06-11T09:30:00.000Z";
    default:
      return `example ${toSnake(f.name).replace(/_/g, " ")}`;
  }
}

/** The example body of an input object type, in wire (snake_case) names. */
export function exampleOf(type: GraphQLInputObjectType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of Object.values(type.getFields())) {
    if (f.deprecationReason) continue;
    const value = known(type, f);
    if (value !== NONE) out[toSnake(f.name)] = value;
    else if (isNonNullType(f.type)) out[toSnake(f.name)] = fallback(f);
  }
  return out;
}
