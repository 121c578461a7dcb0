import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { expect } from "vitest";
import type { Client } from "./http.js";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Text of a PDF as poppler's pdftotext reads it (poppler-utils must be installed). */
export function pdfToText(pdf: Uint8Array): string {
  const run = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf });
  if (run.error)
    throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString("utf8");
}

/** An export's file through GET …/download, checked against the Export's SHA-256 and size. */
export async function downloaded(
  client: Client,
  exp: { export_id: string; sha256: string; size_bytes: number },
) {
  const res = await client.get(`/v1/exports/${exp.export_id}/download`);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(sha256(res.bytes)).toBe(exp.sha256);
  expect(res.bytes.length).toBe(exp.size_bytes);
  return res.bytes;
}

/**
 * Every text a reader of the file can see: a PDF's extracted text, a JSON's text, and for a ZIP
 * the texts of each file inside (the manifest's sums checked against the files).
 */
export function textsOf(format: string, bytes: Uint8Array): { pdf: string[]; json: string[] } {
  if (format === "pdf") return { pdf: [pdfToText(bytes)], json: [] };
  if (format === "json") return { pdf: [], json: [strFromU8(bytes)] };
  const files = unzipSync(bytes);
  const manifest = JSON.parse(strFromU8(files["manifest.json"]!));
  const names = Object.keys(files).filter((n) => n !== "manifest.json");
  expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual(names.sort());
  for (const f of manifest.files) {
    expect(sha256(files[f.name]!), f.name).toBe(f.sha256);
    expect(files[f.name]!.length).toBe(f.size_bytes);
  }
  const pdf = names.filter((n) => n.endsWith(".pdf")).map((n) => pdfToText(files[n]!));
  const json = names.filter((n) => n.endsWith(".json")).map((n) => strFromU8(files[n]!));
  return { pdf, json: [...json, strFromU8(files["manifest.json"]!)] };
}

/** Text with all whitespace removed, so a value broken across PDF lines still matches. */
export const squeezed = (text: string) => text.replace(/\s+/g, "");
