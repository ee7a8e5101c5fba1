import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { Msg } from "../domain/messages";
import { ResultPages } from "../domain/state-labels";
import { ResultType } from "../domain/constants";
import { memberSelfApi, membersApi } from "../domain/api/members";
import type { TestStack } from "../server/test/harness";
import { createMember } from "../server/features/members/members.service";
import { memberById } from "../server/records/members.repo";
import { acceptBuy, requestBuy } from "../server/features/purchases/purchases.service";
import { ADULT_BIRTH, verifyByHttp } from "../server/providers/identity/testing";
import { browserSuite, submitMemberLogin } from "./stack";
import { enterPassword, onChain, textOf, walletOf, won } from "./helpers-money";

/**
 * 회원 탈퇴 in Chromium (issue 36 item 3): a member with a balance opens 회원 탈퇴 from my info at a phone's width,
 * re-verifies in the identity popup, gives an account in their own name (another holder's refused), agrees, confirms
 * and enters the payment password: the account closes (result page, logged out) and the whole balance waits in the
 * refund escrow; an operator changes its account (a closed one refused; a closing refund has no 반려) and pays it out
 * from /admin/refund, totalSupply falls by the balance; a login with the old
 * phone and password is told '탈퇴한 회원입니다.'; the phone signs up again as a new member; the operators' member
 * list shows 탈퇴 with the date. The stack reconciles the books when the suite stops (stack.ts).
 */
describe("closing an account in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  const WHO = { phone: "01077780001", password: "246813", name: "정탈퇴" };
  const BUY = 30_000;
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());

  beforeAll(async () => {
    s = suite.stack();
    const m = await createMember(s.ctx, { phonenumber: WHO.phone, password: WHO.password, username: WHO.name, birth: "1990-01-15" });
    const order = await requestBuy(s.ctx, (await memberById(s.ctx.db, m.id))!, BUY, WHO.password);
    expect((await acceptBuy(s.ctx, order.id)).status).toBe("confirmed");
    await s.waitIndexed();
  }, 120_000);

  async function reverify(page: Page, trigger: Locator): Promise<void> {
    const popupP = page.waitForEvent("popup");
    await trigger.click();
    const popup = await popupP;
    await popup.waitForURL(/\/verify\/[A-Za-z0-9_-]{32}$/);
    await popup.getByLabel("이름").fill(WHO.name);
    await popup.getByLabel("생년월일").fill(ADULT_BIRTH);
    await popup.getByLabel("통신사").selectOption("SKT");
    await popup.getByLabel("휴대폰 번호").fill(WHO.phone);
    const closed = popup.waitForEvent("close");
    // The popup closes itself inside the click.
    await popup
      .getByRole("button", { name: "인증하기" })
      .click()
      .catch(() => undefined);
    await closed;
  }

  it("closes with the balance refunded by an operator's payout; the login then fails; the phone signs up again", async () => {
    const wallet = await walletOf(s, WHO.phone);
    expect(await onChain(s, wallet)).toBe(BUY);
    const page = await suite.memberPage(WHO);
    await page.setViewportSize({ width: 360, height: 740 }); // the member's screens at a phone's width

    await page.goto(`${s.url}/info/detail`);
    await page.getByTestId("info-close-link").click();
    await page.waitForURL(`${s.url}/info/close`);
    await expect.poll(() => textOf(page, "close-balance")).toContain(won(BUY));
    await expect.poll(() => textOf(page, "close-refundable")).toContain(won(BUY));
    expect(await page.getByTestId("close-submit").isDisabled()).toBe(true);

    await reverify(page, page.getByTestId("close-verify"));
    await page.getByTestId("close-verified").waitFor();
    // Another holder's account is refused with the Korean message; the member's own is accepted (keyboard: Enter submits).
    await page.getByTestId("close-bank").fill("국민은행");
    await page.getByTestId("close-account-no").fill("9991234567");
    await page.getByTestId("close-holder-check").click();
    await expect.poll(() => textOf(page, "close-holder-error")).toBe(Msg.refundHolderMismatch);
    await page.getByTestId("close-account-no").fill("1234567890");
    await page.getByTestId("close-account-no").press("Enter");
    await page.getByTestId("close-holder-ok").filter({ hasText: WHO.name }).waitFor();
    await page.getByTestId("close-agree").click();
    await page.getByTestId("close-submit").click();
    await page.getByTestId("close-confirm-ok").click();
    await enterPassword(page, WHO.password);
    await page.waitForURL(new RegExp(`/result\\?type=${ResultType.ACCOUNT_CLOSED}$`));
    expect(await page.getByTestId("result-message").textContent()).toBe(ResultPages[ResultType.ACCOUNT_CLOSED].message);
    await expect.poll(() => onChain(s, wallet), { timeout: 20_000 }).toBe(0);

    // The operator pays the closing refund out: the escrowed balance is burned.
    const before = await supply();
    const admin = await suite.adminPage();
    await admin.goto(`${s.url}/admin/refund`);
    await admin.getByTestId("refund-table-row").filter({ hasText: "탈퇴" }).first().click();
    // Not rejected (nobody could use money returned to the closed wallet): the account the member gives support instead.
    expect(await admin.getByTestId("refund-reject").count()).toBe(0);
    await admin.getByTestId("refund-new-bank").fill("신한은행");
    await admin.getByTestId("refund-new-account").fill("8881112222");
    await admin.getByTestId("refund-account-reason").fill("회원 전화: 기존 계좌 해지");
    await admin.getByTestId("refund-account-submit").click();
    await expect.poll(() => textOf(admin, "refund-account-error")).toBe(Msg.refundAccountClosed);
    await admin.getByTestId("refund-new-account").fill("3334445555");
    await admin.getByTestId("refund-new-account").press("Enter");
    await expect.poll(() => textOf(admin, "refund-detail")).toContain("신한은행 3334445555");
    await admin.getByTestId("refund-bank-ref").fill("KB-CLOSE-0001");
    await admin.getByTestId("refund-pay").click();
    await expect.poll(async () => before - (await supply()), { timeout: 20_000 }).toBe(BUY);

    // The login with the old phone and password: refused with its own message.
    await page.goto(`${s.url}/login`);
    await submitMemberLogin(page, WHO);
    await expect.poll(() => textOf(page, "login-error")).toContain(Msg.accountClosed);

    // The operators see 탈퇴 with the closing date.
    const adminToken = await s.loginOperator("admin", "admin1234");
    const list = await s.api(membersApi.memberList, { keyword: "탈퇴회원", state: "kickOut" }, { token: adminToken, marker: "operation" });
    expect(list.data.list.some((m) => m.closedAt !== null && m.username === "탈퇴회원")).toBe(true);

    // The phone signs up again as a new member, who starts empty.
    const key = (await verifyByHttp(s, "signup", { name: WHO.name, birth: ADULT_BIRTH, phone: WHO.phone })).key;
    const again = await s.api(memberSelfApi.signup, { key_info: key, password: "135792" });
    expect(again.code).toBe(200);
    await page.goto(`${s.url}/login`);
    await submitMemberLogin(page, { phone: WHO.phone, password: "135792" });
    await page.waitForURL(`${s.url}/`);
    expect(await onChain(s, await walletOf(s, WHO.phone))).toBe(0);
  }, 240_000);
});
