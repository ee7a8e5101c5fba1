import type { AppContext } from "./context";

/**
 * A periodic job (작업, docs/glossary.md): run once at start, then every `everyMs`. The list the server runs is
 * server/jobs.ts; `startJobs` runs them.
 */
export interface Job<Ctx = AppContext> {
  name: string;
  everyMs: number;
  run(ctx: Ctx): void | Promise<void>;
}

/** Runs each job once now and then every `everyMs`, logging (not throwing) failures. */
export function startJobs(ctx: AppContext, jobs: Job[]): { stop(): void } {
  const timers = jobs.map((job) => {
    const tick = async () => {
      try {
        await job.run(ctx);
      } catch (err) {
        ctx.log.error({ err: (err as Error).message, job: job.name }, "job failed");
      }
    };
    void tick();
    const t = setInterval(tick, job.everyMs);
    t.unref();
    return t;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
