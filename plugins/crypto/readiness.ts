import type { RequestContext } from "../../src/context.js";
import { authorityStatus, type AuthorityStatus } from "../matters/service.js";
import type { Hop } from "./hypotheses.js";

/** What a packet to an exchange needs, as known about the matter when a hypothesis is made. */
export interface MatterFacts {
  authority: AuthorityStatus;
  /** `validated` when some judgment passed validation, `entered` when judgments exist but none did. */
  judgment: "validated" | "entered" | "none";
}

export interface ReadinessCheck {
  item: string;
  status: "present" | "missing" | "review";
  detail: string;
}

export interface PacketReadiness {
  ready: boolean;
  missing: string[];
  checks: ReadinessCheck[];
}

export async function matterFacts(ctx: RequestContext, matterId: string): Promise<MatterFacts> {
  const [grants, judgments] = await Promise.all([
    ctx.db.authorityGrant.findMany({
      where: { matterId },
      select: { status: true, effectiveAt: true, expiresAt: true },
    }),
    ctx.db.judgment.findMany({ where: { matterId }, select: { status: true } }),
  ]);
  const validated = judgments.some((j) =>
    ["validated", "satisfied", "partially_satisfied"].includes(j.status),
  );
  return {
    authority: authorityStatus(grants, new Date()),
    judgment: validated ? "validated" : judgments.length ? "entered" : "none",
  };
}

/**
 * What is still missing before a packet can go to the hypothesised exchange. `review` items do
 * not block readiness but must be done by a person before sending.
 */
export function packetReadiness(
  facts: MatterFacts,
  hop: Hop,
  hasSourceRefs: boolean,
): PacketReadiness {
  const checks: ReadinessCheck[] = [
    facts.authority === "granted"
      ? {
          item: "authority_grant",
          status: "present",
          detail: "Live authority grant.",
        }
      : {
          item: "authority_grant",
          status: "missing",
          detail: `Authority ${facts.authority}: grant authority first.`,
        },
    facts.judgment === "validated"
      ? {
          item: "judgment",
          status: "present",
          detail: "Validated judgment.",
        }
      : {
          item: "judgment",
          status: "missing",
          detail:
            facts.judgment === "entered" ? "Judgment not validated." : "No judgment on record.",
        },
    hasSourceRefs
      ? { item: "source_refs", status: "present", detail: "Wallet sources attached." }
      : {
          item: "source_refs",
          status: "missing",
          detail: "Attach sources tying the wallets to the debtor.",
        },
    hop === "direct"
      ? {
          item: "direct_link",
          status: "present",
          detail: "Direct transfer with a labelled wallet.",
        }
      : {
          item: "direct_link",
          status: "missing",
          detail: "One hop only: trace the intermediary first.",
        },
    {
      item: "label_confirmation",
      status: "review",
      detail: "Labels are 2023–2026 snapshots: confirm against a current source.",
    },
  ];
  const missing = checks.filter((c) => c.status === "missing").map((c) => c.item);
  return { ready: missing.length === 0, missing, checks };
}
