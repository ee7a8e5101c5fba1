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

/** The store's head is not where this indexer left it: another writer moved it. Nothing was written. */
export class StaleHeadError extends RetryableError {
  constructor(expected: string | null, found: string | null) {
    super(`the chain store's head is ${found ?? "empty"}, not ${expected ?? "empty"}: another indexer wrote to it`);
    this.name = "StaleHeadError";
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
