import type { RequestContext } from "../../src/context.js";
import { ApiError, invalid, missing } from "../../src/errors.js";
import { normalizeAddress } from "../attribution/service.js";
import { checkText, checkWallets } from "../debtors/validate.js";
import { findMatter, isLiveGrant } from "../matters/service.js";
import type { Choice } from "./holdings.js";
import type { CreateFreezePacketInput } from "./inputs.js";
import { findCertificate } from "./queries.js";
import { type ActionType, PACKET_TYPE_OF } from "./values.js";

export type PacketInput = typeof CreateFreezePacketInput.$inferInput & {
  destinationWalletCertificateId?: string;
};

/** Body checks the types cannot express (CONTRACT.md §2: 400 before any lookup). Pure. */
function checkPacket(input: PacketInput, action: ActionType) {
  if (!input.wallets.length) throw invalid("wallets", "wallets must list at least one address.");
  checkWallets(input.wallets);
  const seen = new Map<string, number>();
  input.wallets.forEach((w, i) => {
    const key = normalizeAddress(w);
    if (seen.has(key))
      throw invalid(`wallets[${i}]`, `wallets[${i}] repeats wallets[${seen.get(key)}].`);
    seen.set(key, i);
  });
  checkText("authorized_sender", input.authorizedSender);
  if (input.asset !== null && input.asset !== undefined) checkText("asset", input.asset);
  const expected = PACKET_TYPE_OF[action];
  if (input.packetType && input.packetType !== expected)
    throw invalid("packet_type", `This endpoint prepares packet_type '${expected}'.`);
}

/** Lookups within reach (404), each naming its parameter; another matter's object is 400. */
async function lookUp(ctx: RequestContext, input: PacketInput) {
  const matter = await findMatter(ctx, input.matterId);
  const ofMatter = <T extends { matterId: string; id: string }>(row: T, param: string) => {
    if (row.matterId !== matter.id)
      throw invalid(param, `'${row.id}' belongs to another matter than '${matter.id}'.`);
    return row;
  };
  if (input.judgmentId) {
    const judgment = await ctx.db.judgment.findUnique({ where: { id: input.judgmentId } });
    if (!judgment)
      throw new ApiError("resource_missing", {
        param: "judgment_id",
        message: `No such judgment: '${input.judgmentId}'.`,
      });
    ofMatter(judgment, "judgment_id");
  }
  let grant = null;
  if (input.legalAuthorityId) {
    grant = await ctx.db.authorityGrant.findUnique({ where: { id: input.legalAuthorityId } });
    if (!grant)
      throw new ApiError("resource_missing", {
        param: "legal_authority_id",
        message: `No such authority grant: '${input.legalAuthorityId}'.`,
      });
    ofMatter(grant, "legal_authority_id");
  }
  let certificate = null;
  if (input.destinationWalletCertificateId) {
    const param = "destination_wallet_certificate_id";
    certificate = ofMatter(
      await findCertificate(ctx, input.destinationWalletCertificateId, param),
      param,
    );
    if (input.network && input.network !== certificate.network)
      throw invalid(
        "network",
        `network '${input.network}' differs from the certificate's network '${certificate.network}'.`,
      );
  }
  return { matter, grant, certificate };
}

type LookedUp = Awaited<ReturnType<typeof lookUp>>;

/**
 * Checks and lookups run once per field call: the authority gate's locator runs them (so 400
 * and 404 come before 403) and the resolver reuses the result (same args object).
 */
const prepared = new WeakMap<object, Promise<LookedUp>>();
export function prepare(args: { input: PacketInput }, ctx: RequestContext, action: ActionType) {
  let found = prepared.get(args);
  if (!found) {
    checkPacket(args.input, action);
    found = lookUp(ctx, args.input);
    prepared.set(args, found);
  }
  return found;
}

/** The grant the request relies on: the one named (it must be live) or the newest live one. */
export async function legalAuthority(
  ctx: RequestContext,
  matterId: string,
  named: LookedUp["grant"],
) {
  const now = new Date();
  if (named) {
    if (isLiveGrant(named, now)) return named.id;
    throw new ApiError("authority_required", {
      param: "legal_authority_id",
      message: `Authority grant '${named.id}' is not in effect; cite a live grant.`,
      details: { matter_id: matterId, authority_id: named.id },
    });
  }
  const grants = await ctx.db.authorityGrant.findMany({
    where: { matterId },
    orderBy: { id: "desc" },
  });
  // The authority gate passed, so a live grant exists.
  return grants.find((g) => isLiveGrant(g, now))!.id;
}

export function refuseChoice(choice: Exclude<Choice, { ok: true }>, input: PacketInput): never {
  if (choice.kind === "none")
    throw new ApiError("stablecoin_exposure_required", {
      param: "wallets",
      message: `No stablecoin exposure${input.asset ? ` to ${input.asset}` : ""}${
        input.network ? ` on ${input.network}` : ""
      } is on record for these wallets in this matter; assess it with POST /v1/crypto/stablecoin-exposure first.`,
      details: { matter_id: input.matterId },
    });
  if (choice.kind === "ambiguous")
    throw missing(
      choice.param,
      `The wallets hold several ${choice.param === "asset" ? "assets" : "networks"} (${choice.options.join(", ")}); name one in ${choice.param}.`,
    );
  throw invalid(
    `wallets[${choice.index}]`,
    `wallets[${choice.index}] holds no ${choice.asset} on ${choice.network} per the matter's stablecoin exposure.`,
  );
}
