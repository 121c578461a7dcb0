-- CreateTable
CREATE TABLE "counterparties" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "normalized_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "counterparties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "relationships" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "counterparty_id" TEXT NOT NULL,
    "channel_type" TEXT NOT NULL,
    "usable_by_provider" BOOLEAN NOT NULL,
    "usable_by_counsel" BOOLEAN NOT NULL,
    "usable_by_law_enforcement" BOOLEAN NOT NULL,
    "authorized_submitter_required" BOOLEAN NOT NULL,
    "packet_types_supported" TEXT[],
    "risk_level" TEXT,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "relationships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_logs" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "relationship_id" TEXT NOT NULL,
    "packet_id" TEXT,
    "authorized_sender" TEXT NOT NULL,
    "contact_type" TEXT NOT NULL,
    "outcome" TEXT,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "packets" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT,
    "legal_authority_id" TEXT NOT NULL,
    "sanctions_review_id" TEXT,
    "relationship_id" TEXT,
    "type" TEXT NOT NULL,
    "packet_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "authorized_sender" TEXT NOT NULL,
    "wallets" TEXT[],
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "source_manifest" JSONB NOT NULL,
    "content" JSONB NOT NULL,
    "notes" TEXT,
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "review_reasons" TEXT[],
    "created_request_id" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "packets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "counterparties_organization_id_environment_id_idx" ON "counterparties"("organization_id", "environment", "id");

-- CreateIndex
CREATE UNIQUE INDEX "counterparties_organization_id_environment_type_normalized__key" ON "counterparties"("organization_id", "environment", "type", "normalized_name");

-- CreateIndex
CREATE INDEX "relationships_organization_id_environment_id_idx" ON "relationships"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "relationships_counterparty_id_id_idx" ON "relationships"("counterparty_id", "id");

-- CreateIndex
CREATE INDEX "contact_logs_organization_id_environment_id_idx" ON "contact_logs"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "contact_logs_relationship_id_id_idx" ON "contact_logs"("relationship_id", "id");

-- CreateIndex
CREATE INDEX "contact_logs_matter_id_id_idx" ON "contact_logs"("matter_id", "id");

-- CreateIndex
CREATE INDEX "contact_logs_packet_id_idx" ON "contact_logs"("packet_id");

-- CreateIndex
CREATE INDEX "packets_organization_id_environment_id_idx" ON "packets"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "packets_matter_id_id_idx" ON "packets"("matter_id", "id");

-- CreateIndex
CREATE INDEX "packets_relationship_id_id_idx" ON "packets"("relationship_id", "id");

-- CreateIndex
CREATE INDEX "packets_sanctions_review_id_idx" ON "packets"("sanctions_review_id");

-- AddForeignKey
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_counterparty_id_fkey" FOREIGN KEY ("counterparty_id") REFERENCES "counterparties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_logs" ADD CONSTRAINT "contact_logs_relationship_id_fkey" FOREIGN KEY ("relationship_id") REFERENCES "relationships"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_logs" ADD CONSTRAINT "contact_logs_packet_id_fkey" FOREIGN KEY ("packet_id") REFERENCES "packets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "packets" ADD CONSTRAINT "packets_relationship_id_fkey" FOREIGN KEY ("relationship_id") REFERENCES "relationships"("id") ON DELETE SET NULL ON UPDATE CASCADE;
