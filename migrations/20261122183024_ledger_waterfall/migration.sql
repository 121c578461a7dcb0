-- CreateTable
CREATE TABLE "recovery_events" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT,
    "gross_amount" DECIMAL(38,18) NOT NULL,
    "usd_value" DECIMAL(20,2),
    "remitted_amount" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "source" TEXT,
    "packet_id" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "request_id" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recovery_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "remittance_events" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "usd_value" DECIMAL(20,2),
    "status" TEXT NOT NULL,
    "source_recovery_event_id" TEXT,
    "waterfall_id" TEXT,
    "claimant_id" TEXT,
    "request_id" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "remittance_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "waterfalls" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "recovery_event_ids" TEXT[],
    "gross_recovered" DECIMAL(20,2) NOT NULL,
    "provider_economics" DECIMAL(20,2) NOT NULL,
    "terms" JSONB NOT NULL,
    "breakdown" JSONB NOT NULL,
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waterfalls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recovery_events_organization_id_environment_id_idx" ON "recovery_events"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "recovery_events_matter_id_id_idx" ON "recovery_events"("matter_id", "id");

-- CreateIndex
CREATE INDEX "remittance_events_organization_id_environment_id_idx" ON "remittance_events"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "remittance_events_matter_id_id_idx" ON "remittance_events"("matter_id", "id");

-- CreateIndex
CREATE INDEX "remittance_events_source_recovery_event_id_idx" ON "remittance_events"("source_recovery_event_id");

-- CreateIndex
CREATE INDEX "remittance_events_waterfall_id_idx" ON "remittance_events"("waterfall_id");

-- CreateIndex
CREATE INDEX "waterfalls_organization_id_environment_id_idx" ON "waterfalls"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "waterfalls_matter_id_id_idx" ON "waterfalls"("matter_id", "id");

-- AddForeignKey
ALTER TABLE "recovery_events" ADD CONSTRAINT "recovery_events_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittance_events" ADD CONSTRAINT "remittance_events_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittance_events" ADD CONSTRAINT "remittance_events_source_recovery_event_id_fkey" FOREIGN KEY ("source_recovery_event_id") REFERENCES "recovery_events"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittance_events" ADD CONSTRAINT "remittance_events_waterfall_id_fkey" FOREIGN KEY ("waterfall_id") REFERENCES "waterfalls"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittance_events" ADD CONSTRAINT "remittance_events_claimant_id_fkey" FOREIGN KEY ("claimant_id") REFERENCES "claimants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waterfalls" ADD CONSTRAINT "waterfalls_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
