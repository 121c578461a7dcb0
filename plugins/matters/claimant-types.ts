import { builder } from "../../src/schema/builder.js";
import { ReviewStateRef, reviewStateOf, SourceRefRef, sourceRefsOf } from "../core/shared-types.js";
import { ClaimantRoleEnum } from "./types.js";

export const ClaimantRef = builder.prismaNode("Claimant", {
  id: { field: "id", description: "Global id, the same as the `clm_` id." },
  description: "A person or entity with a claim on a matter's recoveries.",
  fields: (t) => ({
    claimantId: t.exposeString("id", { description: "Claimant id (prefix `clm_`)." }),
    matterId: t.exposeString("matterId", { description: "The matter the claimant belongs to." }),
    name: t.exposeString("name", { description: "Name of the claimant." }),
    role: t.field({
      type: ClaimantRoleEnum,
      description: "Role in the matter.",
      resolve: (c) => c.role as never,
    }),
    economics: t.field({
      type: "JSONObject",
      description:
        "Economic terms with snake_case keys: `share_percentage` (0–100, optional) for the waterfall's pro-rata split.",
      resolve: (c) => c.economics as Record<string, unknown>,
    }),
    sourceRefs: t.field({
      type: [SourceRefRef],
      description: "Supporting documents.",
      resolve: (c) => sourceRefsOf(c.sourceRefs),
    }),
    reviewState: t.field({
      type: ReviewStateRef,
      description: "Counsel or operator review.",
      resolve: (c) => reviewStateOf(c.reviewState),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Creation time." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "Last update time." }),
  }),
});
