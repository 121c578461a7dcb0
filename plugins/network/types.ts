import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { LEVELS } from "./levels.js";

export const NetworkLevelEnum = builder.enumType("NetworkConfidenceLevel", {
  description: "Levels of a network attribution signal (CONTRACT.md §13).",
  values: describedValues({
    L0: "Unverified.",
    L1: "Obtained through legal process; the most a network signal alone can reach.",
    L2: "Legal process plus one independent non-network link.",
    L3: "Legal process plus two or more independent non-network links.",
  } satisfies Record<(typeof LEVELS)[number], string>),
});

export const NetworkSignalRef = builder.prismaNode("NetworkSignal", {
  id: { field: "id", description: "Global id, the same as the `nas_` id." },
  description:
    "SPEC.md's NetworkAttributionSignal: an IP or provider signal tied to a matter. Never standalone proof.",
  fields: (t) => ({
    networkAttributionId: t.exposeString("id", { description: "Signal id (prefix `nas_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    walletAddress: t.exposeString("walletAddress", {
      nullable: true,
      description: "The wallet the signal is about.",
    }),
    signalType: t.exposeString("signalType", { description: "e.g. exchange_login_ip." }),
    source: t.exposeString("source", { description: "Who provided the signal." }),
    legalProcessId: t.exposeString("legalProcessId", {
      nullable: true,
      description: "The legal process the signal came through.",
    }),
    confidenceLevel: t.field({
      type: NetworkLevelEnum,
      description:
        "The signal's own level: L1 with legal process, else L0. Correlation can raise it with non-network links.",
      resolve: (s) => s.confidenceLevel as never,
    }),
    timestamp: t.expose("timestamp", {
      type: "DateTime",
      nullable: true,
      description: "When the signal was observed.",
    }),
    rawValueRedacted: t.exposeString("rawValueRedacted", {
      nullable: true,
      description: "The raw value in redacted form; a full IPv4 or IPv6 address is never stored.",
    }),
    privacyRestrictions: t.exposeStringList("privacyRestrictions", {
      description: "Restrictions on use and disclosure.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

export interface CorrelationShape {
  subject: string;
  walletId: string;
  signalId: string;
  confidenceLevel: string;
  explanation: string;
  nonNetworkLinks: string[];
  reviewRequired: true;
}

export const CorrelationRef = builder.objectRef<CorrelationShape>("NetworkCorrelation").implement({
  description: "A signal matched to a wallet. Always needs review; never standalone proof.",
  fields: (t) => ({
    subject: t.exposeString("subject", { description: "The wallet address the signal is about." }),
    walletId: t.exposeString("walletId", { description: "The matching wallet." }),
    signalId: t.exposeString("signalId", { description: "The signal." }),
    confidenceLevel: t.field({
      type: NetworkLevelEnum,
      description: "Level with the wallet's independent non-network links counted.",
      resolve: (c) => c.confidenceLevel as never,
    }),
    explanation: t.exposeString("explanation", { description: "Why this level." }),
    nonNetworkLinks: t.exposeStringList("nonNetworkLinks", {
      description: "Attribution claims (acl_) about the wallet resting on non-network evidence.",
    }),
    reviewRequired: t.boolean({ description: "Always true.", resolve: () => true }),
  }),
});

export interface CorrelationResultShape {
  matterId: string;
  correlations: CorrelationShape[];
}

export const CorrelationResultRef = builder
  .objectRef<CorrelationResultShape>("NetworkCorrelationResult")
  .implement({
    description: "Signals matched to wallets of a matter (computed on request, audited).",
    fields: (t) => ({
      matterId: t.exposeString("matterId", { description: "The matter." }),
      correlations: t.field({
        type: [CorrelationRef],
        description: "One per signal and wallet with the same address.",
        resolve: (r) => r.correlations,
      }),
    }),
  });
