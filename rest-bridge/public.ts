import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { GraphQLSchema } from "graphql";
import type { CompiledRoute } from "./compile.js";
import { buildOpenApi } from "./openapi.js";
import { Response } from "../src/http/fetch-api.js";

export const OPENAPI_PATH = "/v1/openapi.json";
const ASSET_PREFIX = "/docs/assets/";

/** Files of swagger-ui-dist served as-is; nothing else from the package is reachable. */
const VENDOR_ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

// A separate script (not inline) so the page works under a script-src 'self' policy.
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Case Recovery Enforcement API reference</title>
  <link rel="stylesheet" href="${ASSET_PREFIX}swagger-ui.css">
  <link rel="icon" type="image/png" href="${ASSET_PREFIX}favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ASSET_PREFIX}swagger-ui-bundle.js"></script>
  <script src="${ASSET_PREFIX}init.js"></script>
</body>
</html>
`;

const documents = new WeakMap<CompiledRoute[], string>();
const assets = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
let vendorDir: string | undefined;

function swaggerUiDir(): string {
  vendorDir ??= dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return vendorDir;
}

function respond(
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  cache: string,
): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Cache-Control": cache,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Documents served without an API key: the OpenAPI document and the reference page. */
export async function servePublicDocument(
  request: Request,
  url: URL,
  routes: CompiledRoute[],
  schema: GraphQLSchema,
): Promise<Response | null> {
  if (request.method !== "GET") return null;
  const path = url.pathname;
  if (path === OPENAPI_PATH) {
    let text = documents.get(routes);
    if (!text) {
      text = JSON.stringify(buildOpenApi(routes, schema));
      documents.set(routes, text);
    }
    return respond(text, "application/json; charset=utf-8", "no-cache");
  }
  if (path === "/docs" || path === "/docs/")
    return respond(INDEX_HTML, "text/html; charset=utf-8", "no-cache");
  if (!path.startsWith(ASSET_PREFIX)) return null;
  const name = path.slice(ASSET_PREFIX.length);
  if (name === "init.js") return respond(INIT_SCRIPT, "text/javascript; charset=utf-8", "no-cache");
  const type = Object.hasOwn(VENDOR_ASSETS, name) ? VENDOR_ASSETS[name] : undefined;
  if (!type) return null;
  let file = assets.get(name);
  if (!file) {
    file = readFile(join(swaggerUiDir(), name)).then((b) => new Uint8Array(b));
    assets.set(name, file);
    file.catch(() => assets.delete(name));
  }
  return respond(await file, type, "public, max-age=86400");
}
