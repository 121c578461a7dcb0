-- AlterTable
ALTER TABLE "operations" ADD COLUMN     "matter_id" TEXT;

-- CreateIndex
CREATE INDEX "operations_matter_id_id_idx" ON "operations"("matter_id", "id");

-- AddForeignKey
ALTER TABLE "operations" ADD CONSTRAINT "operations_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE SET NULL ON UPDATE CASCADE;
