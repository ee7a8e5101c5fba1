/**
 * The time the member-facing rules read (validity, its notices, receipts' "printed at"). The system clock, moved by
 * tests only: `ctx.clock.advance(ms)` puts the whole stack's "now" ahead (the validity job and the my-info validity
 * then see the future), without touching the timers or the token lifetimes that read Date.now().
 */
export interface Clock {
  now(): Date;
  /** Moves this clock's now by `ms` (tests: the clock moved forward to a validity notice or past the end). */
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}
