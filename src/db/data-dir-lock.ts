import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is single-process: one data directory, one owner. The server records its pid here
 * so `npm run bootstrap` and a second server can refuse clearly instead of corrupting data.
 */
const LOCK = "server.pid";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a live process holding the directory, or null. */
export function dataDirOwner(dataDir: string): number | null {
  const path = join(dataDir, LOCK);
  if (!existsSync(path)) return null;
  const pid = Number(readFileSync(path, "utf8").trim());
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
}

export function holdDataDirLock(dataDir: string): () => void {
  const owner = dataDirOwner(dataDir);
  if (owner) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by a running server (pid ${owner}). Stop it first.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK);
  writeFileSync(path, String(process.pid));
  const release = () => rmSync(path, { force: true });
  process.on("exit", release);
  return release;
}
