-- CreateTable
CREATE TABLE "destination_wallet_certificates" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "wallet_address" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "custodian" TEXT,
    "signer_model" TEXT NOT NULL,
    "allowed_assets" TEXT[],
    "sanctions_screen_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "destination_wallet_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "issuer_remediations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT,
    "action_type" TEXT NOT NULL,
    "packet_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "wallets" TEXT[],
    "authorized_sender" TEXT NOT NULL,
    "legal_authority_id" TEXT NOT NULL,
    "destination_wallet_certificate_id" TEXT,
    "request" JSONB NOT NULL,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "status_history" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "issuer_remediations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "destination_wallet_certificates_organization_id_environment_idx" ON "destination_wallet_certificates"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "destination_wallet_certificates_matter_id_id_idx" ON "destination_wallet_certificates"("matter_id", "id");

-- CreateIndex
CREATE INDEX "destination_wallet_certificates_sanctions_screen_id_idx" ON "destination_wallet_certificates"("sanctions_screen_id");

-- CreateIndex
CREATE INDEX "issuer_remediations_organization_id_environment_id_idx" ON "issuer_remediations"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "issuer_remediations_matter_id_id_idx" ON "issuer_remediations"("matter_id", "id");

-- CreateIndex
CREATE INDEX "issuer_remediations_destination_wallet_certificate_id_idx" ON "issuer_remediations"("destination_wallet_certificate_id");

-- AddForeignKey
ALTER TABLE "destination_wallet_certificates" ADD CONSTRAINT "destination_wallet_certificates_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "destination_wallet_certificates" ADD CONSTRAINT "destination_wallet_certificates_sanctions_screen_id_fkey" FOREIGN KEY ("sanctions_screen_id") REFERENCES "sanctions_screens"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issuer_remediations" ADD CONSTRAINT "issuer_remediations_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issuer_remediations" ADD CONSTRAINT "issuer_remediations_destination_wallet_certificate_id_fkey" FOREIGN KEY ("destination_wallet_certificate_id") REFERENCES "destination_wallet_certificates"("id") ON DELETE SET NULL ON UPDATE CASCADE;
