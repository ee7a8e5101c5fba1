import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { AppContext } from "./context";
import { errorHandler, notFound, optionsHandler } from "./http/errors";
import { routeModules } from "./features";
import { sendHtml, staticFiles } from "./http/static";
import { keepRawBody } from "./http/raw-body";

const DIST = path.resolve(__dirname, "..", "dist");

/** The Express app: security headers, request log, JSON API, then both built SPAs. */
export function createApp(ctx: AppContext, extra: { demoShop?: express.Router } = {}): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "script-src": ["'self'", "t1.daumcdn.net", "t1.kakaocdn.net", "postcode.map.daum.net"],
          "frame-src": ["'self'", "postcode.map.daum.net", "*.daum.net"],
          "img-src": ["'self'", "data:", "blob:"],
          // 'self' covers ws:/wss: to this origin (the operators' socket); no other host.
          "connect-src": ["'self'"],
          // The QR scan (qr-scanner) decodes in a worker it starts from a blob.
          "worker-src": ["'self'", "blob:"],
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    }),
  );
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      // Path only: query strings and bodies may carry tokens or passwords.
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (req.path.startsWith("/api"))
        ctx.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) }, "request");
    });
    next();
  });
  app.use(optionsHandler);
  app.use(compression({ filter: compressible }));
  // The demo shop (demo-shop/) reads its own bodies: its webhook's signature is over the raw bytes.
  if (extra.demoShop) app.use(extra.demoShop);
  // A bank statement upload (base64 in JSON) may be a few megabytes; every other body stays small.
  app.use("/api/sale/statements", express.json({ limit: "4mb" }));
  app.use(express.json({ limit: "200kb", verify: keepRawBody }));

  for (const mod of routeModules) app.use(mod(ctx));
  // The simulated bank's page (/sim-bank); a real provider has none, so with one configured it does not exist.
  if (ctx.bank.routes) app.use(ctx.bank.routes());
  app.use("/api", (_req, _res, next) => next(notFound()));

  serveSpa(app, "/admin", path.join(DIST, "admin"));
  serveSpa(app, "/", path.join(DIST, "web"));
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(ctx.log));
  return app;
}

/**
 * API answers (JSON, ≥ 1 KB) go out br/gzip as the client accepts. Not the xlsx downloads (already zip, and
 * streamed with backpressure), nor the built files (static.ts sends their precompressed copies); the
 * websocket upgrade never passes through Express.
 */
function compressible(req: express.Request, res: express.Response): boolean {
  if (!req.path.startsWith("/api/") || /\/download(\/|$)/.test(req.path)) return false;
  return compression.filter(req, res);
}

/**
 * Serves a built Vite app with an index.html fallback for client routes. The member app's "/" gets
 * landing.html instead when the build wrote it: the same page with the landing route pre-rendered into it
 * (scripts/vite-prerender.ts), which the client hydrates; other routes must not show that markup.
 */
function serveSpa(app: express.Express, mount: string, dir: string) {
  const index = path.join(dir, "index.html");
  const landing = mount === "/" ? path.join(dir, "landing.html") : null;
  app.use(mount, staticFiles(dir));
  app.get(mount === "/" ? "/{*rest}" : `${mount}{/*rest}`, (req, res, next) => {
    if (req.path.startsWith("/api")) return next();
    if (!fs.existsSync(index))
      return res.status(503).type("text/plain; charset=utf-8").send("앱이 아직 빌드되지 않았습니다: npm run build");
    sendHtml(req, res, landing && req.path === "/" && fs.existsSync(landing) ? landing : index);
  });
}
