import path from "node:path";
import express, { type Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { openApiDocument } from "../../http/openapi";
import { API_FEATURES } from "../../../domain/api";
import { apiDocsApi as api } from "../../../domain/api/api-docs";

const SWAGGER_UI = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const VERSION = (require("../../../package.json") as { version: string }).version;

/** The page: Swagger UI from its npm package (no CDN), started by a script file of ours (the CSP allows no inline script). */
const PAGE = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><title>KRW Voucher API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="api"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body>
</html>`;
const START = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#api", deepLinking: true, tryItOutEnabled: false });`;

/** `/api/openapi.json` (made once, from domain/api/) and `/api/docs`. */
export function apiDocsRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  let doc: string | undefined;
  handle(api.openApi, async (_in, _req, res) => {
    doc ??= JSON.stringify(openApiDocument(API_FEATURES, { title: "KRW Voucher API", version: VERSION }));
    res.type("application/json").send(doc);
  });
  handle(api.apiDocs, async (_in, _req, res) => {
    res.type("text/html; charset=utf-8").send(PAGE);
  });
  router.get("/api/docs/start.js", (_req, res) => res.type("text/javascript").send(START));
  router.use("/api/docs/assets", express.static(SWAGGER_UI, { index: false, maxAge: "1d" }));
  return router;
}
