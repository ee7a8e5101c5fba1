import type { RequestHandler } from "express";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { apiKeyByHash } from "./auth.repo";
import { hashApiKey } from "./api-keys";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** `X-API-Key` of the active partner key (only its hash is stored). */
export function requireApiKey(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const key = req.headers["x-api-key"];
    if (typeof key !== "string" || key.length < 10 || key.length > 200) return next(new AppError(Code.UNAUTHORIZED, Msg.apiKeyInvalid));
    if (!(await apiKeyByHash(ctx.db, hashApiKey(key)))) return next(new AppError(Code.UNAUTHORIZED, Msg.apiKeyInvalid));
    next();
  };
}
