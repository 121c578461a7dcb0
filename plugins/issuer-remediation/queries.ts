import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { builder } from "../../src/schema/builder.js";
import { CertificateRef } from "./certificate-types.js";
import { RemediationRef } from "./types.js";
import { childPage, matterChildList } from "../../src/schema/child-pages.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";

const absent = (what: string, id: string, param?: string) =>
  new ApiError("resource_missing", {
    message: `No such ${what}: '${id}'.`,
    ...(param ? { param } : {}),
  });

export async function findRemediation(ctx: RequestContext, id: string) {
  const found = await ctx.db.issuerRemediation.findUnique({ where: { id } });
  if (!found) throw absent("issuer remediation", id);
  return found;
}

export async function findCertificate(ctx: RequestContext, id: string, param?: string) {
  const found = await ctx.db.destinationWalletCertificate.findUnique({ where: { id } });
  if (!found) throw absent("destination wallet certificate", id, param);
  return found;
}

export function registerRemediationQueries() {
  builder.queryField("issuerRemediation", (t) =>
    t.field({
      type: RemediationRef,
      description: "One issuer remediation (GET /v1/issuer-remediation/{remediation_id}).",
      gate: { scope: "issuer:read" },
      args: { id: t.arg.id({ required: true, description: "Remediation id (irm_…)." }) },
      resolve: (_root, { id }, ctx) => findRemediation(ctx, id),
    }),
  );
  // GraphQL only: REST has no certificate read (the route table serves documented routes only).
  builder.queryField("destinationWalletCertificate", (t) =>
    t.field({
      type: CertificateRef,
      description:
        "One destination wallet certificate with its approval as of now (GraphQL only; REST shows it inside the remediation that uses it).",
      gate: { scope: "issuer:read" },
      args: { id: t.arg.id({ required: true, description: "Certificate id (dwc_…)." }) },
      resolve: (_root, { id }, ctx) => findCertificate(ctx, id),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "issuerRemediations", (t) =>
    t.field({
      type: connectionOf(RemediationRef, "IssuerRemediation"),
      description: "The matter's issuer freeze and burn-reissue requests, newest first.",
      gate: { scope: "issuer:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList("issuerRemediations", "IssuerRemediation", "issuer_remediations", (q) =>
            ctx.db.issuerRemediation.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "destinationWalletCertificates", (t) =>
    t.field({
      type: connectionOf(CertificateRef, "DestinationWalletCertificate"),
      description: "The matter's destination wallet certificates, newest first.",
      gate: { scope: "issuer:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          matterChildList(
            "destinationWalletCertificates",
            "DestinationWalletCertificate",
            "destination_wallet_certificates",
            (q) => ctx.db.destinationWalletCertificate.findMany(q),
          ),
          m.id,
          args,
        ),
    }),
  );
}
