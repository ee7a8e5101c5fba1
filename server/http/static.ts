import fs from "node:fs";
import path from "node:path";
import express, { type Request, type RequestHandler, type Response } from "express";

/** Hashed build assets never change under their name; everything else is revalidated. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Sends a built HTML page (index.html, the pre-rendered landing.html) as its precompressed copy when the
 * browser accepts one, always revalidated (`no-cache`): its script names change with every build.
 */
export function sendHtml(req: Request, res: Response, file: string): void {
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  const enc = pickEncoding(req, file);
  if (enc) {
    res.setHeader("Content-Encoding", enc.encoding);
    res.type("html");
    res.sendFile(enc.file);
  } else res.sendFile(file);
}

/** The precompressed copy of `file` (.br before .gz) that the request accepts, if the build wrote one. */
function pickEncoding(req: Request, file: string): { encoding: "br" | "gzip"; file: string } | null {
  const accepts = String(req.headers["accept-encoding"] ?? "");
  for (const [encoding, ext] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (new RegExp(`\\b${encoding}\\b`).test(accepts) && fs.existsSync(file + ext)) return { encoding, file: file + ext };
  }
  return null;
}

/**
 * Serves a built app's files: the precompressed copy (.br, else .gz) when the browser accepts it, with
 * `Vary: Accept-Encoding`; hashed files under /assets cached for a year as immutable, other files for an
 * hour, `index.html` never without revalidation.
 */
export function staticFiles(dir: string): RequestHandler {
  const plain = express.static(dir, {
    index: false,
    maxAge: "1h",
    setHeaders: (res, p) => {
      if (p.endsWith(".html")) res.setHeader("Cache-Control", "no-cache");
      else if (p.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", IMMUTABLE);
    },
  });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir + path.sep) || file.endsWith(".html")) return plain(req, res, next);
    const enc = pickEncoding(req, file);
    if (enc) {
      res.setHeader("Content-Encoding", enc.encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", rel.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600");
      res.type(path.extname(file));
      return res.sendFile(enc.file);
    }
    res.setHeader("Vary", "Accept-Encoding");
    plain(req, res, next);
  };
}
