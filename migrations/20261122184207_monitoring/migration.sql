-- CreateTable
CREATE TABLE "alert_triages" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "alert_id" TEXT NOT NULL,
    "from_status" TEXT NOT NULL,
    "to_status" TEXT NOT NULL,
    "notes" TEXT,
    "actor_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_triages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "watchlists" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "chains" TEXT[],
    "thresholds" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "watchlists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "watchlist_addresses" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "watchlist_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "address_key" TEXT NOT NULL,
    "family" TEXT NOT NULL,
    "networks" TEXT[],
    "reason" TEXT NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "movement_cursors" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watchlist_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_jobs" (
    "name" TEXT NOT NULL,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "last_started_at" TIMESTAMPTZ(3),
    "last_finished_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "last_result" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "scheduled_jobs_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "alert_triages_alert_id_id_idx" ON "alert_triages"("alert_id", "id");

-- CreateIndex
CREATE INDEX "alert_triages_organization_id_environment_id_idx" ON "alert_triages"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "watchlists_organization_id_environment_id_idx" ON "watchlists"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "watchlists_matter_id_id_idx" ON "watchlists"("matter_id", "id");

-- CreateIndex
CREATE INDEX "watchlist_addresses_organization_id_environment_id_idx" ON "watchlist_addresses"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "watchlist_addresses_matter_id_idx" ON "watchlist_addresses"("matter_id");

-- CreateIndex
CREATE UNIQUE INDEX "watchlist_addresses_watchlist_id_address_key_key" ON "watchlist_addresses"("watchlist_id", "address_key");

-- AddForeignKey
ALTER TABLE "alert_triages" ADD CONSTRAINT "alert_triages_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watchlist_addresses" ADD CONSTRAINT "watchlist_addresses_watchlist_id_fkey" FOREIGN KEY ("watchlist_id") REFERENCES "watchlists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
