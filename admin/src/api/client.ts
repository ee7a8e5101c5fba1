import type { Envelope } from "@domain/codes";
import { Code } from "@domain/codes";
import { CookieType } from "@domain/constants";
import { Msg } from "@domain/messages";
import { getToken, expireSession } from "./session";

/** Thrown for any envelope whose code is not 200; `code` is the spec code. */
export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public data?: unknown,
  ) {
    super(message);
  }
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * Calls the API with the operation token and `cookie-type: operation`, returns `data` on code 200
 * and throws ApiError otherwise. A 401 on an authenticated call ends the session (the guards then
 * send the operator to /admin/login).
 */
export async function apiCall<T>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { "cookie-type": CookieType.OPERATION, accept: "application/json" };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: opts.signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ApiError(Code.CHAIN_UNAVAILABLE, Msg.serverError);
  }
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status || Code.SERVER_ERROR, res.status === 404 ? Msg.notFound : Msg.serverError);
  }
  if (env.code !== Code.OK) {
    if (env.code === Code.UNAUTHORIZED && token && res.status === 401) expireSession();
    throw new ApiError(env.code, env.message ?? Msg.serverError, env.data);
  }
  return env.data as T;
}
