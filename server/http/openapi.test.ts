import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestStack, type TestStack } from "../test/harness";
import { mountedRoutes } from "../test/routes";
import { API, API_FEATURES } from "../../domain/api";
import { settlementApi } from "../../domain/api/settlement";
import type { EndpointDef } from "../../domain/api/endpoint";

const key = (e: EndpointDef) => `${e.method} ${e.path}`;
/** The endpoints that are routes of their own (a view types another endpoint's route for one case). */
const routes = () => Object.entries(API as Record<string, EndpointDef>).filter(([, e]) => !e.viewOf);

describe("the endpoint table and its OpenAPI document", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("names every endpoint once: the flat table is exactly the features' tables", () => {
    const fromFeatures = Object.values(API_FEATURES).flatMap((f) => Object.keys(f));
    expect(new Set(fromFeatures).size).toBe(fromFeatures.length);
    expect(Object.keys(API).sort()).toEqual(fromFeatures.sort());
    const keys = routes().map(([, e]) => key(e));
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, e] of Object.entries(API as Record<string, EndpointDef>)) {
      if (e.viewOf) expect(key((API as Record<string, EndpointDef>)[e.viewOf]), name).toBe(key(e));
    }
  });

  it("documents every /api route the app mounts, and every documented route is mounted", () => {
    const app = s.server.listeners("request")[0] as express.Express;
    // The bank's signed callback is the provider's contract (server/providers/bank/README.md), not a client's call.
    const notClients = ["/api/docs/start.js", "/api/bank/callback"];
    const mounted = mountedRoutes(app, (r) => r.path.startsWith("/api/") && !notClients.includes(r.path));
    expect(mounted).toEqual(
      routes()
        .map(([, e]) => key(e))
        .sort(),
    );
  });

  it("serves a valid OpenAPI 3.1 document listing every endpoint with its access", async () => {
    const res = await fetch(`${s.url}/api/openapi.json`);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; "x-access"?: unknown }>>;
    };
    const v = new Validator();
    const result = await v.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops.sort()).toEqual(
      routes()
        .map(([name]) => name)
        .sort(),
    );
    const accept = doc.paths["/api/calc/management/accept"].post;
    expect(accept["x-access"]).toEqual({ operator: "settlementApprove", who: "staff", anyOf: ["isExchange2"] });
    expect(doc.paths["/api/calc/management/delete/{orderNo}"].delete.operationId).toBe("settlementDelete");
  });

  it("serves a readable page from the package, no CDN", async () => {
    const page = await (await fetch(`${s.url}/api/docs`)).text();
    expect(page).toContain("/api/docs/assets/swagger-ui-bundle.js");
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${s.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("calls endpoints with types through the test helper", async () => {
    const token = await s.loginOperator("admin", "admin1234");
    const r = await s.api(settlementApi.settlementSearch, { page: 1, perPage: 10 }, { token });
    expect(r.code).toBe(200);
    expect(r.data.total).toBeGreaterThanOrEqual(0);
    const refused = await s.api(
      settlementApi.settlementAccept,
      { orderNo: "nope" },
      { token: await s.loginUser("01011112222", "111111"), marker: "web" },
    );
    expect(refused.status).toBe(401);
  });
});
