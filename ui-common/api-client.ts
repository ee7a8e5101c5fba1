import type { Envelope } from "@domain/codes";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";

/** Thrown for any envelope whose code is not 200; `code` is the spec code. */
export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public data?: unknown,
    /** No answer of the server's came (a network failure, a body that is not ours): the request may have run. */
    public unanswered = false,
  ) {
    super(message);
  }
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** The `cookie-type` marker: "web" or "operation". */
  marker: string;
  getToken(): string | null;
  /** Called when the server refuses the token (HTTP 401 on an authenticated call). */
  onUnauthorized(): void;
}

/**
 * The apps' one way to call the API: bearer token + cookie-type marker, JSON in and out; returns
 * `data` on code 200 and throws ApiError otherwise (network failure → a Korean retry message).
 */
export function createApiClient(opts: ClientOptions) {
  return async function apiCall<T>(method: string, path: string, body?: unknown, call: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { "cookie-type": opts.marker, accept: "application/json" };
    const token = opts.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    if (call.idempotencyKey) headers["idempotency-key"] = call.idempotencyKey;
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: call.signal });
    } catch (e) {
      if (call.signal?.aborted) throw e;
      throw new ApiError(Code.CHAIN_UNAVAILABLE, Msg.serverError, undefined, true);
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new ApiError(
        res.status || Code.SERVER_ERROR,
        res.status === 404 ? Msg.notFound : Msg.serverError,
        undefined,
        res.status !== 404,
      );
    }
    if (env.code !== Code.OK) {
      if (env.code === Code.UNAUTHORIZED && token && res.status === 401) opts.onUnauthorized();
      throw new ApiError(env.code, env.message ?? Msg.serverError, env.data);
    }
    return env.data as T;
  };
}

/** A cookie's value, or null. */
export function readCookie(name: string): string | null {
  const m = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return m ? decodeURIComponent(m.slice(name.length + 1)) : null;
}
