import { createServer } from "node:net";

/**
 * A port that was free a moment ago, for tools that cannot be told to listen on port 0 and
 * report back (anvil, PgBouncer). Our own server takes PORT=0 instead: see server-process.ts.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}
