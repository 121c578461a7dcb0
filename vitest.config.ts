import { defineConfig } from "vitest/config";

export default defineConfig({
  // graphql ships ESM and CJS builds; Pothos loads the CJS one, so tests must use it too
  // (one graphql module instance, as under plain Node).
  resolve: { alias: { graphql: "graphql/index.js" } },
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    // Setup seeds one record of every kind through the API (matter-isolation seeds ~115 rows).
    hookTimeout: 120_000,
    // Each file gets its own database; two at a time fits the 2-core machines.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
