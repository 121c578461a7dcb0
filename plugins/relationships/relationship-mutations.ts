import type { RequestContext } from "../../src/context.js";
import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import type { Recorder } from "../../src/write.js";
import { write } from "../../src/write.js";
import { checkText } from "../attribution/service.js";
import { CreateRelationshipInput, UpdateRelationshipInput } from "./inputs.js";
import { findRelationship } from "./queries.js";
import { RelationshipRef } from "./types.js";
import { type CounterpartyType, defaultUsability, normalizeName } from "./values.js";

/** Packet kinds a channel accepts: non-empty, each once (400 naming the item). */
function checkPacketTypes(values: readonly string[]): void {
  const seen = new Set<string>();
  values.forEach((v, i) => {
    const param = `packet_types_supported[${i}]`;
    checkText(param, v);
    if (seen.has(v)) throw invalid(param, `${param} repeats '${v}'.`);
    seen.add(v);
  });
}

/**
 * The counterparty of this type and normalised name, created when new. Two requests racing to
 * create it meet at the unique index: ON CONFLICT DO NOTHING, then both read the one row.
 */
async function counterpartyFor(rec: Recorder, type: CounterpartyType, name: string) {
  const normalizedName = normalizeName(name);
  const created = await rec.tx.counterparty.createManyAndReturn({
    data: [
      { id: newId("counterparty"), type, name, normalizedName, createdAt: new Date() },
    ] as never,
    skipDuplicates: true,
  });
  if (created[0]) {
    await rec.audit({
      eventType: "counterparty.created",
      objectType: "counterparty",
      objectId: created[0].id,
      details: { counterparty_id: created[0].id, type, name },
    });
    return created[0];
  }
  return rec.tx.counterparty.findFirstOrThrow({ where: { type, normalizedName } });
}

async function createRelationship(
  ctx: RequestContext,
  input: typeof CreateRelationshipInput.$inferInput,
) {
  checkText("counterparty_name", input.counterpartyName);
  if (!normalizeName(input.counterpartyName))
    throw invalid("counterparty_name", "counterparty_name must contain a letter or a digit.");
  checkText("channel_type", input.channelType);
  checkPacketTypes(input.packetTypesSupported ?? []);
  const defaults = defaultUsability(input.counterpartyType);
  const usability = {
    usableByProvider: input.usableByProvider ?? defaults.usableByProvider,
    usableByCounsel: input.usableByCounsel ?? defaults.usableByCounsel,
    usableByLawEnforcement: input.usableByLawEnforcement ?? defaults.usableByLawEnforcement,
    authorizedSubmitterRequired:
      input.authorizedSubmitterRequired ?? defaults.authorizedSubmitterRequired,
  };
  if (input.counterpartyType === "law_enforcement_only" && usability.usableByProvider)
    throw invalid(
      "usable_by_provider",
      "A law_enforcement_only channel is never usable by the provider (CONTRACT.md §13); leave usable_by_provider out or send false.",
    );
  return write(ctx, async (rec) => {
    const counterparty = await counterpartyFor(rec, input.counterpartyType, input.counterpartyName);
    const now = new Date();
    const relationship = await rec.tx.relationship.create({
      data: {
        id: newId("relationship"),
        counterpartyId: counterparty.id,
        channelType: input.channelType,
        ...usability,
        packetTypesSupported: input.packetTypesSupported ?? [],
        riskLevel: input.riskLevel ?? null,
        notes: input.notes ?? null,
        createdAt: now,
        updatedAt: now,
      } as never,
    });
    await rec.audit({
      eventType: "relationship.created",
      objectType: "relationship",
      objectId: relationship.id,
      details: {
        relationship_id: relationship.id,
        counterparty_id: counterparty.id,
        counterparty_type: counterparty.type,
        channel_type: relationship.channelType,
        usable_by_provider: relationship.usableByProvider,
      },
    });
    return relationship;
  });
}

const UPDATE_PARAMS: Record<string, string> = {
  channelType: "channel_type",
  packetTypesSupported: "packet_types_supported",
  riskLevel: "risk_level",
  notes: "notes",
};

async function updateRelationship(
  ctx: RequestContext,
  id: string,
  input: typeof UpdateRelationshipInput.$inferInput,
) {
  if (input.channelType === null) throw invalid("channel_type", "channel_type cannot be null.");
  if (input.packetTypesSupported === null)
    throw invalid("packet_types_supported", "packet_types_supported cannot be null; send [].");
  if (typeof input.channelType === "string") checkText("channel_type", input.channelType);
  if (input.packetTypesSupported) checkPacketTypes(input.packetTypesSupported);
  await findRelationship(ctx, id);
  const data = Object.fromEntries(
    Object.keys(UPDATE_PARAMS)
      .filter((k) => (input as Record<string, unknown>)[k] !== undefined)
      .map((k) => [k, (input as Record<string, unknown>)[k]]),
  );
  return write(ctx, async ({ tx, audit }) => {
    const relationship = await tx.relationship.update({
      where: { id },
      data: { ...data, updatedAt: new Date() },
    });
    await audit({
      eventType: "relationship.updated",
      objectType: "relationship",
      objectId: id,
      details: { relationship_id: id, changed: Object.keys(data).map((k) => UPDATE_PARAMS[k]) },
    });
    return relationship;
  });
}

export function registerRelationshipMutations() {
  builder.mutationField("createRelationship", (t) =>
    t.field({
      type: RelationshipRef,
      description:
        "Records a channel to a counterparty, finding the counterparty by type and normalised name or creating it. A law_enforcement_only channel is never usable by the provider.",
      gate: { scope: "relationships:write" },
      args: {
        input: t.arg({
          type: CreateRelationshipInput,
          required: true,
          description: "The relationship.",
        }),
      },
      resolve: (_root, { input }, ctx) => createRelationship(ctx, input),
    }),
  );

  builder.mutationField("updateRelationship", (t) =>
    t.field({
      type: RelationshipRef,
      description: "Changes a relationship's channel type, packet kinds, risk level or notes.",
      gate: { scope: "relationships:write" },
      args: {
        id: t.arg.id({ required: true, description: "Relationship id (rel_…)." }),
        input: t.arg({
          type: UpdateRelationshipInput,
          required: true,
          description: "Fields to change.",
        }),
      },
      resolve: (_root, { id, input }, ctx) => updateRelationship(ctx, id, input),
    }),
  );
}
