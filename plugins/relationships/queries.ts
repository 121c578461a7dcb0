import type { RequestContext } from "../../src/context.js";
import { ApiError } from "../../src/errors.js";
import { createdRange, paginate } from "../../src/pagination.js";
import { builder } from "../../src/schema/builder.js";
import { connectionOf, pageArgs } from "../../src/schema/connections.js";
import {
  ContactLogRef,
  CounterpartyHistoryRef,
  CounterpartyTypeEnum,
  HISTORY_LIMIT,
  RelationshipRef,
} from "./types.js";
import { childPage } from "../../src/schema/child-pages.js";

const absent = (what: string, id: string, param?: string) =>
  new ApiError("resource_missing", {
    message: `No such ${what}: '${id}'.`,
    ...(param ? { param } : {}),
  });

/** The relationship if it exists in the caller's organization and environment; else 404. */
export async function findRelationship(ctx: RequestContext, id: string, param?: string) {
  const found = await ctx.db.relationship.findUnique({ where: { id } });
  if (!found) throw absent("relationship", id, param);
  return found;
}

export async function findCounterparty(ctx: RequestContext, id: string) {
  const found = await ctx.db.counterparty.findUnique({ where: { id } });
  if (!found) throw absent("counterparty", id);
  return found;
}

export function registerRelationshipQueries() {
  builder.queryField("relationship", (t) =>
    t.field({
      type: RelationshipRef,
      description: "One relationship.",
      gate: { scope: "relationships:read" },
      args: { id: t.arg.id({ required: true, description: "Relationship id (rel_…)." }) },
      resolve: (_root, { id }, ctx) => findRelationship(ctx, id),
    }),
  );

  builder.queryField("relationships", (t) =>
    t.field({
      type: connectionOf(RelationshipRef, "Relationship"),
      description: "The organization's relationships, newest first, optionally filtered.",
      gate: { scope: "relationships:read" },
      args: {
        ...pageArgs(t),
        counterpartyType: t.arg({
          type: CounterpartyTypeEnum,
          description: "Only relationships with counterparties of this type.",
        }),
        counterpartyId: t.arg.id({ description: "Only relationships with this counterparty." }),
        channelType: t.arg.string({ description: "Only relationships with this channel type." }),
        usableByProvider: t.arg.boolean({ description: "Only those the provider may (not) use." }),
        usableByCounsel: t.arg.boolean({ description: "Only those counsel may (not) use." }),
        usableByLawEnforcement: t.arg.boolean({
          description: "Only those law enforcement does (not) use.",
        }),
        createdAfter: t.arg({ type: "DateTime", description: "Created strictly after this time." }),
        createdBefore: t.arg({
          type: "DateTime",
          description: "Created strictly before this time.",
        }),
      },
      resolve: (_root, args, ctx) =>
        paginate((q) => ctx.db.relationship.findMany(q), args, {
          ...(args.counterpartyType
            ? { counterparty: { is: { type: args.counterpartyType } } }
            : {}),
          ...(args.counterpartyId ? { counterpartyId: args.counterpartyId } : {}),
          ...(args.channelType ? { channelType: args.channelType } : {}),
          ...(typeof args.usableByProvider === "boolean"
            ? { usableByProvider: args.usableByProvider }
            : {}),
          ...(typeof args.usableByCounsel === "boolean"
            ? { usableByCounsel: args.usableByCounsel }
            : {}),
          ...(typeof args.usableByLawEnforcement === "boolean"
            ? { usableByLawEnforcement: args.usableByLawEnforcement }
            : {}),
          ...createdRange(args.createdAfter, args.createdBefore),
        }),
    }),
  );

  builder.queryField("counterpartyHistory", (t) =>
    t.field({
      type: CounterpartyHistoryRef,
      description:
        "A counterparty with all its relationships, the packets addressed to it and its contact history (GET /v1/relationships/counterparties/{counterparty_id}).",
      gate: { scope: "relationships:read" },
      args: { id: t.arg.id({ required: true, description: "Counterparty id (cpt_…)." }) },
      resolve: async (_root, { id }, ctx) => {
        const counterparty = await findCounterparty(ctx, id);
        const [relationships, contactLogs] = await Promise.all([
          ctx.db.relationship.findMany({ where: { counterpartyId: id }, orderBy: { id: "desc" } }),
          ctx.db.contactLog.findMany({
            where: { relationship: { is: { counterpartyId: id } } },
            orderBy: { id: "desc" },
            take: HISTORY_LIMIT,
          }),
        ]);
        return { counterparty, relationships, contactLogs };
      },
    }),
  );

  builder.prismaObjectField("Counterparty", "relationships", (t) =>
    t.field({
      type: connectionOf(RelationshipRef, "Relationship"),
      description: "The counterparty's relationships, newest first.",
      gate: { scope: "relationships:read" },
      args: pageArgs(t),
      resolve: (c, args, ctx) =>
        paginate((q) => ctx.db.relationship.findMany(q), args, { counterpartyId: c.id }),
    }),
  );

  builder.prismaObjectField("Relationship", "contactLogs", (t) =>
    t.field({
      type: connectionOf(ContactLogRef, "ContactLog"),
      description:
        "Contacts through this relationship, newest first; only those of matters the caller can reach.",
      gate: { scope: "relationships:read" },
      args: {
        ...pageArgs(t),
        matterId: t.arg.id({ description: "Only contacts about this matter." }),
      },
      resolve: (r, args, ctx) =>
        paginate((q) => ctx.db.contactLog.findMany(q), args, {
          relationshipId: r.id,
          ...(args.matterId ? { matterId: args.matterId } : {}),
        }),
    }),
  );

  // Added to the matters module's type here, with the feature that owns it.
  builder.prismaObjectField("Matter", "contactLogs", (t) =>
    t.field({
      type: connectionOf(ContactLogRef, "ContactLog"),
      description: "Contacts made about the matter through any relationship, newest first.",
      gate: { scope: "relationships:read" },
      args: pageArgs(t),
      resolve: (m, args, ctx) =>
        childPage(
          ctx,
          {
            key: "Matter.contactLogs",
            table: "contact_logs",
            parentColumn: "matter_id",
            parentField: "matterId",
            findMany: (q) => ctx.db.contactLog.findMany(q),
          },
          m.id,
          args,
        ),
    }),
  );
}
