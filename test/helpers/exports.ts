import type { App } from "../../src/app.js";
import { write } from "../../src/write.js";
import { createExport, type ExportRequest } from "../../plugins/exports/service.js";
import { contextOf } from "./context.js";
import type { Client } from "./http.js";

/**
 * An export made as the packet and report export endpoints make theirs: createExport inside a
 * write() under `client`'s key. Returns the stored Export and the request id it carries.
 */
export async function recordExport(app: App, client: Client, request: ExportRequest) {
  const ctx = await contextOf(app, client);
  const created = await write(ctx, (rec) => createExport(ctx, rec, request));
  return { ...created, requestId: ctx.requestId };
}
