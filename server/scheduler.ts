import type { AppContext } from "./context";

export interface Scheduler {
  name: string;
  everyMs: number;
  run(ctx: AppContext): void | Promise<void>;
}

/** Periodic jobs registered by feature areas (e.g. the buy-order expiry). */
export const schedulers: Scheduler[] = [];

export function startSchedulers(ctx: AppContext): { stop(): void } {
  const timers = schedulers.map((s) => {
    const tick = async () => {
      try {
        await s.run(ctx);
      } catch (err) {
        ctx.log.error({ err: (err as Error).message, job: s.name }, "scheduler failed");
      }
    };
    void tick();
    const t = setInterval(tick, s.everyMs);
    t.unref();
    return t;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
