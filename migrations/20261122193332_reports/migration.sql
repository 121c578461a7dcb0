-- CreateTable
CREATE TABLE "reports" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "audience" TEXT,
    "include_sections" TEXT[],
    "claimant_id" TEXT,
    "redaction_profile" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "source_manifest" JSONB NOT NULL,
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "review_reasons" TEXT[],
    "created_request_id" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reports_organization_id_environment_id_idx" ON "reports"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "reports_matter_id_id_idx" ON "reports"("matter_id", "id");

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
