import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkAddressOn } from "../attribution/service.js";
import { checkText } from "../debtors/validate.js";
import { assertOpen, findMatter } from "../matters/service.js";
import { recordScreen } from "../sanctions/service.js";
import { CreateCertificateInput } from "./inputs.js";
import { CertificateRef } from "./certificate-types.js";

type CertificateInput = typeof CreateCertificateInput.$inferInput;

const MAX_ASSETS = 50;
const SYMBOL = /^[A-Za-z0-9][A-Za-z0-9.]{0,31}$/;

/** Body checks (CONTRACT.md §2: 400 before any lookup). Pure. */
function checkCertificate(input: CertificateInput) {
  const address = checkAddressOn(input.walletAddress, input.network);
  if (!address.ok)
    throw invalid(
      "wallet_address",
      `wallet_address is not a valid ${input.network} address: ${address.reason}.`,
    );
  checkText("purpose", input.purpose);
  checkText("owner", input.owner);
  checkText("signer_model", input.signerModel);
  if (input.custodian !== null && input.custodian !== undefined)
    checkText("custodian", input.custodian);
  if (!input.allowedAssets.length)
    throw invalid("allowed_assets", "allowed_assets must name at least one asset.");
  if (input.allowedAssets.length > MAX_ASSETS)
    throw invalid("allowed_assets", `allowed_assets holds at most ${MAX_ASSETS} symbols.`);
  input.allowedAssets.forEach((a, i) => {
    if (!SYMBOL.test(a))
      throw invalid(
        `allowed_assets[${i}]`,
        `allowed_assets[${i}] is not a token symbol (letters, digits and dots, e.g. USDT).`,
      );
  });
}

async function createCertificate(ctx: RequestContext, input: CertificateInput) {
  const matter = await findMatter(ctx, input.matterId);
  assertOpen(matter);
  return write(ctx, async (rec) => {
    const id = newId("destinationWalletCertificate");
    const screen = await recordScreen(
      ctx,
      rec,
      matter.id,
      {
        wallets: [input.walletAddress],
        entities: [input.owner],
        counterparties: input.custodian ? [input.custodian] : [],
      },
      { destination_wallet_certificate_id: id },
    );
    const created = await rec.tx.destinationWalletCertificate.create({
      data: {
        id,
        matterId: matter.id,
        walletAddress: input.walletAddress,
        network: input.network,
        purpose: input.purpose,
        owner: input.owner,
        custodian: input.custodian ?? null,
        signerModel: input.signerModel,
        allowedAssets: input.allowedAssets,
        sanctionsScreenId: screen.id,
        createdAt: new Date(),
      } as never,
    });
    await rec.audit({
      eventType: "destination_wallet_certificate.created",
      objectType: "destination_wallet_certificate",
      objectId: id,
      matterId: matter.id,
      details: {
        wallet_address: input.walletAddress,
        network: input.network,
        sanctions_screen_id: screen.id,
        sanctions_screen_status: screen.status,
      },
    });
    return created;
  });
}

export function registerCertificateMutation() {
  builder.mutationField("createDestinationWalletCertificate", (t) =>
    t.field({
      type: CertificateRef,
      description:
        "Certifies a destination wallet for reissued tokens (POST /v1/issuer-remediation/destination-wallet-certificate). The address is checked for its network, and the wallet, owner (as an entity) and custodian (as a counterparty) are screened against the OFAC SDN list in the same transaction, as a stored screen of the matter (with its alerts on hits), so `sanctions_screen_complete` is true. There is no approve endpoint: approval_status is derived from that screen whenever the certificate is read or used: clear → approved; a listed wallet address → rejected; name hits → pending_review until a sanctions review of the screen (POST /v1/sanctions/review-packet with its sanctions_screen_id) is cleared (→ approved) or blocked (→ rejected).",
      gate: {
        scope: "issuer:write",
        authority: async (args, ctx) => {
          checkCertificate(args.input);
          return (await findMatter(ctx, args.input.matterId)).id;
        },
      },
      extensions: { errors: ["matter_closed"] },
      args: {
        input: t.arg({
          type: CreateCertificateInput,
          required: true,
          description: "The wallet to certify.",
        }),
      },
      resolve: (_root, { input }, ctx) => createCertificate(ctx, input),
    }),
  );
}
