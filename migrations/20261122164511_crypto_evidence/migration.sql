-- CreateTable
CREATE TABLE "crypto_asset_maps" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "chains" TEXT[],
    "include_stablecoins" BOOLEAN NOT NULL,
    "include_exchanges" BOOLEAN NOT NULL,
    "wallets" JSONB NOT NULL,
    "token_exposures" JSONB NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "source_type" TEXT NOT NULL,
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crypto_asset_maps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_timelines" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "wallets" TEXT[],
    "from_time" TIMESTAMPTZ(3) NOT NULL,
    "to_time" TIMESTAMPTZ(3) NOT NULL,
    "events" JSONB NOT NULL,
    "source_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transaction_timelines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exchange_hypotheses" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "asset_map_id" TEXT,
    "exchange" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "hop" TEXT NOT NULL,
    "basis" JSONB NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "evidence_tier" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "packet_readiness" JSONB NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "source_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exchange_hypotheses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stablecoin_exposures" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "asset_map_id" TEXT,
    "issuer" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "contract" TEXT NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "freeze_capability" TEXT NOT NULL,
    "freeze_capability_notes" TEXT NOT NULL,
    "remediation_candidates" JSONB NOT NULL,
    "review_required" BOOLEAN NOT NULL,
    "source_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stablecoin_exposures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "crypto_asset_maps_organization_id_environment_id_idx" ON "crypto_asset_maps"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "crypto_asset_maps_matter_id_id_idx" ON "crypto_asset_maps"("matter_id", "id");

-- CreateIndex
CREATE INDEX "transaction_timelines_organization_id_environment_id_idx" ON "transaction_timelines"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "transaction_timelines_matter_id_id_idx" ON "transaction_timelines"("matter_id", "id");

-- CreateIndex
CREATE INDEX "exchange_hypotheses_organization_id_environment_id_idx" ON "exchange_hypotheses"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "exchange_hypotheses_matter_id_id_idx" ON "exchange_hypotheses"("matter_id", "id");

-- CreateIndex
CREATE INDEX "exchange_hypotheses_asset_map_id_idx" ON "exchange_hypotheses"("asset_map_id");

-- CreateIndex
CREATE INDEX "stablecoin_exposures_organization_id_environment_id_idx" ON "stablecoin_exposures"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "stablecoin_exposures_matter_id_id_idx" ON "stablecoin_exposures"("matter_id", "id");

-- CreateIndex
CREATE INDEX "stablecoin_exposures_asset_map_id_idx" ON "stablecoin_exposures"("asset_map_id");

-- AddForeignKey
ALTER TABLE "exchange_hypotheses" ADD CONSTRAINT "exchange_hypotheses_asset_map_id_fkey" FOREIGN KEY ("asset_map_id") REFERENCES "crypto_asset_maps"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stablecoin_exposures" ADD CONSTRAINT "stablecoin_exposures_asset_map_id_fkey" FOREIGN KEY ("asset_map_id") REFERENCES "crypto_asset_maps"("id") ON DELETE SET NULL ON UPDATE CASCADE;
