import type { RouteDef } from "../../rest-bridge/types.js";
import { CONTENT_TYPES } from "./render.js";

const tag = "Exports";

export const exportsRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/exports/{export_id}",
    field: "export",
    args: { id: "path.export_id" },
    summary: "Retrieve an export: its format, redaction profile, SHA-256, size and download_url",
    tag,
  },
  {
    method: "GET",
    path: "/v1/exports/{export_id}/download",
    field: "exportFile",
    args: { id: "path.export_id" },
    file: { mediaTypes: Object.values(CONTENT_TYPES) },
    summary: "Download an export's file (PDF, ZIP or JSON), byte for byte as stored",
    tag,
  },
];
