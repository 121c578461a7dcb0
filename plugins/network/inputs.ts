import { builder } from "../../src/schema/builder.js";

const listOf = { list: false, items: true } as const;

export const RecordNetworkSignalInput = builder.inputType("RecordNetworkSignalInput", {
  description: "A network (IP or provider) attribution signal.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    signalType: t.string({ required: true, description: "e.g. exchange_login_ip." }),
    source: t.string({ required: true, description: "Who provided it, e.g. an exchange." }),
    walletAddress: t.string({ description: "The wallet it is about; a valid address." }),
    legalProcessId: t.string({
      description: "The subpoena or order it came through; makes the signal L1.",
    }),
    timestamp: t.field({ type: "DateTime", description: "When it was observed." }),
    rawValueRedacted: t.string({
      description:
        "The raw value, redacted: a full IPv4 or IPv6 address anywhere in it (also bracketed, with a port or zone, or IPv4-mapped) is refused; partial forms such as `192.168.x.x` and prefixes such as `2001:db8::/32` are accepted.",
    }),
    privacyRestrictions: t.stringList({
      required: listOf,
      description: "Restrictions on use and disclosure.",
    }),
  }),
});

export const CorrelateNetworkSignalsInput = builder.inputType("CorrelateNetworkSignalsInput", {
  description: "Which signals and wallets of a matter to correlate.",
  fields: (t) => ({
    matterId: t.id({ required: true, description: "Matter id (mat_…)." }),
    walletIds: t.idList({
      required: listOf,
      description: "Wallet ids (wal_…) of the matter, at most 1000; default all.",
    }),
    signalIds: t.idList({
      required: listOf,
      description: "Signal ids (nas_…) of the matter, at most 1000; default all.",
    }),
  }),
});
