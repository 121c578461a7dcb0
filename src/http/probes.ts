import type { PrismaClient } from "../db/client.js";
import { committedMigrationNames } from "../db/migrator.js";
import { Response } from "./fetch-api.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Readiness (CONTRACT.md §12): the database answers and every committed migration is applied.
 * Reveals nothing else; the reason stays in the server log.
 */
async function ready(db: PrismaClient): Promise<{ ok: boolean; reason?: string }> {
  try {
    const rows = await db.$queryRaw<Array<{ migration_name: string }>>`
      SELECT migration_name FROM _prisma_migrations
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    const applied = new Set(rows.map((r) => r.migration_name));
    const pending = committedMigrationNames().filter((name) => !applied.has(name));
    return pending.length
      ? { ok: false, reason: `pending migrations: ${pending.join(", ")}` }
      : { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** `GET /livez` and `GET /readyz`: no key, no rate limit; null for any other request. */
export async function serveProbe(
  request: Request,
  pathname: string,
  db: PrismaClient,
  onNotReady: (reason: string) => void,
): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (pathname === "/livez") return json(200, { status: "ok" });
  if (pathname !== "/readyz") return null;
  const verdict = await ready(db);
  if (!verdict.ok) onNotReady(verdict.reason ?? "not ready");
  return verdict.ok ? json(200, { status: "ready" }) : json(503, { status: "unavailable" });
}
