import { expect } from "vitest";
import type { App } from "../../src/app.js";
import { BOOTSTRAP_SECRET } from "./app.js";
import { Client } from "./http.js";

let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;

export interface SeededOrg {
  id: string;
  /** An admin key (`*`) of this organization in the sandbox. */
  admin: Client;
  /** Issues another key of this organization and returns a client for it. */
  key(options?: {
    scopes?: string[];
    environment?: "sandbox" | "live";
    matter_ids?: string[];
    user_id?: string;
    expires_at?: string;
  }): Promise<Client & { keyId: string }>;
}

/**
 * Fluent test seed kit (STYLE.md): builds tenants through the public HTTP API, starting from
 * the bootstrap provider_internal key.
 */
export class Seed {
  readonly root: Client;
  constructor(readonly app: Pick<App, "fetch">) {
    this.root = new Client(app, BOOTSTRAP_SECRET);
  }

  async bootstrapOrgId(): Promise<string> {
    const res = await this.root.get("/v1/capabilities");
    return res.body.access_posture.organization_id;
  }

  async org(
    options: { name?: string; type?: string; features?: string[] } = {},
  ): Promise<SeededOrg> {
    const res = await this.root.post("/v1/organizations", {
      name: options.name ?? unique("Org"),
      type: options.type ?? "recovery_operator",
      ...(options.features ? { features: options.features } : {}),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.organization_id as string;
    const issue = async (o: Parameters<SeededOrg["key"]>[0] = {}) => {
      const k = await this.root.post(`/v1/organizations/${id}/api-keys`, {
        name: unique("key"),
        scopes: o.scopes ?? ["*"],
        ...(o.environment ? { environment: o.environment } : {}),
        ...(o.matter_ids ? { matter_ids: o.matter_ids } : {}),
        ...(o.user_id ? { user_id: o.user_id } : {}),
        ...(o.expires_at ? { expires_at: o.expires_at } : {}),
      });
      expect(k.status, k.text).toBe(201);
      return Object.assign(new Client(this.app, k.body.secret_once), {
        keyId: k.body.key_id as string,
      });
    };
    const admin = await issue();
    return { id, admin, key: issue };
  }

  /** A matter created through the API by `client`; returns its id. */
  async matter(client: Client, name = unique("Matter")): Promise<string> {
    const res = await client.post("/v1/matters", { name });
    expect(res.status, res.text).toBe(201);
    return res.body.matter_id as string;
  }

  /**
   * A matter in a fresh tenant with live access, and the three callers who must find it
   * absent (404): `stranger` (another tenant), the tenant's own live key, and a key of the
   * tenant limited to another matter.
   */
  async foreignMatter(
    stranger: Client,
  ): Promise<{ owner: SeededOrg; matterId: string; outsiders: Client[] }> {
    const owner = await this.org({ features: ["live_access"] });
    const matterId = await this.matter(owner.admin);
    const elsewhere = await this.matter(owner.admin);
    const outsiders = [
      stranger,
      await owner.key({ environment: "live" }),
      await owner.key({ scopes: ["*"], matter_ids: [elsewhere] }),
    ];
    return { owner, matterId, outsiders };
  }
}
