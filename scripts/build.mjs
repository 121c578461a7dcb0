// Compiles the service to dist/ (tsconfig.build.json) when dist/ is missing or older than any
// source, so `npm start` runs plain JavaScript. Run directly to build; start.mjs imports it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const stamp = join(root, "dist", ".build-stamp");
const SOURCES = ["src", "plugins", "rest-bridge"];
const CONFIGS = ["tsconfig.json", "tsconfig.build.json", "package.json"];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function isStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = Math.max(
    ...SOURCES.map((d) => newestMtime(join(root, d))),
    ...CONFIGS.map((f) => statSync(join(root, f)).mtimeMs),
  );
  return sources > built;
}

export function build() {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], {
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("Build failed (tsc -p tsconfig.build.json).");
  writeFileSync(stamp, new Date().toISOString());
}

export function buildIfStale() {
  if (isStale()) build();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    if (process.argv.includes("--force")) build();
    else buildIfStale();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
