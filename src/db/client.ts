import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "../generated/prisma/client.js";

export { Prisma, PrismaClient } from "../generated/prisma/client.js";

/**
 * Prisma's default interactive-transaction limits (2 s to start, 5 s to finish) turn a slow but
 * healthy write on a loaded machine (a large screen, a PDF export) into a 500 after the work is
 * done; a write may wait longer for a connection and run up to 30 s before it is rolled back.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

/**
 * `minimal` error messages: Prisma's others capture a stack trace on every query (to point at
 * the calling line should it fail), a few percent of the CPU of a read; errors reach callers as
 * contract codes, and the log keeps the error's code and message.
 */
const ERROR_FORMAT = "minimal";

export function createPrismaClient(factory: SqlDriverAdapterFactory): PrismaClient {
  return new PrismaClient({
    adapter: factory,
    transactionOptions: TRANSACTION_OPTIONS,
    errorFormat: ERROR_FORMAT,
  });
}
