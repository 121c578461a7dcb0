-- CreateTable
CREATE TABLE "campaigns" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "pressure_level" INTEGER NOT NULL,
    "target_set" JSONB NOT NULL,
    "focus_criteria" TEXT[],
    "focus_weights" JSONB NOT NULL DEFAULT '{}',
    "expansion_types" TEXT[],
    "max_leads" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_pressure_changes" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "from_level" INTEGER,
    "to_level" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "reason" TEXT,
    "counsel_approval_id" TEXT,
    "actor_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_pressure_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "campaigns_organization_id_environment_id_idx" ON "campaigns"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "campaigns_matter_id_id_idx" ON "campaigns"("matter_id", "id");

-- CreateIndex
CREATE INDEX "campaign_pressure_changes_campaign_id_id_idx" ON "campaign_pressure_changes"("campaign_id", "id");

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_judgment_id_fkey" FOREIGN KEY ("judgment_id") REFERENCES "judgments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_pressure_changes" ADD CONSTRAINT "campaign_pressure_changes_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
