-- AlterTable
ALTER TABLE "alert_triages" ADD COLUMN     "action_id" TEXT,
ADD COLUMN     "packet_id" TEXT;
