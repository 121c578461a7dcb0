import type { App } from "../../src/app.js";

/**
 * SQL statements `run` costs through the request client, the fewest of three runs: an earlier
 * run may pay for authenticating the key (principals are cached for at most 1 s), and the
 * webhook worker's polls share the counter.
 */
export async function statementsOf(
  app: Pick<App, "db">,
  run: () => Promise<unknown>,
): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = app.db.queries.count;
    await run();
    runs.push(app.db.queries.count - before);
  }
  return Math.min(...runs);
}
