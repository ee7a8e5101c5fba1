import type { AppContext } from "./context";
import type { Job } from "./job";

export type Scheduler = Job<AppContext>;

/** Runs each periodic job once now and then every `everyMs`, logging (not throwing) failures. */
export function startSchedulers(ctx: AppContext, jobs: Scheduler[]): { stop(): void } {
  const timers = jobs.map((s) => {
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
