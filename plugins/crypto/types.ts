import { builder } from "../../src/schema/builder.js";
import { describedValues } from "../core/enum-values.js";
import { ReviewStateRef, reviewStateOf, SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import { parValue, type RemediationCandidate, type TokenExposureShape } from "./exposures.js";
import { NETWORKS } from "./networks.js";
import type { PacketReadiness, ReadinessCheck } from "./readiness.js";
import type { TimelineEvent } from "./timeline.js";
import type { WalletShape } from "./wallets.js";
import type { StoredEvidence } from "./records.js";

const rows = <T>(json: unknown): T[] => (Array.isArray(json) ? (json as T[]) : []);

export const CryptoNetworkEnum = builder.enumType("CryptoNetwork", {
  description: "A network the crypto stations read. EVM addresses may be read on any EVM network.",
  values: describedValues({
    ethereum: "Ethereum mainnet (EVM).",
    polygon: "Polygon PoS (EVM).",
    arbitrum: "Arbitrum One (EVM).",
    optimism: "OP Mainnet (EVM).",
    base: "Base (EVM).",
    bsc: "BNB Smart Chain (EVM).",
    avalanche: "Avalanche C-Chain (EVM).",
    bitcoin: "Bitcoin.",
    tron: "Tron.",
    solana: "Solana.",
  } satisfies Record<(typeof NETWORKS)[number], string>),
});

export const ChainDataSourceEnum = builder.enumType("ChainDataSource", {
  description: "Where chain data came from.",
  values: describedValues({
    synthetic:
      "Sandbox: synthetic, deterministic data derived from the address; no network was read.",
    json_rpc: "Live: read from the configured JSON-RPC node of the network.",
  }),
});

export const FreezeCapabilityEnum = builder.enumType("FreezeCapability", {
  description:
    "Whether the token's issuer can freeze a holder's balance, per data/stablecoins.json.",
  values: describedValues({
    issuer_can_freeze: "The issuer's contract has a freeze/blacklist control.",
    no_issuer_freeze: "No issuer-side freeze exists in the contract.",
    unconfirmed:
      "Not confirmed by the sources (bridged or pegged copies, SPL freeze authority, …).",
  }),
});

export const ExchangeHopEnum = builder.enumType("ExchangeHop", {
  description: "How the wallet reaches the exchange's labelled wallet.",
  values: describedValues({
    direct: "A transfer between the wallet and the labelled wallet (evidence tier 3).",
    one_hop: "Through one unlabelled intermediary (evidence tier 4; lower confidence).",
  }),
});

export const CryptoConfidenceLabelEnum = builder.enumType("CryptoConfidenceLabel", {
  description: "Confidence label of CONTRACT.md §13.",
  values: describedValues({
    confirmed: "≥ 0.90 with a tier-1 or tier-2 source.",
    strong: "≥ 0.75.",
    moderate: "≥ 0.50.",
    weak_signal: "Below 0.50.",
  }),
});

export const AssetMapWalletRef = builder.objectRef<WalletShape>("AssetMapWallet").implement({
  description: "A wallet of an asset map: a request wallet (`subject`) or one found around it.",
  fields: (t) => ({
    walletId: t.exposeString("walletId", {
      description: "Wallet id (`cwl_`), the same for the same address, network and matter.",
    }),
    address: t.exposeString("address", { description: "The address as given or as found." }),
    network: t.exposeString("network", {
      description:
        "Network read (a CryptoNetwork value), or the address family (xrp, other) when none applies.",
    }),
    role: t.exposeString("role", {
      description:
        "subject (a request wallet), exchange (a labelled exchange wallet it reaches) or intermediary (the hop to an exchange).",
    }),
    exchange: t.exposeString("exchange", {
      nullable: true,
      description: "For exchange wallets: the exchange.",
    }),
    label: t.exposeString("label", {
      nullable: true,
      description: "For exchange wallets: the label text.",
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Sources: the request's for subjects, label sources, or the chain data.",
      resolve: (w) => w.sourceRefs,
    }),
    confidence: t.exposeFloat("confidence", {
      description:
        "0–1: subjects from the request's source refs (0.45 unsupported); exchange wallets 0.65 (label, tier 3); intermediaries 0.80 (on-chain link, tier 2).",
    }),
  }),
});

export const TokenExposureRef = builder.objectRef<TokenExposureShape>("TokenExposure").implement({
  description: "A non-zero holding of one asset by one wallet on one network.",
  fields: (t) => ({
    asset: t.exposeString("asset", { description: "Asset symbol, e.g. ETH, USDT." }),
    network: t.exposeString("network", { description: "Network (a CryptoNetwork value)." }),
    wallet: t.exposeString("wallet", { description: "The holding wallet." }),
    contract: t.exposeString("contract", {
      nullable: true,
      description: "Token contract; null for the native asset.",
    }),
    amount: t.float({
      description: "Amount in the asset's units.",
      resolve: (e) => Number(e.amount),
    }),
    usdValue: t.exposeFloat("usdValue", {
      nullable: true,
      description:
        "USD value: stablecoins at 1.00 par; null where no price source exists (see valuation_note).",
    }),
    valuationNote: t.exposeString("valuationNote", {
      description: "How usd_value was found, or why it is null.",
    }),
  }),
});

const ReadinessCheckRef = builder.objectRef<ReadinessCheck>("PacketReadinessCheck").implement({
  description: "One item a packet to the exchange needs.",
  fields: (t) => ({
    item: t.exposeString("item", {
      description: "authority_grant, judgment, source_refs, direct_link or label_confirmation.",
    }),
    status: t.exposeString("status", {
      description: "present, missing (blocks) or review (a person must check).",
    }),
    detail: t.exposeString("detail", { description: "What is there or what to do." }),
  }),
});

export const PacketReadinessRef = builder.objectRef<PacketReadiness>("PacketReadiness").implement({
  description: "What is still missing before a packet can go to the exchange.",
  fields: (t) => ({
    ready: t.exposeBoolean("ready", {
      description: "True when nothing is missing (review items may remain).",
    }),
    missing: t.exposeStringList("missing", { description: "Items still missing." }),
    checks: t.field({
      type: [ReadinessCheckRef],
      description: "Every item checked.",
      resolve: (p) => p.checks,
    }),
  }),
});

const LinkEvidenceRef = builder.objectRef<StoredEvidence>("ExchangeLinkEvidence").implement({
  description: "One transfer behind an exchange hypothesis.",
  fields: (t) => ({
    hop: t.field({
      type: ExchangeHopEnum,
      description: "direct or one_hop.",
      resolve: (e) => e.hop,
    }),
    transactionHash: t.exposeString("transactionHash", {
      description: "The transfer's transaction.",
    }),
    direction: t.exposeString("direction", {
      description: "sent_to_exchange or received_from_exchange.",
    }),
    counterparty: t.exposeString("counterparty", { description: "The labelled exchange wallet." }),
    counterpartyLabel: t.exposeString("counterpartyLabel", {
      nullable: true,
      description: "Its label text.",
    }),
    via: t.exposeString("via", {
      nullable: true,
      description: "For one hop: the intermediary wallet.",
    }),
    asset: t.exposeString("asset", { description: "Asset moved." }),
    amount: t.float({ description: "Amount moved.", resolve: (e) => Number(e.amount) }),
    timestamp: t.expose("timestamp", { type: "DateTime", description: "When." }),
  }),
});

export const ExchangeHypothesisRef = builder.prismaNode("ExchangeHypothesis", {
  id: { field: "id", description: "Global id, the same as the `exh_` id." },
  description:
    "A stored hypothesis that a wallet deals with an exchange, with its basis and confidence.",
  fields: (t) => ({
    hypothesisId: t.exposeString("id", { description: "Hypothesis id (prefix `exh_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    assetMapId: t.exposeString("assetMapId", {
      nullable: true,
      description: "The asset map that made it, if any.",
    }),
    exchange: t.exposeString("exchange", { description: "The exchange hypothesised." }),
    wallet: t.exposeString("wallet", { description: "The request wallet." }),
    network: t.exposeString("network", { description: "Network of the link." }),
    hop: t.field({
      type: ExchangeHopEnum,
      description: "Closest link found.",
      resolve: (h) => h.hop as never,
    }),
    basis: t.field({
      type: [LinkEvidenceRef],
      description: "The transfers the hypothesis rests on, oldest first.",
      resolve: (h) => rows<StoredEvidence>(h.basis),
    }),
    confidence: t.exposeFloat("confidence", {
      description:
        "0–1: noisy-OR over distinct labelled wallets; direct tier 3 (0.65 each, ≤ 0.89), one hop tier 4 (0.45 each, ≤ 0.60).",
    }),
    evidenceTier: t.exposeString("evidenceTier", {
      description: "tier_3 (direct) or tier_4 (one hop).",
    }),
    label: t.field({
      type: CryptoConfidenceLabelEnum,
      description: "Confidence label.",
      resolve: (h) => h.label as never,
    }),
    packetReadiness: t.field({
      type: PacketReadinessRef,
      description: "What is missing before a packet can go to this exchange (as of creation).",
      resolve: (h) => h.packetReadiness as unknown as PacketReadiness,
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Label sources and chain data.",
      resolve: (h) => sourceRefsOf(h.sourceRefs),
    }),
    sourceType: t.field({
      type: ChainDataSourceEnum,
      description: "Chain data source.",
      resolve: (h) => h.sourceType as never,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

const RemediationCandidateRef = builder
  .objectRef<RemediationCandidate>("RemediationCandidate")
  .implement({
    description:
      "A remediation route for a stablecoin holding; the service prepares, never executes it.",
    fields: (t) => ({
      actionType: t.exposeString("actionType", {
        description: "freeze_only, burn_reissue, confirm_freeze_capability or legal_process.",
      }),
      counterparty: t.exposeString("counterparty", {
        nullable: true,
        description: "Who would act (the issuer).",
      }),
      function: t.exposeString("function", {
        nullable: true,
        description: "The contract function named by the data.",
      }),
      notes: t.exposeString("notes", { description: "What the route involves." }),
    }),
  });

export const StablecoinExposureRef = builder.prismaNode("StablecoinExposure", {
  id: { field: "id", description: "Global id, the same as the `sce_` id." },
  description: "A stored stablecoin holding with its issuer's freeze capability.",
  fields: (t) => ({
    exposureId: t.exposeString("id", { description: "Exposure id (prefix `sce_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    assetMapId: t.exposeString("assetMapId", {
      nullable: true,
      description: "The asset map that made it, if any.",
    }),
    issuer: t.exposeString("issuer", {
      description: "Issuer (or peg operator) of the deployment.",
    }),
    asset: t.exposeString("asset", { description: "Stablecoin symbol." }),
    network: t.exposeString("network", { description: "Network." }),
    wallet: t.exposeString("wallet", { description: "Holding wallet." }),
    contract: t.exposeString("contract", { description: "Token contract." }),
    amount: t.float({ description: "Amount held.", resolve: (e) => Number(e.amount) }),
    usdValue: t.float({
      nullable: true,
      description: "USD value at 1.00 par (null for yield-bearing tokens).",
      resolve: (e) => parValue(e.asset, e.amount.toString()),
    }),
    canFreeze: t.boolean({
      description: "True when the issuer can freeze (freeze_capability issuer_can_freeze).",
      resolve: (e) => e.freezeCapability === "issuer_can_freeze",
    }),
    freezeCapability: t.field({
      type: FreezeCapabilityEnum,
      description: "Freeze capability.",
      resolve: (e) => e.freezeCapability as never,
    }),
    freezeCapabilityNotes: t.exposeString("freezeCapabilityNotes", {
      description: "Freeze functions and caveats from the data.",
    }),
    remediationCandidates: t.field({
      type: [RemediationCandidateRef],
      description: "Remediation routes.",
      resolve: (e) => rows<RemediationCandidate>(e.remediationCandidates),
    }),
    reviewRequired: t.exposeBoolean("reviewRequired", {
      description: "True when the freeze capability is not confirmed by the sources.",
    }),
    sourceType: t.field({
      type: ChainDataSourceEnum,
      description: "Chain data source.",
      resolve: (e) => e.sourceType as never,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

export const CryptoAssetMapRef = builder.prismaNode("CryptoAssetMap", {
  id: { field: "id", description: "Global id, the same as the `cam_` id." },
  description:
    "A stored map of what the wallets hold, which exchanges they reach and their stablecoin exposure.",
  fields: (t) => ({
    mapId: t.exposeString("id", { description: "Asset map id (prefix `cam_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    chains: t.exposeStringList("chains", {
      description: "Networks read (requested, or each wallet's default).",
    }),
    wallets: t.field({
      type: [AssetMapWalletRef],
      description: "Wallets with role and sources.",
      resolve: (m) => rows<WalletShape>(m.wallets),
    }),
    tokenExposures: t.field({
      type: [TokenExposureRef],
      description: "Non-zero holdings with USD value where a price source exists.",
      resolve: (m) => rows<TokenExposureShape>(m.tokenExposures),
    }),
    exchangeHypotheses: t.relation("exchangeHypotheses", {
      description:
        "Exchange hypotheses, most confident first (empty when include_exchanges is false).",
      query: { orderBy: [{ confidence: "desc" }, { id: "asc" }] },
    }),
    stablecoinExposure: t.relation("stablecoinExposure", {
      description: "Stablecoin exposure (empty when include_stablecoins is false).",
      query: { orderBy: [{ id: "asc" }] },
    }),
    includeStablecoins: t.exposeBoolean("includeStablecoins", {
      description: "Whether stablecoin exposure was assessed.",
    }),
    includeExchanges: t.exposeBoolean("includeExchanges", {
      description: "Whether exchange hypotheses were made.",
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "The request's sources.",
      resolve: (m) => sourceRefsOf(m.sourceRefs),
    }),
    sourceType: t.field({
      type: ChainDataSourceEnum,
      description: "Chain data source.",
      resolve: (m) => m.sourceType as never,
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "review_required when a hypothesis is below strong or an exposure needs review.",
      resolve: (m) => reviewStateOf(m.reviewState),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

const TimelineEventRef = builder.objectRef<TimelineEvent>("TimelineEvent").implement({
  description: "One transfer in a timeline.",
  fields: (t) => ({
    transactionHash: t.exposeString("transactionHash", { description: "Transaction hash." }),
    network: t.exposeString("network", { description: "Network." }),
    logIndex: t.exposeInt("logIndex", { description: "Position in the block (log index)." }),
    blockNumber: t.exposeInt("blockNumber", {
      nullable: true,
      description: "Block number (null for synthetic sandbox data).",
    }),
    timestamp: t.expose("timestamp", { type: "DateTime", description: "Block time." }),
    fromAddress: t.exposeString("fromAddress", { description: "Sender." }),
    toAddress: t.exposeString("toAddress", { description: "Recipient." }),
    asset: t.exposeString("asset", { description: "Asset symbol." }),
    contract: t.exposeString("contract", {
      nullable: true,
      description: "Token contract; null for native.",
    }),
    amount: t.float({ description: "Amount.", resolve: (e) => Number(e.amount) }),
    fromLabel: t.exposeString("fromLabel", {
      nullable: true,
      description: "Exchange label of the sender, if known.",
    }),
    toLabel: t.exposeString("toLabel", {
      nullable: true,
      description: "Exchange label of the recipient, if known.",
    }),
    notes: t.exposeString("notes", {
      nullable: true,
      description: "Labelled counterparties in words.",
    }),
  }),
});

export const TransactionTimelineRef = builder.prismaNode("TransactionTimeline", {
  id: { field: "id", description: "Global id, the same as the `ttl_` id." },
  description: "A stored, ordered timeline of the wallets' transfers in a window.",
  fields: (t) => ({
    timelineId: t.exposeString("id", { description: "Timeline id (prefix `ttl_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter." }),
    wallets: t.exposeStringList("wallets", { description: "Request wallets." }),
    from: t.expose("fromTime", { type: "DateTime", description: "Window start (inclusive)." }),
    to: t.expose("toTime", { type: "DateTime", description: "Window end (inclusive)." }),
    events: t.field({
      type: [TimelineEventRef],
      description: "Transfers, oldest first.",
      resolve: (tl) => rows<TimelineEvent>(tl.events),
    }),
    coverageNotes: t.stringList({
      description:
        "What the source covers (live JSON-RPC sees token Transfer logs, not native transfers).",
      resolve: (tl) =>
        tl.sourceType === "json_rpc"
          ? [
              "ERC-20 Transfer logs of known token contracts only; native-coin transfers need an indexer and are not shown.",
            ]
          : ["Synthetic sandbox data, deterministic per address; not real chain activity."],
    }),
    sourceType: t.field({
      type: ChainDataSourceEnum,
      description: "Chain data source.",
      resolve: (tl) => tl.sourceType as never,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
  }),
});

export const ExchangeHypothesesPayloadRef = builder
  .objectRef<{ items: unknown[] }>("ExchangeHypothesesPayload")
  .implement({
    description: "Stored exchange hypotheses, most confident first.",
    fields: (t) => ({
      items: t.field({
        type: [ExchangeHypothesisRef],
        description: "The hypotheses.",
        resolve: (p) => p.items as never,
      }),
    }),
  });

export const StablecoinExposurePayloadRef = builder
  .objectRef<{ items: unknown[] }>("StablecoinExposurePayload")
  .implement({
    description: "Stored stablecoin exposures.",
    fields: (t) => ({
      items: t.field({
        type: [StablecoinExposureRef],
        description: "The exposures.",
        resolve: (p) => p.items as never,
      }),
    }),
  });
