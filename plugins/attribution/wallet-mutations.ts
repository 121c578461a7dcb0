import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { sourceRefsOf } from "../core/shared-types.js";
import { assertMatterWritable } from "../matters/service.js";
import { ImportWalletsInput } from "./inputs.js";
import { draftKey, draftsOf, mergeWallet } from "./wallet-import.js";
import { WalletImportResultRef } from "./wallet-types.js";

export function registerWalletMutations() {
  builder.mutationField("importWallets", (t) =>
    t.field({
      type: WalletImportResultRef,
      description:
        "Imports wallets under an open matter. Each item is validated for its network (400 naming `wallets[i].address`; nothing is stored then). The same matter, network and normalised address (EVM hex and bech32 compare case-insensitively) is one Wallet record: duplicates in the request and later imports merge into it, keeping the first role, uniting source refs and keeping the highest confidence. `imported` counts new records only.",
      gate: { scope: "attribution:write" },
      args: {
        input: t.arg({ type: ImportWalletsInput, required: true, description: "The wallets." }),
      },
      resolve: async (_root, { input }, ctx) => {
        const drafts = draftsOf(input.wallets);
        const matterId = input.matterId;
        await assertMatterWritable(ctx, matterId);
        return write(ctx, async ({ tx, audit }) => {
          const byAddress = {
            matterId,
            normalizedAddress: { in: drafts.map((d) => d.normalizedAddress) },
          };
          const before = new Map(
            (await tx.wallet.findMany({ where: byAddress })).map((w) => [draftKey(w), w]),
          );
          const now = new Date();
          const fresh = drafts.filter((d) => !before.has(draftKey(d)));
          // skipDuplicates: a concurrent import of the same address merges instead of failing.
          const { count: imported } = await tx.wallet.createMany({
            data: fresh.map((d) => {
              const merged = mergeWallet(null, d);
              return {
                id: newId("wallet"),
                matterId,
                network: d.network,
                address: d.address,
                normalizedAddress: d.normalizedAddress,
                role: merged.role,
                sourceRefs: merged.sourceRefs as object[],
                confidence: merged.confidence,
                createdAt: now,
                updatedAt: now,
              };
            }) as never,
            skipDuplicates: true,
          });
          for (const d of drafts) {
            const row = before.get(draftKey(d));
            if (!row) continue;
            const merged = mergeWallet(
              {
                role: row.role,
                sourceRefs: sourceRefsOf(row.sourceRefs),
                confidence: row.confidence,
              },
              d,
            );
            await tx.wallet.update({
              where: { id: row.id },
              data: {
                role: merged.role,
                sourceRefs: merged.sourceRefs as object[],
                confidence: merged.confidence,
                updatedAt: now,
              },
            });
          }
          const after = new Map(
            (await tx.wallet.findMany({ where: byAddress })).map((w) => [draftKey(w), w]),
          );
          const wallets = drafts.map((d) => after.get(draftKey(d))!);
          const merged = input.wallets.length - imported;
          await audit({
            eventType: "wallets.imported",
            objectType: "matter",
            objectId: matterId,
            matterId,
            details: {
              imported,
              merged,
              wallet_ids: wallets.map((w) => w.id),
            },
          });
          return { imported, merged, wallets };
        });
      },
    }),
  );
}
