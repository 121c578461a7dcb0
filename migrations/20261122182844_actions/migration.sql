-- CreateTable
CREATE TABLE "actions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "campaign_id" TEXT,
    "linked_packet_id" TEXT,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "owner_id" TEXT,
    "priority" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3),
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "assignment_notes" TEXT,
    "assigned_at" TIMESTAMPTZ(3),
    "completion_notes" TEXT,
    "evidence_refs" JSONB NOT NULL DEFAULT '[]',
    "completed_at" TIMESTAMPTZ(3),
    "completed_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "actions_organization_id_environment_id_idx" ON "actions"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "actions_matter_id_id_idx" ON "actions"("matter_id", "id");

-- CreateIndex
CREATE INDEX "actions_campaign_id_id_idx" ON "actions"("campaign_id", "id");

-- CreateIndex
CREATE INDEX "actions_owner_id_id_idx" ON "actions"("owner_id", "id");

-- AddForeignKey
ALTER TABLE "actions" ADD CONSTRAINT "actions_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
