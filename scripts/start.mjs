// `npm start`: the built server (dist/), rebuilt first when a source is newer than the build.
import module from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale, ENTRY } from "./build.mjs";

try {
  buildIfStale();
} catch (error) {
  process.stderr.write(`Cannot start: ${error.message}\n`);
  process.exit(1);
}
const dist = join(resolve(import.meta.dirname, ".."), "dist");
// Node.js ≥ 22.1 keeps V8's compiled code of the modules between starts (faster start-up);
// older ones have no compile cache and skip this.
module.enableCompileCache?.(join(dist, ".compile-cache"));
await import(pathToFileURL(ENTRY).href);
