import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { BOOTSTRAP_SECRET, startTestApp, type TestApp } from "../helpers/app.js";

/** An app whose log lines are collected, at the given level. */
async function appLoggingAt(level: string): Promise<{ app: TestApp; lines: () => any[] }> {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const app = await startTestApp({}, { logger: pino({ level }, sink) });
  apps.push(app);
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  return { app, lines };
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose();
});

const read = (app: TestApp) =>
  app.fetch(
    new Request("http://test/v1/operations?limit=1", {
      headers: { Authorization: `Bearer ${BOOTSTRAP_SECRET}` },
    }),
  );

describe("request log", () => {
  it("writes one JSON line per request with its id, key, method, path, status and duration", async () => {
    const { app, lines } = await appLoggingAt("info");
    const res = await read(app);
    expect(res.status).toBe(200);
    const logged = lines().filter((l) => l.msg === "request");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      request_id: res.headers.get("MD-Request-Id"),
      key_id: expect.stringMatching(/^key_/),
      method: "GET",
      path: "/v1/operations",
      status: 200,
    });
    expect(typeof logged[0].duration_ms).toBe("number");
  });

  it("writes none when the level is above info", async () => {
    const { app, lines } = await appLoggingAt("warn");
    expect((await read(app)).status).toBe(200);
    expect(lines().filter((l) => l.msg === "request")).toHaveLength(0);
  });
});
