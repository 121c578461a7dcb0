import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The project root (the folder holding package.json), found from this file's location so the
 * same code finds data/, migrations/ and schema.prisma whether it runs from src/ under tsx or
 * from the bundle in dist/.
 */
function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "schema.prisma"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No project root above ${start}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** A path inside the project, e.g. `projectPath("data", "iso4217.json")`. */
export const projectPath = (...parts: string[]) => join(PROJECT_ROOT, ...parts);
