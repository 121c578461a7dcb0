import { ROLES } from "../../src/auth/scopes.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { findVisibleOrganization } from "./lookup.js";
import { UserRef } from "./types.js";
import { checkMatterIds } from "./validation.js";

const InviteUserInput = builder.inputType("InviteUserInput", {
  description: "A user invited into an organization.",
  fields: (t) => ({
    email: t.string({
      required: true,
      description: "Email address (unique within the organization).",
    }),
    roles: t.stringList({
      required: true,
      description: "admin, counsel, operator, analyst, viewer.",
    }),
    name: t.string({ description: "Full name." }),
    matterIds: t.stringList({ description: "Matters the user may see; empty means all." }),
  }),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function registerUserMutations() {
  builder.mutationField("inviteUser", (t) =>
    t.field({
      type: UserRef,
      description: "Invites a user with roles and matter permissions.",
      gate: { scope: "users:write" },
      args: {
        organizationId: t.arg.id({ required: true, description: "Organization id." }),
        input: t.arg({ type: InviteUserInput, required: true, description: "The request body." }),
      },
      resolve: async (_root, { organizationId, input }, ctx) => {
        await findVisibleOrganization(ctx, organizationId);
        if (!EMAIL.test(input.email)) throw invalid("email", "email must be an email address.");
        if (input.roles.length === 0) throw invalid("roles", "roles must name at least one role.");
        input.roles.forEach((r, i) => {
          if (!ROLES.includes(r))
            throw invalid(`roles[${i}]`, `Unknown role '${r}'. Known: ${ROLES.join(", ")}.`);
        });
        checkMatterIds(input.matterIds ?? []);
        const email = input.email.toLowerCase();
        const existing = await ctx.services.root.user.findUnique({
          where: { organizationId_email: { organizationId, email } },
        });
        if (existing)
          throw invalid(
            "email",
            `A user with email '${email}' already exists in this organization.`,
          );
        return write(ctx, async ({ tx, audit }) => {
          const user = await tx.user.create({
            data: {
              id: newId("user"),
              organizationId,
              email,
              name: input.name ?? null,
              roles: [...new Set(input.roles)],
              matterIds: [...new Set(input.matterIds ?? [])],
            },
          });
          await audit({
            eventType: "user.invited",
            objectType: "user",
            objectId: user.id,
            details: { organization_id: organizationId, roles: user.roles },
          });
          return user;
        });
      },
    }),
  );
}
