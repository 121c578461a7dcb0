/**
 * What a triage may create beside its status move (SPEC.md: "may create a linked action and/or
 * packet"), through the actions and packets modules' one way of creating each, inside the
 * triage's write (same transaction, same request id, so a refused follow-up changes nothing).
 *
 * Decided here:
 * - Either follow-up is a write of the alert's matter under the authority gate (CONTRACT.md §7:
 *   "all packet, action … writes"), and of its module's scope: `create_action` needs
 *   `actions:write`, `create_packet_type` `packets:write` (403 insufficient_scope). Without a live
 *   grant the whole triage is refused with 403 authority_required and nothing changes (the alert
 *   keeps its status); a triage without follow-ups needs neither.
 * - The action: type from the alert's type (ALERT_WORK_KIND: wallet_movement → watch,
 *   exchange_proximity → exchange, stablecoin_exposure → issuer, sanctions → sanctions,
 *   deadline → legal_process, compliance → reporting_task), title the alert's reason, priority
 *   from its severity (critical → urgent, high → high, medium → normal, low → low); linked to the
 *   packet when both are asked for.
 * - The packet: of kind `create_packet_type` with that kind's default packet_type, made as the
 *   packet endpoints make one (content snapshot, source manifest; `draft`, or `in_review` when
 *   the content has review reasons). Its wallet is the alert's target wallet when the target is
 *   or contains a wallet address (sanctions, stablecoin_exposure and wallet_movement alerts);
 *   otherwise it covers the matter's wallets. Its authorized sender is the triaging user (name,
 *   else email), or the organization's name for a key without a user. A sanctions_review packet
 *   reviews the alert's screen (`details.screen_id`) when it has one.
 */
import { requireScope } from "../../src/auth/principal.js";
import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import type { Alert } from "../../src/generated/prisma/client.js";
import type { Recorder } from "../../src/write.js";
import { createAction, type NewAction } from "../actions/service.js";
import { findVisibleOrganization } from "../control-plane/lookup.js";
import { checkWalletAddress } from "../debtors/addresses.js";
import { requireAuthority } from "../matters/service.js";
import {
  insertPacket,
  type PacketExtra,
  type PacketKind,
  type PreparedPacket,
  preparePacket,
  presentsAsLawEnforcement,
  sanctionsReviewExtra,
} from "../packets/service.js";
import { ALERT_WORK_KIND, type AlertType } from "./values.js";

/** The follow-up part of a triage body. */
export interface TriageFollowUpRequest {
  createAction?: boolean | null;
  createPacketType?: PacketKind | null;
  notes?: string | null;
}

/** What the follow-ups made, kept on the triage and in its audit event. */
export interface TriageFollowUps {
  actionId: string | null;
  packetId: string | null;
}

/** Checked and looked up before the write. */
export interface PreparedFollowUps {
  action: NewAction | null;
  packet: PreparedPacket | null;
}

const PRIORITY_OF_SEVERITY = {
  critical: "urgent",
  high: "high",
  medium: "normal",
  low: "low",
} as const;

export const wantsFollowUps = (input: TriageFollowUpRequest): boolean =>
  input.createAction === true || input.createPacketType != null;

/** The scopes of the follow-ups asked for (403 insufficient_scope), before anything else. */
export function requireFollowUpScopes(ctx: RequestContext, input: TriageFollowUpRequest): void {
  if (input.createAction === true) requireScope(ctx.principal, "actions:write");
  if (input.createPacketType != null) requireScope(ctx.principal, "packets:write");
}

/** The authority gate of the alert's matter when a follow-up is asked for (403). */
export async function followUpGate(
  ctx: RequestContext,
  alert: Pick<Alert, "matterId">,
  input: TriageFollowUpRequest,
): Promise<void> {
  if (wantsFollowUps(input)) await requireAuthority(ctx, alert.matterId);
}

/** The first wallet address the alert's target is or contains (`network:asset:address` …). */
export function walletOfAlert(target: string): string | null {
  for (const part of [target, ...target.split(":")])
    if (part && checkWalletAddress(part).ok) return part;
  return null;
}

/** Who the triage-made packet names as its sender. */
async function senderOf(ctx: RequestContext): Promise<string> {
  const { userId, organizationId } = ctx.principal;
  if (userId) {
    const user = await ctx.services.root.user.findUnique({ where: { id: userId } });
    if (user) return user.name?.trim() || user.email;
  }
  return (await findVisibleOrganization(ctx, organizationId)).name;
}

/**
 * Everything the follow-ups need before the write, after the gate, the matter's 409 and the
 * triage move's 409: the action's fields and the packet's content snapshot.
 */
export async function prepareFollowUps(
  ctx: RequestContext,
  alert: Alert,
  input: TriageFollowUpRequest,
): Promise<PreparedFollowUps> {
  let packet: PreparedPacket | null = null;
  const kind = input.createPacketType;
  if (kind != null) {
    const sender = await senderOf(ctx);
    if (kind === "law_enforcement_referral" && presentsAsLawEnforcement(sender))
      throw invalid(
        "create_packet_type",
        `A referral states who sends it and never presents itself as law enforcement; the triaging sender '${sender}' reads as an agency. Create the referral with POST /v1/packets/law-enforcement-referral and a named authorized_sender.`,
      );
    const wallet = walletOfAlert(alert.target);
    const details = (alert.details ?? {}) as Record<string, unknown>;
    const screenId = typeof details.screen_id === "string" ? details.screen_id : null;
    const notes = `Prepared from the triage of alert ${alert.id}: ${alert.reason}${
      input.notes ? ` Triage notes: ${input.notes}` : ""
    }`;
    const extra: PacketExtra =
      kind === "sanctions_review"
        ? await sanctionsReviewExtra(ctx, alert.matterId, screenId, notes)
        : { sanctions: null };
    packet = await preparePacket(
      ctx,
      kind,
      {
        matterId: alert.matterId,
        authorizedSender: sender,
        ...(wallet ? { wallets: [wallet] } : {}),
        notes,
      },
      extra,
    );
  }
  const action: NewAction | null =
    input.createAction === true
      ? {
          matterId: alert.matterId,
          type: ALERT_WORK_KIND[alert.type as AlertType] ?? "reporting_task",
          title: alert.reason.trim() || `${alert.type} alert: ${alert.target}`,
          priority:
            PRIORITY_OF_SEVERITY[alert.severity as keyof typeof PRIORITY_OF_SEVERITY] ?? "normal",
        }
      : null;
  return { action, packet };
}

/** Creates the prepared follow-ups inside the triage's write: the packet, then the action. */
export async function triageFollowUps(
  ctx: RequestContext,
  rec: Recorder,
  prepared: PreparedFollowUps,
): Promise<TriageFollowUps> {
  const packet = prepared.packet ? await insertPacket(ctx, rec, prepared.packet) : null;
  const action = prepared.action
    ? await createAction(ctx, rec, { ...prepared.action, linkedPacketId: packet?.id ?? null })
    : null;
  return { actionId: action?.id ?? null, packetId: packet?.id ?? null };
}
