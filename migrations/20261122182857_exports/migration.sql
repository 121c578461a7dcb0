-- CreateTable
CREATE TABLE "exports" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "redaction_profile" TEXT NOT NULL,
    "claimant_id" TEXT,
    "status" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "audit_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_files" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "export_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "exports_organization_id_environment_id_idx" ON "exports"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "exports_matter_id_id_idx" ON "exports"("matter_id", "id");

-- CreateIndex
CREATE INDEX "exports_object_id_id_idx" ON "exports"("object_id", "id");

-- AddForeignKey
ALTER TABLE "exports" ADD CONSTRAINT "exports_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_id_fkey" FOREIGN KEY ("id") REFERENCES "exports"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
