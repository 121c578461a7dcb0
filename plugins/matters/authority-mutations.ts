import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { findGrant } from "./authority-queries.js";
import { AuthorityGrantRef } from "./authority-types.js";
import { GrantAuthorityInput, RevokeAuthorityInput } from "./inputs.js";
import { grantsByMatter } from "./loaders.js";
import { assertMatterWritable, assertOpen, findMatter } from "./service.js";

const alreadyRevoked = () =>
  new ApiError("invalid_state_transition", {
    message: "The authority grant is already revoked.",
    details: { from: "revoked", to: "revoked", allowed: [] },
  });

export function registerAuthorityMutations() {
  builder.mutationField("grantAuthority", (t) =>
    t.field({
      type: AuthorityGrantRef,
      description: "Records an authority grant on a matter; emits `authority.granted`.",
      gate: { scope: "authority:write" },
      args: {
        matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        input: t.arg({ type: GrantAuthorityInput, required: true, description: "The grant." }),
      },
      resolve: async (_root, { matterId, input }, ctx) => {
        if (!input.grantedBy.trim()) throw invalid("granted_by", "granted_by must not be empty.");
        if (input.sourceRefs.length === 0)
          throw invalid("source_refs", "source_refs must hold at least one source reference.");
        const effectiveAt = input.effectiveAt ?? new Date();
        if (input.expiresAt && input.expiresAt.getTime() <= effectiveAt.getTime()) {
          throw invalid("expires_at", "expires_at must be after effective_at.");
        }
        await assertMatterWritable(ctx, matterId);
        const grant = await write(ctx, async ({ tx, audit, emit }) => {
          const created = await tx.authorityGrant.create({
            data: {
              id: newId("authority"),
              matterId,
              basis: input.basis,
              status: "granted",
              grantedBy: input.grantedBy,
              scope: [...new Set(input.scope ?? [])],
              effectiveAt,
              expiresAt: input.expiresAt ?? null,
              sourceRefs: input.sourceRefs as object[],
            } as never,
          });
          const data = { matter_id: matterId, authority_id: created.id, basis: created.basis };
          await audit({
            eventType: "authority.granted",
            objectType: "authority_grant",
            objectId: created.id,
            matterId,
            details: data,
          });
          await emit("authority.granted", {
            ...data,
            effective_at: effectiveAt.toISOString(),
            expires_at: created.expiresAt?.toISOString() ?? null,
          });
          return created;
        });
        grantsByMatter(ctx).clear(matterId);
        return grant;
      },
    }),
  );

  builder.mutationField("revokeAuthority", (t) =>
    t.field({
      type: AuthorityGrantRef,
      description:
        "Revokes an authority grant; emits `authority.revoked`. Revoking twice is refused.",
      gate: { scope: "authority:write" },
      args: {
        matterId: t.arg.id({ required: true, description: "Matter id (mat_…)." }),
        authorityId: t.arg.id({ required: true, description: "Authority grant id (auth_…)." }),
        input: t.arg({ type: RevokeAuthorityInput, description: "Why the grant is revoked." }),
      },
      resolve: async (_root, { matterId, authorityId, input }, ctx) => {
        const matter = await findMatter(ctx, matterId);
        const current = await findGrant(ctx, matterId, authorityId);
        assertOpen(matter);
        if (current.status === "revoked") throw alreadyRevoked();
        const reason = input?.reason ?? null;
        const grant = await write(ctx, async ({ tx, audit, emit }) => {
          // Conditional update: of two concurrent revokes only one wins and emits the event.
          const moved = await tx.authorityGrant.updateMany({
            where: { id: authorityId, status: "granted" },
            data: { status: "revoked", revokedAt: new Date(), revokeReason: reason },
          });
          if (moved.count !== 1) throw alreadyRevoked();
          const data = { matter_id: matterId, authority_id: authorityId, reason };
          await audit({
            eventType: "authority.revoked",
            objectType: "authority_grant",
            objectId: authorityId,
            matterId,
            details: data,
          });
          await emit("authority.revoked", data);
          return tx.authorityGrant.findUniqueOrThrow({ where: { id: authorityId } });
        });
        grantsByMatter(ctx).clear(matterId);
        return grant;
      },
    }),
  );
}
