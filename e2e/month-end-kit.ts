import { expect } from "vitest";
import type { Page } from "playwright-core";

/** Makes a cut-off at `block` on /admin/month-end and waits until its root's publication tx shows in its row. */
export async function makeCutoffOnScreen(admin: Page, url: string, block: number): Promise<void> {
  await admin.goto(`${url}/admin/month-end`);
  await admin.getByTestId("cutoff-at").fill(String(block));
  await admin.getByTestId("cutoff-make").click();
  const row = admin.getByTestId("cutoff-row").first();
  await expect
    .poll(
      async () =>
        (await row
          .getByTestId("cutoff-root-tx")
          .textContent({ timeout: 1_000 })
          .catch(() => "")) ?? "",
      { timeout: 30_000 },
    )
    .toMatch(/^0x[0-9a-f]{64}$/);
}
