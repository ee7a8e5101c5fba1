import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { freePort } from "../../chain/ports";
import { NodePortInUseError } from "../../chain/node";
import { startStack, type Stack } from "../stack";
import { dropTestDatabase, freshTestDatabase } from "../../db/testing";
import type { Config } from "../config";
import { fillPath, inQuery, queryString, type ClientInput, type EndpointDef, type ResponseData } from "../../domain/api/endpoint";

export interface TestStack extends Stack {
  dataDir: string;
  /** The PostgreSQL database of this stack, or null on SQLite. */
  databaseUrl: string | null;
  /** Calls the API like a client: JSON body, optional bearer token and cookie-type; returns status + envelope. */
  call<T = any>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; marker?: "web" | "operation" | null; headers?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; code: number; message?: string; data: T; headers: Headers }>;
  /**
   * Calls an endpoint of the table in domain/api/ as the apps do, typed: its input (path fields, then query
   * or body) and the `data` of its answer, unchecked so a test sees what the server really sent.
   */
  api<E extends EndpointDef>(
    e: E,
    input?: ClientInput<E>,
    opts?: { token?: string; marker?: "web" | "operation" | null; headers?: Record<string, string> },
  ): Promise<{ status: number; code: number; message?: string; data: ResponseData<E>; headers: Headers }>;
  loginUser(phone: string, password: string): Promise<string>;
  loginOperator(id: string, password: string): Promise<string>;
  /**
   * Stops every process but keeps DATA_DIR, then starts a new stack on it (a fresh node replays the journal).
   * Resolves once the replay is done and the leader runs, unless `waitForReplay: false` (the stack then answers
   * while it replays; `ready()` resolves when it is done). `beforeStart` runs between the stop and the start.
   */
  restart(opts?: { waitForReplay?: boolean; beforeStart?: () => Promise<void> }): Promise<TestStack>;
}

/**
 * A whole stack on free ports with its own temp DATA_DIR, a real Hardhat node and real stores: SQLite
 * files, or a fresh PostgreSQL database when the suites run under `npm run test:pg` (PG_TEST_URL). The
 * demo is seeded unless `seedDemo: false`. `stop()` stops everything and deletes the directory and database.
 */
export async function startTestStack(
  overrides: Partial<Config> = {},
  reuse?: { dataDir: string; env: Record<string, string>; databaseUrl: string | null; waitForReplay?: boolean },
): Promise<TestStack> {
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "krw-test-"));
  const env = reuse?.env ?? {
    DATA_DIR: dataDir,
    KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    JWT_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  const databaseUrl = reuse ? reuse.databaseUrl : (overrides.databaseUrl ?? (await freshTestDatabase()));
  const settings = {
    dataDir,
    port: 0,
    chainPort: await freePort(),
    rpcUrl: null,
    seedDemo: true,
    logLevel: "silent",
    ...overrides,
    databaseUrl,
  };
  let stack: Awaited<ReturnType<typeof startStack>>;
  for (let attempt = 1; ; attempt++) {
    try {
      stack = await startStack(settings, env);
      break;
    } catch (err) {
      // The free port picked was taken before the node listened on it: another one (a port asked for is kept).
      if (!(err instanceof NodePortInUseError) || overrides.chainPort !== undefined || attempt === 3) throw err;
      settings.chainPort = await freePort();
    }
  }
  if (reuse?.waitForReplay !== false) await stack.ready();
  const call: TestStack["call"] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.body !== undefined || opts.raw !== undefined) headers["content-type"] = "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    // With a token the web marker is the default; pass marker: null to send none.
    const marker = opts.marker === undefined ? (opts.token ? "web" : null) : opts.marker;
    if (marker) headers["cookie-type"] = marker;
    const res = await fetch(stack.url + p, {
      method,
      headers,
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    const text = await res.text();
    let env: any = {};
    try {
      env = JSON.parse(text);
    } catch {
      env = { code: res.status, data: text };
    }
    return { status: res.status, code: env.code, message: env.message, data: env.data, headers: res.headers };
  };
  const api: TestStack["api"] = (e, input, opts = {}) => {
    const { path: p, rest } = fillPath(e.path, input);
    const marker = opts.marker === undefined ? (opts.token ? (e.access.kind === "operator" ? "operation" : "web") : null) : opts.marker;
    return call(e.method, inQuery(e) ? p + queryString(rest) : p, { ...opts, marker, body: inQuery(e) ? undefined : rest });
  };
  return {
    ...stack,
    dataDir,
    call,
    api,
    async loginUser(phone, password) {
      const r = await call("POST", "/api/auth/login_user", { body: { username: phone, password } });
      if (r.code !== 200) throw new Error(`login ${phone} failed: ${r.code} ${r.message}`);
      return r.data.accessToken;
    },
    async loginOperator(id, password) {
      const r = await call("POST", "/api/auth/login_admin", { body: { username: id, password } });
      if (r.code !== 200) throw new Error(`admin login ${id} failed: ${r.code} ${r.message}`);
      return r.data.accessToken;
    },
    databaseUrl,
    async stop() {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!overrides.databaseUrl) await dropTestDatabase(databaseUrl);
    },
    async restart(opts = {}) {
      await stack.stop();
      await opts.beforeStart?.();
      return startTestStack(
        { ...overrides, chainPort: await freePort() },
        { dataDir, env, databaseUrl, waitForReplay: opts.waitForReplay },
      );
    },
  };
}
