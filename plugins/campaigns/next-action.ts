/**
 * `operator_state.next_claw_action`, pure: what the operator should do next, from the campaign's
 * blockers, its pressure level and its top focus target. A failing gate comes first (nothing
 * else may proceed); then the top target at the current pressure level.
 */
import { ALERT_WORK_KIND } from "../alerts/values.js";
import type { GateShape } from "../core/shared-types.js";
import type { MatterEvidence } from "./evidence.js";
import type { RankedTarget } from "./focus.js";
import { type ClawActionKind, pressureName } from "./values.js";

export interface NextAction {
  kind: ClawActionKind;
  text: string;
}

type Step = [ClawActionKind, (label: string) => string];

/** Per target type, what each pressure level 0–6 asks for. */
const STEPS: Record<"wallet" | "exchange" | "issuer", Step[]> = {
  wallet: [
    ["watch", (t) => `Watch wallet ${t} and trace its flows`],
    ["packet", (t) => `Prepare the tracing packet for wallet ${t}`],
    ["packet", (t) => `Send preservation requests to the custodians wallet ${t} deals with`],
    ["discovery", (t) => `Serve discovery on the holders and counterparties of wallet ${t}`],
    ["issuer", (t) => `Request a freeze of the tokens held in wallet ${t} from their issuers`],
    ["legal_process", (t) => `Move for turnover of the assets in wallet ${t}`],
    ["ledger", (t) => `Record recoveries from wallet ${t} and run the waterfall`],
  ],
  exchange: [
    ["watch", (t) => `Watch the debtor's deposits to ${t}`],
    ["packet", (t) => `Prepare the exchange packet for ${t}`],
    ["exchange", (t) => `Send a preservation request to ${t}`],
    ["discovery", (t) => `Serve a subpoena on ${t} for the debtor's account records`],
    ["legal_process", (t) => `Serve a restraining notice or freeze order on ${t}`],
    ["legal_process", (t) => `Move for turnover of the debtor's balances at ${t}`],
    ["ledger", (t) => `Record the recovery from ${t} and run the waterfall`],
  ],
  issuer: [
    ["watch", (t) => `Watch the debtor's ${t}-issued token balances`],
    ["packet", (t) => `Prepare the issuer packet for ${t}`],
    ["issuer", (t) => `Ask ${t} to preserve its records of the debtor's addresses`],
    ["discovery", (t) => `Request ${t}'s records of the debtor's addresses`],
    ["issuer", (t) => `Ask ${t} to freeze the debtor's tokens`],
    ["issuer", (t) => `Ask ${t} to burn and reissue the frozen tokens to the certified wallet`],
    ["ledger", (t) => `Record the remission from ${t} and run the waterfall`],
  ],
};

const ALERT_KIND: Record<string, ClawActionKind> = ALERT_WORK_KIND;

function taskAction(target: RankedTarget, evidence: MatterEvidence): NextAction {
  const deadline = evidence.deadlines.find((d) => d.id === target.targetId);
  if (deadline)
    return {
      kind: deadline.type === "ofac_report" ? "sanctions" : "legal_process",
      text: `Meet the ${target.label}`,
    };
  const alert = evidence.alerts.find((a) => a.id === target.targetId);
  return {
    kind: (alert && ALERT_KIND[alert.type]) ?? "reporting_task",
    text: `Triage the ${target.label}`,
  };
}

export function nextClawAction(input: {
  status: string;
  pressureLevel: number;
  blockers: readonly GateShape[];
  top: RankedTarget | undefined;
  evidence: MatterEvidence;
}): NextAction {
  const { status, pressureLevel, blockers, top } = input;
  if (status === "closed")
    return { kind: "reporting_task", text: "The campaign is closed: report its outcome" };
  const blocker = blockers[0];
  if (blocker)
    return {
      kind: blocker.gate === "sanctions" ? "sanctions" : "legal_process",
      text: `Clear the ${blocker.gate} gate: ${blocker.required_actions[0] ?? blocker.reasons[0]}`,
    };
  if (!top)
    return {
      kind: "discovery",
      text: `Expand the campaign (pressure ${pressureName(pressureLevel)}): it has no target to focus on yet`,
    };
  if (top.step) return top.step;
  if (top.targetType === "operator_task") return taskAction(top, input.evidence);
  const steps = STEPS[top.targetType as keyof typeof STEPS];
  if (!steps)
    return {
      kind: top.targetType === "packet" ? "packet" : "reporting_task",
      text: `Work on ${top.label}`,
    };
  const [kind, text] = steps[pressureLevel]!;
  return { kind, text: text(top.label) };
}
