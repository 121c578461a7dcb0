import type { RequestContext } from "../../../src/context.js";
import type { ExtraToken } from "../../../src/config.js";
import { isNetwork } from "../networks.js";
import { referenceData, type ReferenceData, type StablecoinDeployment } from "../reference.js";
import { EvmRpcProvider } from "./evm-rpc.js";
import { SandboxProvider } from "./sandbox.js";
import type { ChainProvider } from "./types.js";

export type { Balance, ChainProvider, Counterparty, TimeWindow, Transfer } from "./types.js";

const configured = (t: ExtraToken): StablecoinDeployment | null =>
  isNetwork(t.network)
    ? {
        symbol: t.symbol,
        issuer: t.issuer,
        network: t.network,
        contract: t.contract,
        decimals: t.decimals,
        freezeCapability: t.canFreeze ? "issuer_can_freeze" : "no_issuer_freeze",
        freezeNotes: "Configured token contract (MD_EXTRA_TOKENS); freeze facts not from data/.",
        freezeFunction: null,
        burnFunction: null,
        uncertain: true,
        source: "configuration: MD_EXTRA_TOKENS",
      }
    : null;

const sandbox = new SandboxProvider(referenceData());
const live = new WeakMap<object, { reference: ReferenceData; provider: EvmRpcProvider }>();

/** Reference data plus the configured extra tokens (live only: the sandbox uses data/ alone). */
export function referenceFor(ctx: RequestContext): ReferenceData {
  return ctx.principal.environment === "live" ? liveFor(ctx).reference : referenceData();
}

function liveFor(ctx: RequestContext) {
  const chains = ctx.services.config.chains;
  let entry = live.get(chains);
  if (!entry) {
    const reference = referenceData().withTokens(
      chains.extraTokens.map(configured).filter((t) => t !== null),
    );
    entry = { reference, provider: new EvmRpcProvider(reference, chains) };
    live.set(chains, entry);
  }
  return entry;
}

/** The provider of the caller's environment: synthetic for sandbox keys, JSON-RPC for live ones. */
export function providerFor(ctx: RequestContext): ChainProvider {
  return ctx.principal.environment === "live" ? liveFor(ctx).provider : sandbox;
}
