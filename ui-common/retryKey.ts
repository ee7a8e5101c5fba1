import { useMemo, useRef } from "react";
import { Code } from "@domain/codes";
import { ApiError } from "./api-client";

/**
 * Whether the server gave a final answer (done, refused, or sent and being settled): the next try is a new request
 * with a new key. No answer, 5xx or 'in progress' (409) decided nothing, so a retry keeps the key and the server
 * replays the first outcome instead of moving money twice.
 */
export function isDecided(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const undecided = err.unanswered || (err.code >= 500 && err.code < 600) || err.code === Code.CONFLICT;
  return !undecided;
}

/**
 * An Idempotency-Key per money request: `keyFor(request)` gives the same key for the same request until
 * `settled` is told of a final answer (or of success); a different request gets a new key.
 */
export function useRetryKey() {
  const attempt = useRef<{ key: string; of: string } | null>(null);
  // One object for the component's life (a dependency of effects that forget the key).
  return useMemo(
    () => ({
      keyFor(request: unknown): string {
        const of = JSON.stringify(request);
        if (!attempt.current || attempt.current.of !== of) attempt.current = { key: crypto.randomUUID(), of };
        return attempt.current.key;
      },
      settled(err?: unknown): void {
        if (err === undefined || isDecided(err)) attempt.current = null;
      },
    }),
    [],
  );
}
