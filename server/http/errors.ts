import type { ErrorRequestHandler, RequestHandler } from "express";
import { z } from "zod";
import { Code, httpStatusFor } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** The one typed error: a spec code plus its Korean message (and optional data). */
export class AppError extends Error {
  constructor(
    public code: number,
    message: string,
    public data?: unknown,
    public httpStatus: number = httpStatusFor(code),
  ) {
    super(message);
  }
}

export const badRequest = (message: string = Msg.badRequest, data?: unknown) => new AppError(Code.BAD_REQUEST, message, data);
export const unauthorized = (message: string = Msg.unauthorized) => new AppError(Code.UNAUTHORIZED, message);
export const forbidden = (message: string = Msg.forbidden) => new AppError(Code.FORBIDDEN, message);
export const notFound = (message: string = Msg.notFound) => new AppError(Code.NOT_FOUND, message);
export const chainUnavailable = () => new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);

/** Zod's own (English) messages may quote Korean values, e.g. an enum's options. */
const ZOD_ENGLISH = /^(Invalid|Expected|Too (big|small)|Unrecognized|Required)/;

/** First Korean message of a zod error: ours are Korean; zod's own English ones become a generic message. */
export function zodMessage(err: z.ZodError): string {
  for (const issue of err.issues) {
    if (issue.code === "unrecognized_keys") return Msg.unknownField;
    if (/[가-힣]/.test(issue.message) && !ZOD_ENGLISH.test(issue.message)) return issue.message;
  }
  return Msg.badRequest;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

/** Central error handler: typed errors keep their code; bad JSON is a 400; anything else is logged and is a 500. */
export function errorHandler(log: { error: (obj: unknown, msg?: string) => void }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof AppError) {
      res.status(err.httpStatus).json({ code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) });
      return;
    }
    if (err instanceof z.ZodError) {
      res.status(400).json({ code: Code.BAD_REQUEST, message: zodMessage(err) });
      return;
    }
    const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean };
    if (e?.type === "charset.unsupported" || e?.type === "encoding.unsupported") {
      // e.g. `application/json; charset=latin1` or koi8-r: the client's mistake, not ours.
      res.status(415).json({ code: 415, message: Msg.unsupportedMediaType });
      return;
    }
    if (
      e?.type === "entity.parse.failed" ||
      e?.type === "entity.too.large" ||
      e?.status === 400 ||
      (e?.expose && (e.status ?? 0) >= 400 && (e.status ?? 0) < 500)
    ) {
      res.status(e.type === "entity.too.large" ? 413 : 400).json({ code: Code.BAD_REQUEST, message: Msg.badRequest });
      return;
    }
    log.error({ err, path: req.path, method: req.method }, "unhandled error");
    res.status(500).json({ code: Code.SERVER_ERROR, message: Msg.serverError });
  };
}

/** OPTIONS: no cross-origin use is offered; answered in the envelope instead of Express's plain-text list. */
export const optionsHandler: RequestHandler = (req, res, next) => {
  if (req.method !== "OPTIONS") return next();
  res.setHeader("Allow", "GET, HEAD, POST, PUT, DELETE");
  res.status(405).json({ code: 405, message: Msg.methodNotAllowed });
};

/**
 * Errors Node's HTTP parser meets before Express sees the request (431 headers too large, 400 malformed),
 * answered in the `{code, message}` envelope.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: import("node:stream").Duplex): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", { code: 431, message: Msg.headersTooLarge }]
      : [400, "Bad Request", { code: Code.BAD_REQUEST, message: Msg.badRequest }];
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
