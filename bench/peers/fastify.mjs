// Peer: what a user could write by hand for GET /v1/operations/{id}: Fastify 5 and `pg`, the
// same key lookup (SHA-256 of the bearer secret against api_keys, with its organization, revoked
// and expiry checks) and the same tenant-scoped select, in two statements.
import { createHash } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

function fail(reply, status, code) {
  return reply.code(status).send({ error: { type: "authentication_error", code } });
}

app.get("/v1/operations/:id", async (request, reply) => {
  const m = /^Bearer\s+(md_(?:test|live)_[0-9A-Za-z]{32,})\s*$/i.exec(
    request.headers.authorization ?? "",
  );
  if (!m) return fail(reply, 401, "authentication_required");
  const hash = createHash("sha256").update(m[1]).digest("hex");
  const { rows: keys } = await pool.query({
    name: "key",
    text: `SELECT k.id, k.organization_id, k.environment, k.scopes, k.matter_ids, k.revoked_at,
                  k.expires_at, o.pinned_version
           FROM api_keys k JOIN organizations o ON o.id = k.organization_id
           WHERE k.secret_hash = $1`,
    values: [hash],
  });
  const key = keys[0];
  if (!key) return fail(reply, 401, "invalid_api_key");
  if (key.revoked_at) return fail(reply, 401, "api_key_revoked");
  if (key.expires_at && key.expires_at <= new Date()) return fail(reply, 401, "api_key_expired");
  if (!key.scopes.some((s) => s === "*" || s === "operations:read" || s === "operations:*"))
    return reply.code(403).send({ error: { code: "insufficient_scope" } });
  const matters = key.matter_ids.length ? key.matter_ids : null;
  const { rows } = await pool.query({
    name: "operation",
    text: `SELECT id, type, intent, posture, state, title, matter_id, metadata, created_at, updated_at
           FROM operations
           WHERE id = $1 AND organization_id = $2 AND environment = $3
             AND ($4::text[] IS NULL OR matter_id = ANY($4))`,
    values: [request.params.id, key.organization_id, key.environment, matters],
  });
  const op = rows[0];
  if (!op) return reply.code(404).send({ error: { code: "resource_missing" } });
  reply.header("MD-Version", key.pinned_version);
  return op;
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
