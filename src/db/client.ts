import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "../generated/prisma/client.js";

export { Prisma, PrismaClient } from "../generated/prisma/client.js";

export function createPrismaClient(factory: SqlDriverAdapterFactory): PrismaClient {
  return new PrismaClient({ adapter: factory });
}
