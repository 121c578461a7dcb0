import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { reviewStateOf, type SourceRefShape } from "../core/shared-types.js";
import { assertMatterWritable } from "../matters/service.js";
import type { LinkedEntityShape } from "./graph.js";
import { storedIdentifiers } from "./identifiers.js";
import { CreateDebtorInput, UpdateDebtorInput } from "./inputs.js";
import { findDebtor } from "./queries.js";
import { DebtorRef } from "./types.js";
import { checkLinkedEntities, checkText, checkTexts, checkWallets } from "./validate.js";

type LinkedEntityIn = {
  name: string;
  relationship?: string | null;
  sourceRefs?: SourceRefShape[] | null;
};

/** Stored form of linked entities: every key present, so reads need no defaults. */
const storedEntities = (entities: readonly LinkedEntityIn[]): LinkedEntityShape[] =>
  entities.map((e) => ({
    name: e.name,
    relationship: e.relationship ?? null,
    sourceRefs: e.sourceRefs ?? [],
  }));

/** Audit details are read as-is over REST, so their keys are written in wire (snake_case) form. */
const wireKeys = (ref: SourceRefShape) =>
  Object.fromEntries(
    Object.entries(ref).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

const UPDATE_PARAMS: Record<string, string> = {
  legalName: "legal_name",
  aliases: "aliases",
  identifiers: "identifiers",
  wallets: "wallets",
  linkedEntities: "linked_entities",
  reviewState: "review_state",
};

export function registerDebtorMutations() {
  builder.mutationField("createDebtor", (t) =>
    t.field({
      type: DebtorRef,
      description: "Records a debtor under an open matter.",
      gate: { scope: "debtors:write" },
      args: {
        input: t.arg({ type: CreateDebtorInput, required: true, description: "The debtor." }),
      },
      resolve: async (_root, { input }, ctx) => {
        checkText("legal_name", input.legalName);
        checkTexts("aliases", input.aliases ?? []);
        const identifiers = storedIdentifiers(input.identifiers ?? {});
        checkWallets(input.wallets ?? []);
        checkLinkedEntities(input.linkedEntities ?? []);
        await assertMatterWritable(ctx, input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const now = new Date();
          const debtor = await tx.debtor.create({
            data: {
              id: newId("debtor"),
              matterId: input.matterId,
              type: input.type,
              legalName: input.legalName,
              aliases: input.aliases ?? [],
              identifiers,
              wallets: input.wallets ?? [],
              linkedEntities: storedEntities(input.linkedEntities ?? []) as object[],
              reviewState: { reviewRequired: false, reviewStatus: "not_required" },
              createdAt: now,
              updatedAt: now,
            } as never,
          });
          await audit({
            eventType: "debtor.created",
            objectType: "debtor",
            objectId: debtor.id,
            matterId: debtor.matterId,
            // Debtor has no source_refs column; the audit event keeps the documents the record rests on.
            details: { type: debtor.type, source_refs: (input.sourceRefs ?? []).map(wireKeys) },
          });
          return debtor;
        });
      },
    }),
  );

  builder.mutationField("updateDebtor", (t) =>
    t.field({
      type: DebtorRef,
      description:
        "Updates a debtor's names, identifiers, wallets, linked entities or review state; its matter must be open.",
      gate: { scope: "debtors:write" },
      args: {
        id: t.arg.id({ required: true, description: "Debtor id (dbt_…)." }),
        input: t.arg({ type: UpdateDebtorInput, required: true, description: "Fields to change." }),
      },
      resolve: async (_root, { id, input }, ctx) => {
        for (const [key, param] of Object.entries(UPDATE_PARAMS)) {
          if ((input as Record<string, unknown>)[key] === null)
            throw invalid(param, `${param} cannot be null.`);
        }
        if (typeof input.legalName === "string") checkText("legal_name", input.legalName);
        if (input.aliases) checkTexts("aliases", input.aliases);
        const identifiers = input.identifiers ? storedIdentifiers(input.identifiers) : undefined;
        if (input.wallets) checkWallets(input.wallets);
        if (input.linkedEntities) checkLinkedEntities(input.linkedEntities);
        const current = await findDebtor(ctx, id);
        await assertMatterWritable(ctx, current.matterId);
        const review = input.reviewState
          ? Object.fromEntries(Object.entries(input.reviewState).filter(([, v]) => v !== undefined))
          : undefined;
        const data = {
          ...(input.legalName ? { legalName: input.legalName } : {}),
          ...(input.aliases ? { aliases: input.aliases } : {}),
          ...(identifiers ? { identifiers } : {}),
          ...(input.wallets ? { wallets: input.wallets } : {}),
          ...(input.linkedEntities
            ? { linkedEntities: storedEntities(input.linkedEntities) as object[] }
            : {}),
          ...(review
            ? { reviewState: { ...reviewStateOf(current.reviewState), ...review } as object }
            : {}),
        };
        return write(ctx, async ({ tx, audit }) => {
          const debtor = await tx.debtor.update({
            where: { id },
            data: { ...data, updatedAt: new Date() },
          });
          await audit({
            eventType: "debtor.updated",
            objectType: "debtor",
            objectId: id,
            matterId: current.matterId,
            details: { changed: Object.keys(data).map((k) => UPDATE_PARAMS[k] ?? k) },
          });
          return debtor;
        });
      },
    }),
  );
}
