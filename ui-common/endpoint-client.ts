import { type ClientInput, type EndpointDef, type ResponseData, fillPath, inQuery, queryString } from "@domain/api/endpoint";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";
import { ApiError, type CallOptions } from "./api-client";

/**
 * An answer whose `data` is not what the endpoint's response schema says (a contract error): told as a server error,
 * but a caller that knows what the missing part means may tell it better (a login answer without its token is a
 * failed login).
 */
export class ContractError extends ApiError {
  constructor() {
    super(Code.SERVER_ERROR, Msg.serverError);
  }
}

type ApiCall = <T>(method: string, path: string, body?: unknown, call?: CallOptions) => Promise<T>;

type HasInput<E> = E extends { params: unknown } | { query: unknown } | { body: unknown } ? true : false;

/** An endpoint's arguments: its input (omitted when it declares none) and the call's options. */
export type EndpointArgs<E extends EndpointDef> =
  HasInput<E> extends true ? [input: ClientInput<E>, opts?: CallOptions] : [input?: undefined, opts?: CallOptions];

/**
 * Calls an endpoint of the table in domain/api/ through the app's client: path segments filled from the
 * input, the other fields in the query string (GET, DELETE) or the JSON body (POST, PUT); `data` checked
 * against the endpoint's response schema (a mismatch is a contract error, told as a server error, not a crash).
 */
export function createEndpointCaller(apiCall: ApiCall) {
  return async function callEndpoint<E extends EndpointDef>(e: E, ...[input, opts]: EndpointArgs<E>): Promise<ResponseData<E>> {
    const { path, rest } = fillPath(e.path, input);
    const query = inQuery(e);
    const body = query || (!e.body && input === undefined) ? undefined : rest;
    const raw = await apiCall<unknown>(e.method, query ? path + queryString(rest) : path, body, opts);
    if (!e.response) return raw as ResponseData<E>;
    const parsed = e.response.safeParse(raw);
    if (!parsed.success) {
      console.warn(`[api] ${e.method} ${e.path}: unexpected response shape`, parsed.error.issues);
      throw new ContractError();
    }
    return parsed.data as ResponseData<E>;
  };
}
