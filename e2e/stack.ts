import { startTestStack, type TestStack } from "../server/test/harness";

/** A whole seeded stack serving the built apps (run `npm run build` first; npm test does). */
export async function startE2EStack(): Promise<TestStack> {
  return startTestStack({ logLevel: "silent" });
}
