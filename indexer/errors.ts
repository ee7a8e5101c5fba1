/**
 * The indexer's two kinds of failure. Retryable ones (the node is down or slow, the chain moved
 * while a range was being read) are logged and the loop tries again later; fatal ones (bad
 * configuration, a node answering nonsense) stop the loop.
 */
export class RetryableError extends Error {
  readonly retryable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RetryableError";
  }
}

export class FatalError extends Error {
  readonly retryable = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FatalError";
  }
}

/** Anything not explicitly fatal is worth another try: a SQLite busy error or a socket reset passes. */
export function isRetryable(err: unknown): boolean {
  return !(err instanceof FatalError);
}
