import type { PrismaClient } from "./db/client.js";
import { ApiError } from "./errors.js";
import { newId } from "./ids.js";
import { environmentOfSecret, generateSecret, hashSecret } from "./auth/secrets.js";
import { GENESIS_HASH, hashEvent } from "./audit/chain.js";

export interface BootstrapResult {
  organization_id: string;
  key_id: string;
  secret: string;
  environment: "sandbox" | "live";
}

/**
 * First key (CONTRACT.md §3): an empty database gets a provider_internal organization and an
 * admin key with scope `*`, using MD_BOOTSTRAP_SECRET when set, else a random secret.
 * Returns null when the database already has an organization.
 */
export async function bootstrapIfEmpty(
  root: PrismaClient,
  options: { secret?: string; organizationName?: string; evenIfNotEmpty?: boolean },
): Promise<BootstrapResult | null> {
  if (options.secret !== undefined && !environmentOfSecret(options.secret)) {
    throw new ApiError("parameter_invalid", {
      param: "MD_BOOTSTRAP_SECRET",
      message:
        "MD_BOOTSTRAP_SECRET must look like md_test_ or md_live_ followed by at least 32 base62 characters.",
    });
  }
  return root.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('bootstrap', 0))`;
    if (!options.evenIfNotEmpty && (await tx.organization.count()) > 0) return null;
    const secret = options.secret ?? generateSecret("sandbox");
    const environment = environmentOfSecret(secret)!;
    const organizationId = newId("organization");
    const keyId = newId("apiKey");
    await tx.organization.create({
      data: {
        id: organizationId,
        name: options.organizationName ?? "Bootstrap",
        type: "provider_internal",
        features: ["live_access"],
      },
    });
    await tx.apiKey.create({
      data: {
        id: keyId,
        organizationId,
        name: "bootstrap admin",
        environment,
        secretHash: hashSecret(secret),
        last4: secret.slice(-4),
        scopes: ["*"],
        matterIds: [],
      },
    });
    const fields = {
      id: newId("audit"),
      organizationId,
      environment,
      sequence: 1,
      // A brand-new organization: its chain starts here.
      matterId: null,
      eventType: "organization.bootstrapped",
      actorId: "system",
      objectType: "organization",
      objectId: organizationId,
      requestId: null,
      details: { key_id: keyId },
      timestamp: new Date(),
      prevHash: GENESIS_HASH,
    };
    await tx.auditEvent.create({ data: { ...fields, hash: hashEvent(fields) } });
    return { organization_id: organizationId, key_id: keyId, secret, environment };
  });
}
