import { parseArgs } from "node:util";
import { bootstrapIfEmpty } from "../bootstrap.js";
import { loadConfig } from "../config.js";
import { dataDirOwner } from "../db/data-dir-lock.js";
import { openDatabase } from "../db/open.js";

/**
 * `npm run bootstrap -- --org NAME`: creates a provider_internal organization and an admin key
 * (scope `*`) without the server, and prints {organization_id, key_id, secret, environment}.
 * On an empty database this is the first-start bootstrap (MD_BOOTSTRAP_SECRET is used when
 * set); on a bootstrapped one it adds another provider organization, e.g. to recover access.
 */
const { values } = parseArgs({ options: { org: { type: "string" } }, strict: true });
const config = loadConfig();

if (config.database.kind === "pglite") {
  const owner = dataDirOwner(config.database.dataDir);
  if (owner) {
    console.error(
      `Refusing to bootstrap: the embedded database in ${config.database.dataDir} is in use by a running server (pid ${owner}).\n` +
        "Stop the server first, or create organizations and keys through the API with an admin key.",
    );
    process.exit(1);
  }
}

const db = await openDatabase(config);
try {
  const empty = (await db.root.organization.count()) === 0;
  const result = await bootstrapIfEmpty(db.root, {
    organizationName: values.org ?? "Bootstrap",
    secret: empty ? config.bootstrapSecret : undefined,
    evenIfNotEmpty: true,
  });
  console.log(JSON.stringify(result));
} finally {
  await db.close();
}
