import { expect } from "vitest";
import { startTestStack, type TestStack } from "../server/test/harness";
import { reconcile } from "../server/dashboard/reconcile";

/**
 * A whole seeded stack serving the built apps (run `npm run build` first; npm test does). Before it
 * stops, the books are reconciled against the chain (supply, every balance, records both ways): an
 * end-to-end walk that left anything unexplained on chain fails.
 */
export async function startE2EStack(): Promise<TestStack> {
  const s = await startTestStack({ logLevel: "silent" });
  const stop = s.stop.bind(s);
  return Object.assign(s, {
    async stop() {
      try {
        await s.waitIndexed();
        const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
        expect(report.lines.filter((l) => !l.ok), "reconciliation at the end of the walk").toEqual([]);
      } finally {
        await stop();
      }
    },
  });
}
