import { describe, expect, it } from "vitest";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import { Msg } from "../domain/messages";

/** The personal-data access log (server/features/access-log): a download asks why, and the log shows it. */
describe("personal-data access log in Chromium", () => {
  const suite = browserSuite();

  it("asks a reason before the member file is made, then the download shows in the access log screen", async () => {
    const s = suite.stack();
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/account`);
    await page.getByTestId("members-table-row").first().waitFor();

    // The excel button opens the reason dialog; no request is made until a reason is given.
    await page.getByTestId("members-excel").click();
    await page.getByTestId("members-excel-reason").waitFor();
    await page.getByTestId("members-excel-reason-submit").click();
    await page.getByTestId("members-excel-reason").getByText(Msg.downloadReasonRequired).waitFor();
    await page.getByTestId("members-excel-reason-select").selectOption("other");
    await page.getByTestId("members-excel-reason-submit").click();
    await page.getByTestId("members-excel-reason").getByText(Msg.downloadReasonTextRequired).waitFor();
    await shot(page, "access-log-reason");
    await page.getByTestId("members-excel-reason-text").fill("e2e 열람 요구 대응");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("members-excel-reason-submit").click()]);
    expect(download.suggestedFilename()).toBe("회원정보.xlsx");

    // The access log screen (menu 회원) lists the download with its reason; filtered by screen it stays.
    await page.goto(`${s.url}/admin/account/access-log`);
    await expect.poll(() => page.getByTestId("admin-page-title").textContent()).toBe("개인정보 접근기록");
    const row = page.getByTestId("access-log-table-row").filter({ hasText: "e2e 열람 요구 대응" });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain("다운로드");
    expect(await row.first().textContent()).toContain("회원 관리");
    expect(await row.first().textContent()).toContain("기타");
    // The member list read that came before is there too.
    await page.getByTestId("access-log-screen").selectOption("회원 관리");
    await expect.poll(() => new URL(page.url()).searchParams.get("screen")).toBe("회원 관리");
    await expect
      .poll(async () => (await page.getByTestId("access-log-table-row").allTextContents()).some((t) => t.includes("조회")))
      .toBe(true);
    await shot(page, "access-log-screen");
  });
});
