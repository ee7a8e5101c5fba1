import type { IncomingMessage } from "node:http";
import type { Request } from "express";

/** Paths whose JSON body is also kept as received: a signed callback's HMAC is over the exact bytes. */
const RAW_PATHS = new Set(["/api/bank/callback"]);

/** express.json's `verify`: keeps the raw bytes of the signed paths' bodies. */
export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if (RAW_PATHS.has((req.url ?? "").split("?")[0])) (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buf;
}

export const rawBodyOf = (req: Request): Buffer | undefined => (req as Request & { rawBody?: Buffer }).rawBody;
