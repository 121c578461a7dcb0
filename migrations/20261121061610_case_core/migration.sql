-- CreateTable
CREATE TABLE "matters" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mode" TEXT,
    "status" TEXT NOT NULL,
    "lead_counsel" TEXT,
    "economics" JSONB NOT NULL DEFAULT '{}',
    "notes" TEXT,
    "retention_policy" TEXT,
    "close_reason" TEXT,
    "close_notes" TEXT,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "matters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "authority_grants" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "granted_by" TEXT NOT NULL,
    "scope" TEXT[],
    "effective_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "authority_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claimants" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "economics" JSONB NOT NULL DEFAULT '{}',
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "claimants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judgments" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "court" TEXT NOT NULL,
    "case_number" TEXT NOT NULL,
    "jurisdiction" TEXT NOT NULL,
    "creditor" TEXT NOT NULL,
    "debtor" TEXT NOT NULL,
    "amount" DECIMAL(38,8) NOT NULL,
    "currency" TEXT NOT NULL,
    "valuation_time" TIMESTAMPTZ(3),
    "date_entered" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "appeal_stay_status" TEXT NOT NULL DEFAULT 'none',
    "bankruptcy_status" TEXT NOT NULL DEFAULT 'none',
    "consumer_debt" BOOLEAN,
    "renewal_deadline" DATE,
    "enforcement_profile" TEXT,
    "pressure_level" INTEGER,
    "source_refs" JSONB NOT NULL DEFAULT '[]',
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "judgments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judgment_validations" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT NOT NULL,
    "checks" TEXT[],
    "enforcement_ready" BOOLEAN NOT NULL,
    "review_required" BOOLEAN NOT NULL,
    "missing_items" TEXT[],
    "gates" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judgment_validations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deadlines" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT,
    "type" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "owner" TEXT,
    "status" TEXT NOT NULL,
    "basis" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deadlines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enforcement_plans" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "judgment_id" TEXT NOT NULL,
    "profile" TEXT NOT NULL,
    "review_required" BOOLEAN NOT NULL,
    "body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enforcement_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "debtors" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "legal_name" TEXT NOT NULL,
    "aliases" TEXT[],
    "identifiers" JSONB NOT NULL DEFAULT '{}',
    "wallets" TEXT[],
    "linked_entities" JSONB NOT NULL DEFAULT '[]',
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "debtors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "debtor_graphs" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "matter_id" TEXT NOT NULL,
    "debtor_id" TEXT NOT NULL,
    "nodes" JSONB NOT NULL,
    "edges" JSONB NOT NULL,
    "claims" JSONB NOT NULL,
    "review_state" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "debtor_graphs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "matters_organization_id_environment_id_idx" ON "matters"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "authority_grants_matter_id_id_idx" ON "authority_grants"("matter_id", "id");

-- CreateIndex
CREATE INDEX "claimants_matter_id_id_idx" ON "claimants"("matter_id", "id");

-- CreateIndex
CREATE INDEX "judgments_organization_id_environment_id_idx" ON "judgments"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "judgments_matter_id_id_idx" ON "judgments"("matter_id", "id");

-- CreateIndex
CREATE INDEX "judgment_validations_judgment_id_id_idx" ON "judgment_validations"("judgment_id", "id");

-- CreateIndex
CREATE INDEX "deadlines_judgment_id_id_idx" ON "deadlines"("judgment_id", "id");

-- CreateIndex
CREATE INDEX "deadlines_matter_id_date_idx" ON "deadlines"("matter_id", "date");

-- CreateIndex
CREATE INDEX "enforcement_plans_judgment_id_id_idx" ON "enforcement_plans"("judgment_id", "id");

-- CreateIndex
CREATE INDEX "debtors_organization_id_environment_id_idx" ON "debtors"("organization_id", "environment", "id");

-- CreateIndex
CREATE INDEX "debtors_matter_id_id_idx" ON "debtors"("matter_id", "id");

-- CreateIndex
CREATE INDEX "debtor_graphs_debtor_id_id_idx" ON "debtor_graphs"("debtor_id", "id");

-- AddForeignKey
ALTER TABLE "authority_grants" ADD CONSTRAINT "authority_grants_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claimants" ADD CONSTRAINT "claimants_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judgments" ADD CONSTRAINT "judgments_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judgment_validations" ADD CONSTRAINT "judgment_validations_judgment_id_fkey" FOREIGN KEY ("judgment_id") REFERENCES "judgments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_judgment_id_fkey" FOREIGN KEY ("judgment_id") REFERENCES "judgments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enforcement_plans" ADD CONSTRAINT "enforcement_plans_judgment_id_fkey" FOREIGN KEY ("judgment_id") REFERENCES "judgments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "debtors" ADD CONSTRAINT "debtors_matter_id_fkey" FOREIGN KEY ("matter_id") REFERENCES "matters"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "debtor_graphs" ADD CONSTRAINT "debtor_graphs_debtor_id_fkey" FOREIGN KEY ("debtor_id") REFERENCES "debtors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
