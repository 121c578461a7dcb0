/**
 * What other modules may use of crypto (ARCHITECTURE.md: small exported services): the networks,
 * the stablecoin reference data of the caller's environment, and the par valuation.
 */
export { freezeCapableExposures, parValue } from "./exposures.js";
export { addressKey, isNetwork, NETWORKS, type Network } from "./networks.js";
export { referenceFor } from "./providers/index.js";
export type { FreezeCapability, StablecoinDeployment } from "./reference.js";
export { CryptoNetworkEnum } from "./types.js";
