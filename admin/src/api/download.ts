import { CookieType } from "@domain/constants";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";
import { ApiError } from "./client";
import { expireSession, getToken } from "./session";
import { fillPath, inQuery as inQueryOf, queryString, type EndpointDef } from "@domain/api/endpoint";
import { REASON_HEADER, REASON_TEXT_HEADER } from "@domain/access-log";
import type { DownloadReason } from "@domain/schemas/access-log";

/** An .xlsx the server streams (an endpoint of the table with its `file`); the body or query is the list's own filter. */
export type DownloadDef = EndpointDef & { file: string };

/** File name from `Content-Disposition` (RFC 5987 `filename*` first), else the fallback. */
export function fileNameOf(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = header?.match(/filename="([^"]+)"/i);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a streamed .xlsx as a Blob, reporting bytes received (the stream has no length up front),
 * then saves it under the server's file name. A JSON answer is the server's refusal or "no results"
 * message and is thrown as ApiError. `reason` is why the operator makes the file (the server refuses a download
 * without one and records it in the personal-data access log).
 */
export async function downloadFile(
  def: DownloadDef,
  filter: Record<string, unknown>,
  onProgress?: (bytes: number) => void,
  signal?: AbortSignal,
  reason?: DownloadReason,
): Promise<void> {
  const { path, rest } = fillPath(def.path, filter);
  const token = getToken();
  const headers: Record<string, string> = { "cookie-type": CookieType.OPERATION };
  if (token) headers.authorization = `Bearer ${token}`;
  if (reason) {
    headers[REASON_HEADER] = reason.reason;
    if (reason.reasonText) headers[REASON_TEXT_HEADER] = encodeURIComponent(reason.reasonText);
  }
  const inQuery = inQueryOf(def);
  if (!inQuery) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(inQuery ? path + queryString(rest) : path, {
      method: def.method,
      headers,
      body: inQuery ? undefined : JSON.stringify(rest),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(Code.SERVER_ERROR, Msg.serverError);
  }
  if (!res.ok || (res.headers.get("content-type") ?? "").includes("json")) {
    const env = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
    if (res.status === 401 && token) expireSession();
    throw new ApiError(env.code ?? res.status, env.message ?? Msg.downloadFailed);
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress?.(received);
  }
  const blob = new Blob(parts, { type: res.headers.get("content-type") ?? "application/octet-stream" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileNameOf(res.headers.get("content-disposition"), def.file);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
