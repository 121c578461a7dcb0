import { describe, expect, it } from "vitest";
import type { PrismaClient } from "../../src/db/client.js";
import { ScopedClients, type TenantScope } from "../../src/db/tenant-scope.js";

/** A stand-in for PrismaClient: each `$extends` returns a new object (as Prisma's does). */
function fakeBase() {
  let built = 0;
  const base = { $extends: () => ({ n: ++built }) } as unknown as PrismaClient;
  return { base, built: () => built };
}

const scope = (over: Partial<TenantScope> = {}): TenantScope => ({
  organizationId: "org_a",
  environment: "sandbox",
  matterIds: null,
  ...over,
});

describe("ScopedClients (one $extends per scope, not per request)", () => {
  it("reuses the client of an equal scope, whatever the order of its matters", () => {
    const { base, built } = fakeBase();
    const clients = new ScopedClients(base);
    const first = clients.for(scope({ matterIds: ["mat_1", "mat_2"] }));
    expect(clients.for(scope({ matterIds: ["mat_2", "mat_1"] }))).toBe(first);
    expect(built()).toBe(1);
  });

  it("never shares a client between organizations, environments or matter reaches", () => {
    const { base } = fakeBase();
    const clients = new ScopedClients(base);
    const all = [
      clients.for(scope()),
      clients.for(scope({ organizationId: "org_b" })),
      clients.for(scope({ environment: "live" })),
      clients.for(scope({ matterIds: [] })),
      clients.for(scope({ matterIds: ["mat_1"] })),
      clients.for(scope({ matterIds: ["mat_1", "mat_2"] })),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it("keeps its own copy of the scope: a caller changing its array later changes nothing", () => {
    const { base } = fakeBase();
    const clients = new ScopedClients(base);
    const matterIds = ["mat_1"];
    const first = clients.for(scope({ matterIds }));
    matterIds.push("mat_2");
    expect(clients.for(scope({ matterIds: ["mat_1"] }))).toBe(first);
    expect(clients.for(scope({ matterIds }))).not.toBe(first);
  });

  it("drops the least recently used scope beyond its bound", () => {
    const { base, built } = fakeBase();
    const clients = new ScopedClients(base, 2);
    const a = clients.for(scope({ organizationId: "org_1" }));
    clients.for(scope({ organizationId: "org_2" }));
    expect(clients.for(scope({ organizationId: "org_1" }))).toBe(a);
    clients.for(scope({ organizationId: "org_3" }));
    expect(built()).toBe(3);
    expect(clients.for(scope({ organizationId: "org_1" }))).toBe(a);
    clients.for(scope({ organizationId: "org_2" }));
    expect(built()).toBe(4);
  });
});
