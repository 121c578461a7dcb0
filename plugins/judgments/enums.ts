/** Enums of the judgments module (closed value sets are enums: CONTRACT.md §14). */
import { builder } from "../../src/schema/builder.js";
import { PRESSURE_NAMES } from "./domain/profile.js";
import { GATE_NAMES } from "./domain/validation.js";
import {
  APPEAL_STAY_STATUSES,
  BANKRUPTCY_STATUSES,
  DEADLINE_STATUSES,
  DEADLINE_TYPES,
  JUDGMENT_STATUSES,
} from "./values.js";

const described = <T extends readonly string[]>(values: T, text: Record<T[number], string>) =>
  Object.fromEntries(values.map((v) => [v, { description: text[v as T[number]] }])) as {
    [K in T[number]]: { description: string };
  };

export const JudgmentStatusEnum = builder.enumType("JudgmentStatus", {
  description: "Where a judgment stands (CONTRACT.md §8).",
  values: described(JUDGMENT_STATUSES, {
    entered: "Taken in at intake, or changed since its last passing validation.",
    validated: "The latest validation passed (enforcement_ready).",
    stayed: "Enforcement is stayed.",
    satisfied: "Paid in full.",
    partially_satisfied: "Paid in part; the rest is still enforceable.",
    vacated: "Set aside by a court.",
    expired: "Past its enforcement period without renewal.",
  }),
});

export const AppealStayStatusEnum = builder.enumType("AppealStayStatus", {
  description: "Appeal and stay of enforcement of a judgment.",
  values: described(APPEAL_STAY_STATUSES, {
    none: "No appeal or stay recorded.",
    appeal_pending: "An appeal is pending without a stay (validation gate `stay_appeal`: review).",
    stayed: "Enforcement is stayed pending appeal (validation gate `stay_appeal`: fail).",
  }),
});

export const BankruptcyStatusEnum = builder.enumType("BankruptcyStatus", {
  description: "The debtor's bankruptcy as it affects the judgment.",
  values: described(BANKRUPTCY_STATUSES, {
    none: "No bankruptcy recorded.",
    filed: "A case is open: the automatic stay bars enforcement (gate `bankruptcy`: fail).",
    discharged:
      "The debtor was discharged: collecting a discharged debt is barred (gate `bankruptcy`: fail).",
    dismissed: "The case was dismissed and the stay has ended.",
  }),
});

export const ValidationCheckEnum = builder.enumType("ValidationCheck", {
  description: "A gate of the judgment validation battery (CONTRACT.md §9).",
  values: described(GATE_NAMES, {
    authority: "A live authority grant on the matter; always run.",
    stay_appeal: "No stay of enforcement; a pending appeal needs review.",
    bankruptcy: "No bankruptcy stay or discharge bars enforcement.",
    consumer_commercial: "Consumer debt needs FDCPA review; unknown classification needs review.",
    required_documents: "A `certified_judgment` source ref is on file.",
    enforceability_period: "Past any automatic stay after entry and within the judgment's life.",
  }),
});

export const EnforcementProfileEnum = builder.enumType("EnforcementProfile", {
  description:
    "How hard enforcement pushes: sets the starting pressure level and its cap (CONTRACT.md §8).",
  values: described(["measured", "assertive", "maximum_lawful"] as const, {
    measured: "Starts at 1 (prepare), capped at 3 (discover).",
    assertive: "Starts at 2 (preserve), capped at 5 (seize_turnover).",
    maximum_lawful: "Starts at 3 (discover), capped at 6 (recover_distribute).",
  }),
});

export const PressureNameEnum = builder.enumType("PressureName", {
  description: "Name of a pressure level 0–6.",
  values: described(PRESSURE_NAMES, {
    observe: "0: watch and trace.",
    prepare: "1: prepare filings and packets.",
    preserve: "2: preservation requests.",
    discover: "3: post-judgment discovery.",
    freeze_block: "4: restraining notices, freeze orders.",
    seize_turnover: "5: turnover orders, writs of execution.",
    recover_distribute: "6: recover and distribute.",
  }),
});

export const DeadlineTypeEnum = builder.enumType("DeadlineType", {
  description: 'Kind of deadline (SPEC.md "Deadline kinds").',
  values: described(DEADLINE_TYPES, {
    renewal: "Renew the judgment or its lien before it lapses.",
    service: "Serve a document.",
    response: "Respond to a filing or request.",
    hearing: "Attend a hearing.",
    packet: "Send a packet.",
    monitoring: "Review monitoring results.",
    ofac_report: "File an OFAC report within 10 business days of blocking (31 CFR 501.603/604).",
  }),
});

export const DeadlineStatusEnum = builder.enumType("DeadlineStatus", {
  description: "Whether a deadline still has to be met.",
  values: described(DEADLINE_STATUSES, {
    open: "Still to be met.",
    completed: "Met.",
    cancelled: "No longer applies.",
  }),
});

export const PlannedActionPriorityEnum = builder.enumType("PlannedActionPriority", {
  description: "Urgency of a planned action.",
  values: described(["high", "normal", "low"] as const, {
    high: "Do first.",
    normal: "Do in order.",
    low: "Do when the rest is under way.",
  }),
});
