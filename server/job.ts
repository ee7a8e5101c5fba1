/** A periodic job: run once at start, then every `everyMs` (server/scheduler.ts runs them). */
export interface Job<Ctx> {
  name: string;
  everyMs: number;
  run(ctx: Ctx): void | Promise<void>;
}
