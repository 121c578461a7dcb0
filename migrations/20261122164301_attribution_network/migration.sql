-- CreateTable
CREATE TABLE "wallets" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "normalized_address" TEXT NOT NULL,
    "role" TEXT,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "confidence" DOUBLE PRECISION NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribution_claims" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "predicate" TEXT NOT NULL,
    "object" TEXT NOT NULL,
    "source_type" TEXT NOT NULL,
    "evidence_tier" TEXT NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "basis" TEXT[],
    "corroboration" TEXT[],
    "contradictions" TEXT[],
    "confidence" DOUBLE PRECISION NOT NULL,
    "label" TEXT NOT NULL,
    "score_basis" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attribution_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribution_graphs" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "wallet_set_key" TEXT NOT NULL,
    "wallet_ids" TEXT[],
    "include_contradictions" BOOLEAN NOT NULL,
    "nodes" JSONB NOT NULL,
    "edges" JSONB NOT NULL,
    "claim_ids" TEXT[],
    "confidence_matrix" JSONB NOT NULL,
    "contradictions" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attribution_graphs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "network_signals" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "signal_type" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "wallet_address" TEXT,
    "legal_process_id" TEXT,
    "timestamp" TIMESTAMPTZ(3),
    "raw_value_redacted" TEXT,
    "privacy_restrictions" TEXT[],
    "confidence_level" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "network_signals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "wallets_organization_id_environment_normalized_address_idx" ON "wallets"("organization_id", "environment", "normalized_address");

-- CreateIndex
CREATE INDEX "wallets_matter_id_id_idx" ON "wallets"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "wallets_matter_id_network_normalized_address_key" ON "wallets"("matter_id", "network", "normalized_address");

-- CreateIndex
CREATE INDEX "attribution_claims_matter_id_id_idx" ON "attribution_claims"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "attribution_graphs_matter_id_wallet_set_key_key" ON "attribution_graphs"("matter_id", "wallet_set_key");

-- CreateIndex
CREATE INDEX "network_signals_matter_id_id_idx" ON "network_signals"("matter_id", "id");

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribution_claims" ADD CONSTRAINT "attribution_claims_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribution_graphs" ADD CONSTRAINT "attribution_graphs_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "network_signals" ADD CONSTRAINT "network_signals_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
