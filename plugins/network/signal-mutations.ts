import { invalid } from "../../src/errors.js";
import { newId } from "../../src/ids.js";
import { builder } from "../../src/schema/builder.js";
import { write } from "../../src/write.js";
import { checkText, checkTexts } from "../attribution/service.js";
import { checkWalletAddress } from "../debtors/addresses.js";
import { assertMatterWritable } from "../matters/service.js";
import { RecordNetworkSignalInput } from "./inputs.js";
import { signalLevel } from "./levels.js";
import { findFullIpAddress } from "./redaction.js";
import { NetworkSignalRef } from "./types.js";

export function registerSignalMutations() {
  builder.mutationField("recordNetworkSignal", (t) =>
    t.field({
      type: NetworkSignalRef,
      description:
        "Records a network attribution signal under an open matter: L1 when it came through legal process, else L0. Never standalone proof.",
      gate: { scope: "network:write" },
      args: {
        input: t.arg({
          type: RecordNetworkSignalInput,
          required: true,
          description: "The signal.",
        }),
      },
      resolve: async (_root, { input }, ctx) => {
        checkText("signal_type", input.signalType);
        checkText("source", input.source);
        if (input.legalProcessId != null) checkText("legal_process_id", input.legalProcessId);
        checkTexts("privacy_restrictions", input.privacyRestrictions ?? []);
        if (input.walletAddress != null) {
          const check = checkWalletAddress(input.walletAddress);
          if (!check.ok)
            throw invalid("wallet_address", `wallet_address is not valid: ${check.reason}.`);
        }
        const leaked = input.rawValueRedacted ? findFullIpAddress(input.rawValueRedacted) : null;
        if (leaked)
          throw invalid(
            "raw_value_redacted",
            "raw_value_redacted holds a full IP address; redact it (e.g. 192.168.x.x or a /24 or /48 prefix) before sending.",
          );
        await assertMatterWritable(ctx, input.matterId);
        return write(ctx, async ({ tx, audit }) => {
          const signal = await tx.networkSignal.create({
            data: {
              id: newId("networkSignal"),
              matterId: input.matterId,
              signalType: input.signalType,
              source: input.source,
              walletAddress: input.walletAddress ?? null,
              legalProcessId: input.legalProcessId ?? null,
              timestamp: input.timestamp ?? null,
              rawValueRedacted: input.rawValueRedacted ?? null,
              privacyRestrictions: input.privacyRestrictions ?? [],
              confidenceLevel: signalLevel(input.legalProcessId),
              createdAt: new Date(),
            } as never,
          });
          await audit({
            eventType: "network_signal.recorded",
            objectType: "network_signal",
            objectId: signal.id,
            matterId: signal.matterId,
            details: { signal_type: signal.signalType, confidence_level: signal.confidenceLevel },
          });
          return signal;
        });
      },
    }),
  );
}
