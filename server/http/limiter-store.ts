import type pg from "pg";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";

/** The table RateLimiterPostgres keeps its counts in (migration 2026-12-03-rate-limits; PostgreSQL only). */
export const RATE_LIMIT_TABLE = "rate_limits";

/** Where rate limits count: one table every process shares (PostgreSQL), or this process's memory (SQLite). */
export interface LimiterStore {
  limiter(opts: { points: number; duration: number; keyPrefix: string }): RateLimiterAbstract;
}

export function limiterStore(pool: pg.Pool | null): LimiterStore {
  let sweeper = true;
  return {
    limiter(opts) {
      const memory = new RateLimiterMemory(opts);
      if (!pool) return memory;
      const shared = new RateLimiterPostgres({
        ...opts,
        storeClient: pool,
        storeType: "pool",
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        // One limiter per process deletes the rows expired an hour ago (every 5 minutes); the others need not.
        clearExpiredByTimeout: sweeper,
        // A key over its limit is refused from memory for the rest of its window: a flood costs no round trips.
        inMemoryBlockOnConsumed: opts.points + 1,
        // The database not answering: counted in this process's memory meanwhile rather than refused or let through.
        insuranceLimiter: memory,
      });
      sweeper = false;
      return shared;
    },
  };
}
