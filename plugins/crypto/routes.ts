import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Crypto";

export const cryptoRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/crypto/asset-map",
    field: "buildCryptoAssetMap",
    args: { input: "body" },
    idempotent: true,
    summary: "Build and store an asset map of the wallets",
    tag,
  },
  {
    method: "POST",
    path: "/v1/crypto/transaction-timeline",
    field: "buildTransactionTimeline",
    args: { input: "body" },
    idempotent: true,
    summary: "Build and store the wallets' transaction timeline",
    tag,
  },
  {
    method: "POST",
    path: "/v1/crypto/exchange-hypotheses",
    field: "proposeExchangeHypotheses",
    args: { input: "body" },
    idempotent: true,
    summary: "Hypothesise and store the exchanges the wallets deal with",
    tag,
  },
  {
    method: "POST",
    path: "/v1/crypto/stablecoin-exposure",
    field: "assessStablecoinExposure",
    args: { input: "body" },
    idempotent: true,
    summary: "Assess and store the wallets' stablecoin exposure",
    tag,
  },
  {
    method: "GET",
    path: "/v1/crypto/asset-map/{map_id}",
    field: "cryptoAssetMap",
    args: { id: "path.map_id" },
    summary: "Retrieve an asset map",
    tag,
  },
];
