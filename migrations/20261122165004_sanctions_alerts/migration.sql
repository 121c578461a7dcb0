-- AlterTable
ALTER TABLE "deadlines" ADD COLUMN     "ofac_report_id" TEXT;

-- CreateTable
CREATE TABLE "sanctions_screens" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "wallets" TEXT[],
    "entities" TEXT[],
    "counterparties" TEXT[],
    "matches" JSONB NOT NULL DEFAULT '[]',
    "required_actions" TEXT[],
    "list_issue_date" TEXT NOT NULL,
    "list_source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sanctions_screens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sanctions_reviews" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "screen_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "notes" TEXT,
    "blocked_property_analysis" TEXT NOT NULL,
    "ofac_report_required" BOOLEAN NOT NULL DEFAULT false,
    "decision" TEXT,
    "decision_notes" TEXT,
    "counsel_owner" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sanctions_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ofac_reports" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "review_id" TEXT NOT NULL,
    "report_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "counsel_owner" TEXT NOT NULL,
    "submitted_by" TEXT,
    "submitted_at" TIMESTAMPTZ(3),
    "acknowledged_at" TIMESTAMPTZ(3),
    "due_date" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ofac_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sanctions_screens_organization_id_environment_id_idx" ON "sanctions_screens"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "sanctions_screens_matter_id_id_idx" ON "sanctions_screens"("matter_id", "id");

-- CreateIndex
CREATE INDEX "sanctions_reviews_organization_id_environment_id_idx" ON "sanctions_reviews"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "sanctions_reviews_matter_id_id_idx" ON "sanctions_reviews"("matter_id", "id");

-- CreateIndex
CREATE INDEX "sanctions_reviews_screen_id_idx" ON "sanctions_reviews"("screen_id");

-- CreateIndex
CREATE INDEX "ofac_reports_organization_id_environment_id_idx" ON "ofac_reports"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "ofac_reports_matter_id_id_idx" ON "ofac_reports"("matter_id", "id");

-- CreateIndex
CREATE INDEX "ofac_reports_review_id_idx" ON "ofac_reports"("review_id");

-- CreateIndex
CREATE INDEX "alerts_organization_id_environment_id_idx" ON "alerts"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "alerts_matter_id_id_idx" ON "alerts"("matter_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "alerts_organization_id_environment_matter_id_type_target_key" ON "alerts"("organization_id", "environment", "matter_id", "type", "target");

-- CreateIndex
CREATE INDEX "deadlines_ofac_report_id_idx" ON "deadlines"("ofac_report_id");

-- AddForeignKey
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_ofac_report_id_fkey" FOREIGN KEY ("ofac_report_id") REFERENCES "ofac_reports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sanctions_screens" ADD CONSTRAINT "sanctions_screens_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sanctions_reviews" ADD CONSTRAINT "sanctions_reviews_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sanctions_reviews" ADD CONSTRAINT "sanctions_reviews_screen_id_fkey" FOREIGN KEY ("screen_id") REFERENCES "sanctions_screens"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ofac_reports" ADD CONSTRAINT "ofac_reports_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ofac_reports" ADD CONSTRAINT "ofac_reports_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "sanctions_reviews"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
