// Used by `prisma generate` only; migrations run through src/db/migrator.ts (WASM schema engine).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
});
