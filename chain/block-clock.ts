/**
 * The embedded node's clock, shared by the senders of several accounts: one of them at a time sets the next block's
 * timestamp and sends (otherwise a timestamp set for one account's transaction would be mined by another's, and the
 * journal would hold the wrong one). `lastTs` is the last timestamp any of them set.
 */
export interface BlockClock {
  lastTs: number | null;
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function createBlockClock(): BlockClock {
  let turn: Promise<unknown> = Promise.resolve();
  return {
    lastTs: null,
    run(fn) {
      const run = turn.then(fn);
      turn = run.catch(() => undefined);
      return run;
    },
  };
}
