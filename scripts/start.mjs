// `npm start`: the built server (dist/), rebuilt first when a source is newer than the build.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale } from "./build.mjs";

try {
  buildIfStale();
} catch (error) {
  process.stderr.write(`Cannot start: ${error.message}\n`);
  process.exit(1);
}
await import(
  pathToFileURL(join(resolve(import.meta.dirname, ".."), "dist", "src", "server.js")).href
);
