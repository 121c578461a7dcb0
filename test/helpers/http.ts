import { expect } from "vitest";
import type { App } from "../../src/app.js";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body's bytes as received (for files). */
  bytes: Uint8Array;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Raw body text instead of JSON. */
  raw?: string;
}

/** A caller bound to one API key, talking to the app in-process through its HTTP face. */
export class Client {
  constructor(
    readonly app: Pick<App, "fetch">,
    readonly secret: string | null,
  ) {}

  as(secret: string | null): Client {
    return new Client(this.app, secret);
  }

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.secret) headers.Authorization ??= `Bearer ${this.secret}`;
    let payload: string | undefined = options.raw;
    if (body !== undefined && payload === undefined) {
      payload = JSON.stringify(body);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await this.app.fetch(
      new Request(`http://test.local${path}`, { method, headers, body: payload }),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Non-JSON bodies (HTML docs, files) stay as text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text, bytes };
  }

  get<T = any>(path: string, options?: CallOptions) {
    return this.call<T>("GET", path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("POST", path, body ?? {}, options);
  }
  patch<T = any>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("PATCH", path, body ?? {}, options);
  }
  /** A GraphQL request; returns the whole response body ({data, errors}). */
  graphql(query: string, variables?: Record<string, unknown>): Promise<ApiResponse<any>> {
    return this.call("POST", "/graphql", { query, variables });
  }
}

/** Asserts the CONTRACT.md §2 error body and returns it. */
export function errorOf(res: ApiResponse) {
  return res.body?.error as {
    type: string;
    code: string;
    message: string;
    param?: string;
    request_id: string;
    details: any;
  };
}

/** Asserts a refusal: its status, its CONTRACT.md §2 code and, when given, its `param`. */
export function expectError(res: ApiResponse, status: number, code: string, param?: string) {
  expect(res.status, res.text).toBe(status);
  expect(errorOf(res).code, res.text).toBe(code);
  if (param !== undefined) expect(errorOf(res).param, res.text).toBe(param);
  return errorOf(res);
}

/** Awaits a call that must succeed with `status` and returns its body. */
export async function made(res: Promise<ApiResponse>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}
