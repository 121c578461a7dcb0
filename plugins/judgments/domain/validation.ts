/**
 * The six judgment validation gates of CONTRACT §9, as a pure function.
 * `enforcement_ready` = no gate failed; `review_required` = some gate is `review`.
 * `missing_items` names every failing gate, then specific missing data (e.g.
 * `certified_judgment`, `enforceability_period_unknown`).
 *
 * Meaning of the `*Known` flags (the same names drive the plan's constraints in profile.ts):
 * `bankruptcyKnown: true` / `appealStayKnown: true` say the caller knows of a bankruptcy / an
 * appeal stay even if the judgment's recorded status does not show it yet; the gate then
 * treats the status as `filed` / `stayed` (the safe reading). false or absent changes nothing.
 */
import { addDays, addYears, dayOfWeek, daysBetween, toDayNumber } from "./deadlines.js";
import type { JurisdictionRule } from "./jurisdictions.js";

export const GATE_NAMES = [
  "authority",
  "stay_appeal",
  "bankruptcy",
  "consumer_commercial",
  "required_documents",
  "enforceability_period",
] as const;
export type GateName = (typeof GATE_NAMES)[number];
export type GateStatus = "pass" | "fail" | "review";

export interface Gate {
  gate: GateName;
  status: GateStatus;
  reasons: string[];
  required_actions: string[];
}

export type AppealStayStatus = "none" | "appeal_pending" | "stayed";
export type BankruptcyStatus = "none" | "filed" | "discharged" | "dismissed";

export interface ValidationInput {
  /** The parent matter has a live authority grant (CONTRACT §7). */
  authorityLive: boolean;
  appealStayStatus: AppealStayStatus;
  appealStayKnown?: boolean;
  bankruptcyStatus: BankruptcyStatus;
  bankruptcyKnown?: boolean;
  /** true consumer, false commercial, absent unknown. */
  consumerDebt?: boolean;
  /** `source_type` of each of the judgment's source_refs. */
  sourceRefTypes: readonly string[];
  dateEntered: string;
  jurisdictionRule: JurisdictionRule | null;
  /** For FED: the forum (or registration) state whose period governs. */
  forumStateRule?: JurisdictionRule | null;
  today: string;
  /** Days enforcement is stayed after entry; absent → the rule's own value. */
  automaticStayDays?: number | null;
  /** The judgment's recorded status; a vacated, satisfied or expired judgment is not enforceable. */
  judgmentStatus?: string;
}

const NOT_ENFORCEABLE: Record<string, string> = {
  vacated: "The judgment is recorded as vacated.",
  satisfied: "The judgment is recorded as satisfied.",
  expired: "The judgment is recorded as expired.",
};

export interface ValidationResult {
  enforcement_ready: boolean;
  review_required: boolean;
  missing_items: string[];
  gates: Gate[];
}

/** A renewal deadline this close (days) is called out by the enforceability gate. */
export const RENEWAL_WARNING_DAYS = 180;

interface GateOutcome {
  gate: Gate;
  missing: string[];
}

function outcome(
  gate: GateName,
  status: GateStatus,
  reasons: string[],
  required_actions: string[] = [],
  missing: string[] = [],
): GateOutcome {
  return { gate: { gate, status, reasons, required_actions }, missing };
}

/** Authority: a live grant on the parent matter, or nothing may proceed. */
function authorityGate(input: ValidationInput): GateOutcome {
  if (input.authorityLive)
    return outcome("authority", "pass", ["Matter has a live authority grant."]);
  return outcome(
    "authority",
    "fail",
    ["No live authority grant on the matter (none, revoked, expired or not yet effective)."],
    ["Record an authority grant for the matter (POST /v1/matters/{matter_id}/authority)."],
    ["authority_grant"],
  );
}

/**
 * Stay/appeal: a stay of enforcement (supersedeas bond, court order) → fail; an appeal
 * without a stay → review, since enforcement is allowed but a bond may stay it at any time
 * and a reversal unwinds what was collected.
 */
function stayAppealGate(input: ValidationInput): GateOutcome {
  const status: AppealStayStatus = input.appealStayKnown ? "stayed" : input.appealStayStatus;
  if (status === "stayed") {
    return outcome(
      "stay_appeal",
      "fail",
      [
        input.appealStayStatus === "stayed"
          ? "Enforcement of the judgment is stayed pending appeal."
          : "A stay of enforcement is reported (appeal_stay_known) though the judgment's status is not 'stayed'.",
      ],
      [
        "Do not enforce until the stay is lifted or the appeal is decided; record the stay order or its dissolution.",
      ],
    );
  }
  if (status === "appeal_pending") {
    return outcome(
      "stay_appeal",
      "review",
      [
        "An appeal is pending without a recorded stay; the debtor may still obtain one by bond (e.g. FRCP 62(b), CCP 917.1).",
      ],
      [
        "Counsel to confirm no stay or bond has been filed and to weigh enforcement while the appeal is pending.",
      ],
    );
  }
  return outcome("stay_appeal", "pass", ["No appeal or stay recorded."]);
}

/**
 * Bankruptcy: a filed case → fail (11 U.S.C. 362(a) automatic stay; acts in violation are
 * void); a discharge → fail (524(a) discharge injunction unless the debt was excepted);
 * dismissed → pass, the stay having ended.
 */
function bankruptcyGate(input: ValidationInput): GateOutcome {
  const status: BankruptcyStatus =
    input.bankruptcyKnown && input.bankruptcyStatus === "none" ? "filed" : input.bankruptcyStatus;
  switch (status) {
    case "filed":
      return outcome(
        "bankruptcy",
        "fail",
        [
          input.bankruptcyStatus === "filed"
            ? "Debtor is in bankruptcy: the automatic stay (11 U.S.C. 362(a)) bars enforcing the judgment."
            : "A bankruptcy is reported (bankruptcy_known) though the judgment's status is 'none'; treated as filed.",
        ],
        [
          "Stop enforcement; obtain relief from the stay (11 U.S.C. 362(d)) or wait for dismissal or closing of the case.",
          "File a proof of claim if appropriate.",
        ],
      );
    case "discharged":
      return outcome(
        "bankruptcy",
        "fail",
        [
          "Debtor received a discharge: the discharge injunction (11 U.S.C. 524(a)) bars collecting a discharged debt.",
        ],
        [
          "Counsel to determine whether the debt was excepted from discharge (11 U.S.C. 523) or a pre-petition lien survives before any step.",
        ],
      );
    case "dismissed":
      return outcome("bankruptcy", "pass", [
        "Bankruptcy case dismissed: the automatic stay has ended. Keep the dismissal order on file and re-check for a new filing before each step.",
      ]);
    default:
      return outcome("bankruptcy", "pass", [
        "No bankruptcy recorded; re-check for a filing before each enforcement step (the stay arises at filing).",
      ]);
  }
}

/** Consumer debt → review (FDCPA, Reg F, state consumer rules); unknown → review too. */
function consumerCommercialGate(input: ValidationInput): GateOutcome {
  if (input.consumerDebt === false) {
    return outcome("consumer_commercial", "pass", ["Commercial debt (as stated by the caller)."]);
  }
  if (input.consumerDebt === true) {
    const stateRule = input.jurisdictionRule?.consumer_debt_rule;
    return outcome(
      "consumer_commercial",
      "review",
      [
        "Consumer debt of a natural person: the FDCPA (15 U.S.C. 1692 et seq.) and Regulation F apply to debt collectors, including lawyers who regularly collect consumer debts.",
        ...(stateRule ? [`State consumer-debt rule: ${stateRule}`] : []),
      ],
      [
        "Counsel FDCPA review: venue (15 U.S.C. 1692i), communications, no time-barred collection (12 CFR 1006.26), state consumer interest and renewal limits.",
      ],
    );
  }
  return outcome(
    "consumer_commercial",
    "review",
    ["Whether the debt is consumer or commercial was not stated."],
    ["State consumer_debt (true or false) when validating."],
    ["consumer_debt_classification"],
  );
}

/** A `certified_judgment` source ref is required; other documents may accompany it. */
function requiredDocumentsGate(input: ValidationInput): GateOutcome {
  const types = input.sourceRefTypes.map((t) => t.trim().toLowerCase());
  if (types.includes("certified_judgment")) {
    return outcome("required_documents", "pass", ["A certified copy of the judgment is on file."]);
  }
  return outcome(
    "required_documents",
    "fail",
    ["No source_ref with source_type 'certified_judgment'."],
    [
      "Upload a certified copy of the judgment as a source_ref with source_type 'certified_judgment'.",
    ],
    ["certified_judgment"],
  );
}

/**
 * Enforceability period: within the automatic stay after entry → fail ("wait until" the
 * first day enforcement is allowed; FRCP 62(a) 30 days for FED, the data's value elsewhere,
 * with FRCP 6(a)(1)(C) moving a weekend end to Monday for FED); past the judgment life → fail
 * (it may have been renewed: the caller must record that); unknown jurisdiction or life →
 * review. Life and stay are counted from `dateEntered`.
 */
function enforceabilityGate(input: ValidationInput): GateOutcome {
  const rule = input.jurisdictionRule;
  const { dateEntered, today } = input;
  const ended = input.judgmentStatus ? NOT_ENFORCEABLE[input.judgmentStatus] : undefined;
  if (ended) {
    return outcome(
      "enforceability_period",
      "fail",
      [ended],
      ["Correct the judgment's status if it is wrong; otherwise no enforcement is possible."],
      [`judgment_${input.judgmentStatus}`],
    );
  }
  if (!rule) {
    return outcome(
      "enforceability_period",
      "review",
      ["Jurisdiction not found in the reference data; the enforceability period is unknown."],
      ["Confirm the jurisdiction code or have counsel state the enforcement period."],
      ["jurisdiction_unknown"],
    );
  }
  if (toDayNumber(today) < toDayNumber(dateEntered)) {
    return outcome(
      "enforceability_period",
      "review",
      [`date_entered ${dateEntered} is after today (${today}).`],
      ["Correct date_entered."],
    );
  }

  const stayDays =
    input.automaticStayDays === undefined
      ? rule.automatic_stay_days_after_entry
      : input.automaticStayDays;
  if (stayDays !== null && stayDays > 0) {
    let lastStayed = addDays(dateEntered, stayDays);
    if (rule.code === "FED") {
      while (dayOfWeek(lastStayed) === 0 || dayOfWeek(lastStayed) === 6)
        lastStayed = addDays(lastStayed, 1);
    }
    if (today <= lastStayed) {
      const from = addDays(lastStayed, 1);
      const basis = rule.code === "FED" ? "FRCP 62(a)" : `${rule.name} law`;
      return outcome(
        "enforceability_period",
        "fail",
        [
          `Enforcement is automatically stayed for ${stayDays} days after entry (${basis}), through ${lastStayed}.` +
            (rule.code === "FED" ? " Federal legal holidays are not counted here." : ""),
        ],
        [`wait until ${from}`],
      );
    }
  }

  let governing = rule;
  if (rule.code === "FED") {
    const forum = input.forumStateRule;
    if (!forum || forum.code === "FED") {
      return outcome(
        "enforceability_period",
        "review",
        [
          "Federal judgments follow the forum state's enforcement period (FRCP 69(a), 28 U.S.C. 1962); no forum state given.",
        ],
        ["Identify the forum (or registration) state so its judgment life applies."],
        ["enforceability_period_unknown"],
      );
    }
    governing = forum;
  }

  const life = governing.judgment_life_years;
  if (life === null) {
    return outcome(
      "enforceability_period",
      "review",
      [`${governing.name}: no judgment life found in the reference data.`],
      ["Counsel to confirm the enforcement period under local law."],
      ["enforceability_period_unknown"],
    );
  }
  const expires = addYears(dateEntered, life);
  const renewal = governing.renewal_notes ? ` Renewal: ${governing.renewal_notes}` : "";
  if (today > expires) {
    return outcome(
      "enforceability_period",
      "fail",
      [`${governing.name}: the ${life}-year enforcement period ran on ${expires}.${renewal}`],
      [
        "Record the renewal or revival of the judgment if one was obtained; otherwise it cannot be enforced.",
      ],
    );
  }
  const left = daysBetween(today, expires);
  if (left <= RENEWAL_WARNING_DAYS) {
    return outcome(
      "enforceability_period",
      "pass",
      [`${governing.name}: enforceable until ${expires}; ${left} days left.${renewal}`],
      [`Renew the judgment before ${expires}.`],
    );
  }
  return outcome("enforceability_period", "pass", [
    `${governing.name}: enforceable until ${expires}.`,
  ]);
}

const GATES: Record<GateName, (input: ValidationInput) => GateOutcome> = {
  authority: authorityGate,
  stay_appeal: stayAppealGate,
  bankruptcy: bankruptcyGate,
  consumer_commercial: consumerCommercialGate,
  required_documents: requiredDocumentsGate,
  enforceability_period: enforceabilityGate,
};

export function isGateName(name: string): name is GateName {
  return (GATE_NAMES as readonly string[]).includes(name);
}

/**
 * Runs the selected gates (all six when `checks` is absent or empty; `authority` always
 * runs). Gates come back in the canonical order. An unknown check name throws RangeError:
 * the API layer should reject it as a 400 first.
 */
export function validateJudgment(
  input: ValidationInput,
  checks?: readonly string[],
): ValidationResult {
  toDayNumber(input.dateEntered);
  toDayNumber(input.today);
  for (const c of checks ?? []) {
    if (!isGateName(c)) throw new RangeError(`unknown validation check '${c}'`);
  }
  const selected = new Set<GateName>(
    checks && checks.length > 0 ? (checks as GateName[]) : GATE_NAMES,
  );
  selected.add("authority");

  const outcomes = GATE_NAMES.filter((g) => selected.has(g)).map((g) => GATES[g](input));
  const gates = outcomes.map((o) => o.gate);
  const missing: string[] = gates.filter((g) => g.status === "fail").map((g) => g.gate);
  for (const o of outcomes) for (const m of o.missing) if (!missing.includes(m)) missing.push(m);

  return {
    enforcement_ready: gates.every((g) => g.status !== "fail"),
    review_required: gates.some((g) => g.status === "review"),
    missing_items: missing,
    gates,
  };
}
