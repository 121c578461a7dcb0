-- AlterTable
ALTER TABLE "events" ADD COLUMN     "matter_id" TEXT;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "matter_id" TEXT;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "matter_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "events_organization_id_environment_matter_id_id_idx" ON "events"("organization_id", "environment", "matter_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_matter_id_id_idx" ON "webhook_deliveries"("endpoint_id", "matter_id", "id");

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill: events emitted so far name their matter in data.matter_id (only matters of the
-- event's own tenant count); deliveries copy their event's matter.
UPDATE "events" AS e SET "matter_id" = m."id"
FROM "matters" AS m
WHERE m."id" = e."data"->>'matter_id'
  AND m."organization_id" = e."organization_id"
  AND m."environment" = e."environment";

UPDATE "webhook_deliveries" AS d SET "matter_id" = e."matter_id"
FROM "events" AS e
WHERE e."id" = d."event_id" AND e."matter_id" IS NOT NULL;
