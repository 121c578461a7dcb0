import { pino, type Logger } from "pino";

/** Structured JSON logs on stdout; one line per request is written by the HTTP envelope. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "case-recovery-api" },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
export type { Logger };
