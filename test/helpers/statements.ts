import type { App } from "../../src/app.js";

/**
 * SQL statements `run` costs through the request client beyond the per-request overhead of
 * authenticating the key and spending its rate limit (cached for up to 1 s, so paid or not by
 * timing; test/platform/auth-fast-path.test.ts bounds it), the fewest of five runs: the webhook
 * worker's polls share the counter.
 */
export async function statementsOf(
  app: Pick<App, "db">,
  run: () => Promise<unknown>,
): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { count, overhead } = app.db.queries;
    await run();
    runs.push(app.db.queries.count - count - (app.db.queries.overhead - overhead));
  }
  return Math.min(...runs);
}
