// Bundles the service into dist/ with esbuild when dist/ is missing or older than any source, so
// `npm start` runs one plain-JavaScript module instead of resolving and reading some 1,700
// files (about half the start-up time). Type checking is `npm run typecheck`, not the build.
// Run directly to build; start.mjs imports it.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
const stamp = join(dist, ".build-stamp");
export const ENTRY = join(dist, "server.js");
const SOURCES = ["src", "plugins", "rest-bridge"];
const CONFIGS = ["tsconfig.json", "package.json", "package-lock.json"];

/**
 * Packages left as imports of node_modules: those that read files beside their own modules
 * (PGlite's WebAssembly and data, pdfkit's fonts, Prisma's schema engine, Swagger UI's assets,
 * pino's transport workers) and GraphiQL's 9 MB page, loaded only when someone opens it.
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "pglite-prisma-adapter",
  "pdfkit",
  "@prisma/schema-engine-wasm",
  "swagger-ui-dist",
  "pino",
  "@graphql-yoga/render-graphiql",
];

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
  if (!existsSync(stamp) || !existsSync(ENTRY)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = Math.max(
    ...SOURCES.map((d) => newestMtime(join(root, d))),
    ...CONFIGS.filter((f) => existsSync(join(root, f))).map((f) => statSync(join(root, f)).mtimeMs),
  );
  return sources > built;
}

export function build() {
  rmSync(dist, { recursive: true, force: true });
  try {
    buildSync({
      absWorkingDir: root,
      entryPoints: { server: "src/server.ts" },
      outdir: dist,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // Modules imported on first use (the PDF renderer, the EVM provider, Prisma's query
      // compiler) stay in chunks of their own, loaded when first needed.
      splitting: true,
      chunkNames: "chunks/[name]-[hash]",
      external: EXTERNAL.flatMap((p) => [p, `${p}/*`]),
      // CommonJS dependencies inside an ES module bundle still call require().
      banner: {
        js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
      },
      legalComments: "none",
      // Whitespace and comments out, names kept (stack traces stay readable): V8 holds the
      // bundle's source in memory, twice, and as UTF-16 when a comment has one non-ASCII
      // character (about 14 MB of heap; 4 MB once minified).
      minifyWhitespace: true,
      logLevel: "error",
    });
  } catch (error) {
    throw new Error(`Build failed (esbuild): ${error.message}`);
  }
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
