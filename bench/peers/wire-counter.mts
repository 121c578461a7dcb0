/**
 * Counts SQL statements on the wire: a TCP proxy in front of PostgreSQL that reads the frontend
 * messages of every connection and counts simple queries ('Q') and extended-protocol executions
 * ('E'). It sees every peer the same way, whatever its driver or ORM, so statement counts
 * compare like with like. Used only for the counting pass, never under load.
 */
import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface WireCounter {
  port: number;
  statements: number;
  close(): Promise<void>;
}

export async function startWireCounter(upstream: {
  host: string;
  port: number;
}): Promise<WireCounter> {
  const sockets = new Set<Socket>();
  const counter = { statements: 0 };
  const server: Server = createServer((client) => {
    const db = createConnection(upstream);
    sockets.add(client).add(db);
    let pending = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk: Buffer) => {
      db.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // Startup (or SSLRequest) messages have no type byte: int32 length, int32 code.
          if (pending.length < 8) break;
          const len = pending.readInt32BE(0);
          if (pending.length < len) break;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(len);
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (pending.length < 5) break;
        const len = pending.readInt32BE(1);
        if (pending.length < 1 + len) break;
        const type = String.fromCharCode(pending[0]!);
        if (type === "Q" || type === "E") counter.statements++;
        pending = pending.subarray(1 + len);
      }
    });
    db.on("data", (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on("close", end).on("error", end);
    db.on("close", end).on("error", end);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    get statements() {
      return counter.statements;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
