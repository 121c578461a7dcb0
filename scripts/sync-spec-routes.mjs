#!/usr/bin/env node
// Regenerates rest-bridge/documented-routes.jsonl from the shared spec tool. Run by hand
// (`npm run routes:sync`); the service and its tests only ever read the copy in this project.
// Usage: node scripts/sync-spec-routes.mjs [path/to/spec-routes.mjs]
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const tool = resolve(process.argv[2] ?? resolve(root, "..", "shared", "tools", "spec-routes.mjs"));
const target = resolve(root, "rest-bridge", "documented-routes.jsonl");

const out = execFileSync(process.execPath, [tool], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
const lines = out.split("\n").filter((l) => l.trim() !== "");
for (const line of lines) {
  const r = JSON.parse(line);
  if (!r.method || !r.path) throw new Error(`Unexpected line from ${tool}: ${line}`);
}
writeFileSync(target, lines.join("\n") + "\n");
console.error(`Wrote ${lines.length} documented routes to ${target}`);
