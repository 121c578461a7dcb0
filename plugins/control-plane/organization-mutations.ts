import { ApiError, invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { findVisibleOrganization } from "./lookup.js";
import { canChangeFeatures, isProviderInternal } from "./permissions.js";
import { OrganizationRef, OrganizationTypeEnum } from "./types.js";
import { checkFeatures } from "./validation.js";

const CreateOrganizationInput = builder.inputType("CreateOrganizationInput", {
  description: "A new tenant organization (provider_internal callers only).",
  fields: (t) => ({
    name: t.string({ required: true, description: "Display name." }),
    type: t.field({
      type: OrganizationTypeEnum,
      required: true,
      description: "Organization kind.",
    }),
    retentionPolicy: t.string({ description: "Data retention policy label." }),
    features: t.stringList({
      description: "Feature flags to enable (e.g. live_access after onboarding).",
    }),
  }),
});

const UpdateOrganizationInput = builder.inputType("UpdateOrganizationInput", {
  description: "Partial update. Only provider_internal callers may change features.",
  fields: (t) => ({
    name: t.string({ description: "Display name." }),
    retentionPolicy: t.string({ description: "Data retention policy label." }),
    features: t.stringList({ description: "The complete new set of feature flags." }),
  }),
});

export function registerOrganizationMutations() {
  builder.mutationField("createOrganization", (t) =>
    t.field({
      type: OrganizationRef,
      description:
        "Creates an organization. Only a provider_internal organization's key may do this.",
      gate: { scope: "org:write" },
      args: {
        input: t.arg({
          type: CreateOrganizationInput,
          required: true,
          description: "The request body.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        if (!isProviderInternal(ctx.principal)) {
          throw new ApiError("insufficient_scope", {
            message: "Only a provider_internal organization can create organizations.",
            details: {
              required_scope: "org:write",
              required_organization_type: "provider_internal",
            },
          });
        }
        if (!input.name.trim()) throw invalid("name", "name must not be empty.");
        checkFeatures(input.features ?? []);
        return write(ctx, async ({ tx, audit }) => {
          const org = await tx.organization.create({
            data: {
              id: newId("organization"),
              name: input.name,
              type: input.type,
              retentionPolicy: input.retentionPolicy ?? null,
              features: [...new Set(input.features ?? [])],
              parentOrganizationId: ctx.principal.organizationId,
            },
          });
          await audit({
            eventType: "organization.created",
            objectType: "organization",
            objectId: org.id,
            details: { name: org.name, type: org.type },
          });
          return org;
        });
      },
    }),
  );

  builder.mutationField("updateOrganization", (t) =>
    t.field({
      type: OrganizationRef,
      description:
        "Updates an organization's name, retention policy or (provider_internal only) features.",
      gate: { scope: "org:write" },
      args: {
        id: t.arg.id({ required: true, description: "Organization id." }),
        input: t.arg({
          type: UpdateOrganizationInput,
          required: true,
          description: "The request body.",
        }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        await findVisibleOrganization(ctx, id);
        if (input.features !== undefined && input.features !== null) {
          if (!canChangeFeatures(ctx.principal)) {
            throw new ApiError("insufficient_scope", {
              param: "features",
              message: "Only a provider_internal organization can change features.",
              details: {
                required_scope: "org:write",
                required_organization_type: "provider_internal",
              },
            });
          }
          checkFeatures(input.features);
        }
        if (input.name !== undefined && (input.name === null || !input.name.trim()))
          throw invalid("name", "name must not be empty.");
        const data = {
          ...(input.name ? { name: input.name } : {}),
          ...(input.retentionPolicy !== undefined
            ? { retentionPolicy: input.retentionPolicy }
            : {}),
          ...(input.features ? { features: [...new Set(input.features)] } : {}),
        };
        const updated = await write(ctx, async ({ tx, audit }) => {
          const org = await tx.organization.update({ where: { id }, data });
          await audit({
            eventType: "organization.updated",
            objectType: "organization",
            objectId: id,
            details: { changed: Object.keys(data) },
          });
          return org;
        });
        // Features and the pinned version are part of every cached principal of the org.
        ctx.services.principals.clear();
        return updated;
      },
    }),
  );
}
