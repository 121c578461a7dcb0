import { builder } from "../../src/schema/builder.js";
import { CryptoNetworkEnum } from "../crypto/service.js";
import { ActionTypeEnum, RemediationStatusEnum, StepActionEnum } from "./enums.js";
import type { PreparedRequest, PreparedStep } from "./request.js";
import type { RemediationStatus } from "./values.js";

const PreparedStepRef = builder.objectRef<PreparedStep>("IssuerRequestStep").implement({
  description: "One call the issuer is asked to make on its own contract.",
  fields: (t) => ({
    step: t.exposeInt("step", { description: "Order of the step, from 1." }),
    action: t.field({
      type: StepActionEnum,
      description: "freeze, burn or reissue.",
      resolve: (s) => s.action,
    }),
    function: t.exposeString("function", {
      nullable: true,
      description:
        "The contract function as the issuer publishes it (data/stablecoins.json), e.g. `addBlackList(address _evilUser)`; null when the sources do not confirm it (and for the reissue, which follows the issuer's issuance procedure).",
    }),
    targetAddress: t.exposeString("targetAddress", {
      description: "The address the call is about (the destination for a reissue).",
    }),
    amount: t.float({
      description: "Token amount concerned.",
      resolve: (s) => Number(s.amount),
    }),
    description: t.exposeString("description", { description: "The step in words." }),
  }),
});

type Target = PreparedRequest["targets"][number];

const TargetRef = builder.objectRef<Target>("IssuerRequestTarget").implement({
  description: "A target address and the balance the matter's stablecoin exposure shows there.",
  fields: (t) => ({
    address: t.exposeString("wallet", { description: "Target wallet address." }),
    amount: t.float({ description: "Token amount held.", resolve: (h) => Number(h.amount) }),
    usdValue: t.exposeFloat("usdValue", {
      nullable: true,
      description: "USD value at 1.00 par (null for yield-bearing tokens).",
    }),
    exposureId: t.exposeString("exposureId", {
      description: "The stablecoin exposure (sce_…) the amount comes from.",
    }),
    sourceType: t.exposeString("sourceType", {
      description: "Chain data source of that exposure (synthetic in the sandbox).",
    }),
    observedAt: t.field({
      type: "DateTime",
      description: "When that exposure was assessed.",
      resolve: (h) => new Date(h.observedAt),
    }),
  }),
});

export const PreparedRequestRef = builder.objectRef<PreparedRequest>("IssuerRequest").implement({
  description:
    "The request prepared for the issuer: its contract, the functions to call, the targets and amounts. Nothing in it has been executed: the service never sends a transaction.",
  fields: (t) => ({
    issuer: t.exposeString("issuer", { description: "Issuer of the token deployment." }),
    asset: t.exposeString("asset", { description: "Token symbol." }),
    network: t.field({
      type: CryptoNetworkEnum,
      description: "Network of the deployment.",
      resolve: (r) => r.network as never,
    }),
    contractAddress: t.exposeString("contractAddress", {
      description: "The token contract on that network (data/stablecoins.json).",
    }),
    actionType: t.field({
      type: ActionTypeEnum,
      description: "freeze_only or burn_reissue.",
      resolve: (r) => r.actionType,
    }),
    steps: t.field({
      type: [PreparedStepRef],
      description: "The calls asked for, in order.",
      resolve: (r) => r.steps,
    }),
    targets: t.field({
      type: [TargetRef],
      description: "Target addresses with their amounts.",
      resolve: (r) => r.targets,
    }),
    totalAmount: t.float({
      description: "Sum of the target amounts.",
      resolve: (r) => Number(r.totalAmount),
    }),
    totalUsdValue: t.exposeFloat("totalUsdValue", {
      nullable: true,
      description: "USD value of the total at par (null for yield-bearing tokens).",
    }),
    destinationAddress: t.exposeString("destinationAddress", {
      nullable: true,
      description: "Where reissued tokens go (burn_reissue); null for a freeze.",
    }),
    functionsConfirmed: t.exposeBoolean("functionsConfirmed", {
      description:
        "True when every function named is confirmed by the cited sources; false when the issuer must apply a control the sources do not name.",
    }),
    freezeCapabilityNotes: t.exposeString("freezeCapabilityNotes", {
      description: "What the reference data says about the issuer's controls.",
    }),
    referenceSource: t.exposeString("referenceSource", {
      description: "Where the contract address and functions come from.",
    }),
    executedByService: t.exposeBoolean("executedByService", {
      description: "Always false: the service prepares; the issuer executes (CONTRACT.md §13).",
    }),
    statement: t.exposeString("statement", {
      description: "The prepare-only statement carried by every request.",
    }),
  }),
});

export interface StatusChange {
  from: RemediationStatus | null;
  to: RemediationStatus;
  notes: string | null;
  actorId: string;
  requestId: string;
  changedAt: string;
}

export const StatusChangeRef = builder
  .objectRef<StatusChange>("IssuerRemediationStatusChange")
  .implement({
    description: "One status change of a remediation, as recorded.",
    fields: (t) => ({
      from: t.field({
        type: RemediationStatusEnum,
        nullable: true,
        description: "Status before; null for the creation.",
        resolve: (c) => c.from,
      }),
      to: t.field({
        type: RemediationStatusEnum,
        description: "Status after.",
        resolve: (c) => c.to,
      }),
      notes: t.exposeString("notes", { nullable: true, description: "Notes given with the move." }),
      actorId: t.exposeString("actorId", { description: "Who moved it (user or key id)." }),
      requestId: t.exposeString("requestId", {
        description: "The request that moved it (its audit_ref).",
      }),
      changedAt: t.field({
        type: "DateTime",
        description: "When.",
        resolve: (c) => new Date(c.changedAt),
      }),
    }),
  });
