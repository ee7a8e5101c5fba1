import { beforeAll, describe, expect, it } from "vitest";
import { shot } from "./browser";
import { accountsSuite } from "./accounts-kit";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

/**
 * My info and the address book in real Chromium against a whole seeded stack (spec user-app §4–§6): the summary,
 * edits with validation, the home address, the QR payload, favourites, and the 360 px layout. One stack for the
 * file, a fresh browser context per test (e2e/accounts-kit.ts).
 */
describe("my info and address book in Chromium", () => {
  const { stack, newPage, loginUi, expectSnack, myInfoApi, memberId } = accountsSuite();
  let s: TestStack;
  beforeAll(() => {
    s = stack();
  });

  // ---------------------------------------------------------------- 4. my info

  it("my info: summary, nickname/e-mail edit with validation, home address, persisted; QR payload copied", async () => {
    const { context, page } = await newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url });
    await loginUi(page, "01011112222", "111111", "50,000원");
    const wallet = (await s.ctx.custody.memberWallet((await memberId("01011112222"))!))!;

    await page.goto(`${s.url}/info/detail`);
    await page.getByTestId("info-page").waitFor();
    expect(await page.getByTestId("info-username").textContent()).toBe("김민준");
    expect(await page.getByTestId("info-address").textContent()).toBe(wallet.address);
    expect(await page.getByTestId("info-balance").textContent()).toBe("50,000원");
    expect(await page.getByTestId("info-phone").inputValue()).toBe("01011112222");
    expect(await page.getByTestId("info-phone").getAttribute("readonly")).not.toBeNull();

    // QR: the payload on the page and on the clipboard.
    const payload = JSON.parse((await page.getByTestId("info-qr").getAttribute("data-payload"))!);
    expect(payload).toEqual({ SPECIAL: expect.any(String), NAME: "김민준", ADDRESS: wallet.address, PHONE: "01011112222" });
    expect(payload.SPECIAL.length).toBeGreaterThan(0);
    await page.getByTestId("info-copy-qr").click();
    await expectSnack(page, Msg.copiedQr);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(payload));
    await page.getByTestId("info-copy-address").click();
    await expectSnack(page, Msg.copiedAddress);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);

    // A bad e-mail is reported and blocks saving.
    const save = page.getByTestId("info-save");
    await page.getByTestId("info-nickname").fill("민준이");
    await page.getByTestId("info-email").fill("minjun@");
    await expect.poll(() => page.getByTestId("info-email-error").textContent()).toBe(Msg.emailInvalid);
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId("info-email").fill("minjun@example.com");
    await expect.poll(() => page.getByTestId("info-email-error").count()).toBe(0);

    // Home address through the manual form (the postcode script is unreachable): lot-number address + detail.
    await page.getByTestId("address-manual").waitFor();
    await page.getByTestId("address-type-J").click();
    await page.getByTestId("address-zonecode").fill("06236");
    await page.getByTestId("address-base-input").fill("서울 강남구 역삼동 823");
    await page.getByTestId("address-choose").click();
    await page.getByTestId("address-detail").fill("3층");
    await expect.poll(() => save.isEnabled()).toBe(true);
    await shot(page, "accounts-myinfo");
    await save.click();
    await expectSnack(page, Msg.myInfoSaved, true);

    const api = await myInfoApi("01011112222", "111111");
    expect(api).toMatchObject({
      nickname: "민준이",
      email: "minjun@example.com",
      homeAddress: "(06236) 서울 강남구 역삼동 823 3층",
      balance: 50_000,
    });

    await page.reload();
    await page.getByTestId("info-page").waitFor();
    expect(await page.getByTestId("info-nickname").inputValue()).toBe("민준이");
    expect(await page.getByTestId("info-email").inputValue()).toBe("minjun@example.com");
    expect(await page.getByTestId("info-home-address").textContent()).toContain("(06236) 서울 강남구 역삼동 823 3층");

    // Clearing the e-mail is allowed and stores null.
    await page.getByTestId("info-email").fill("");
    await page.getByTestId("info-save").click();
    await expectSnack(page, Msg.myInfoSaved);
    await expect.poll(async () => (await myInfoApi("01011112222", "111111")).email).toBeNull();
  });

  // ---------------------------------------------------------------- 5. address book

  it("address book: add, duplicate, non-voucher address, star first, select and delete to empty", async () => {
    const { page } = await newPage();
    await loginUi(page, "01011112222", "111111");
    const seoyeon = (await s.ctx.custody.memberWallet((await memberId("01033334444"))!))!.address;
    const shop = (await s.ctx.custody.memberWallet((await memberId("01055556666"))!))!.address;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;

    await page.goto(`${s.url}/info/address`);
    await page.getByTestId("favorite-page").waitFor();
    await page.getByTestId("favorite-empty").waitFor();
    expect(await page.getByTestId("favorite-empty").textContent()).toContain(Msg.favoriteEmpty);

    const add = async (nickname: string, address: string) => {
      await page.getByTestId("favorite-nickname").fill(nickname);
      await page.getByTestId("favorite-address").fill(address);
      await page.getByTestId("favorite-add").click();
    };
    const rows = page.getByTestId("favorite-row");
    const nicknames = () => page.getByTestId("favorite-row-nickname").allTextContents();

    // Blank after trimming: refused on the client.
    await add("   ", seoyeon);
    await expectSnack(page, Msg.favoriteBlank);

    await add("서연", seoyeon);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId("favorite-nickname").inputValue()).toBe("");
    await add("  마켓 1호점  ", shop.toLowerCase());
    await expect.poll(nicknames).toEqual(["마켓 1호점", "서연"]);
    expect(await page.getByTestId("favorite-row-address").allTextContents()).toEqual([shop, seoyeon]);

    await add("서연 또", seoyeon);
    await expectSnack(page, Msg.favoriteExists);
    // An operator wallet and an address nobody holds are not voucher addresses.
    await add("금고", treasury);
    await expectSnack(page, Msg.favoriteNotVoucher, true);
    await add("모름", `0x${"12".repeat(20)}`);
    await expectSnack(page, Msg.favoriteNotVoucher);
    expect(await rows.count()).toBe(2);

    // Star the older entry: it moves to the top.
    await rows.filter({ hasText: "서연" }).getByTestId("favorite-star").click();
    await expect.poll(nicknames).toEqual(["서연", "마켓 1호점"]);
    expect(await rows.first().getAttribute("data-checked")).toBe("true");
    expect(await rows.first().getByTestId("favorite-star").getAttribute("aria-pressed")).toBe("true");
    await shot(page, "accounts-address-book");
    const token = await s.loginUser("01011112222", "111111");
    const listed = await s.call("GET", "/api/favorite", { token });
    expect(listed.data.list.map((f: { nickname: string; check: boolean }) => [f.nickname, f.check])).toEqual([
      ["서연", true],
      ["마켓 1호점", false],
    ]);
    // The order holds after a reload.
    await page.reload();
    await expect.poll(nicknames).toEqual(["서연", "마켓 1호점"]);

    // Delete one, cancel first, then confirm; then the other.
    const del = page.getByTestId("favorite-delete");
    expect(await del.isDisabled()).toBe(true);
    await rows.filter({ hasText: "마켓 1호점" }).getByTestId("favorite-select").click();
    await expect.poll(() => del.isEnabled()).toBe(true);
    await del.click();
    expect(await page.getByTestId("favorite-delete-dialog-message").textContent()).toBe("선택한 주소 1개를 삭제하시겠습니까?");
    await page.getByTestId("favorite-delete-dialog-cancel").click();
    await page.getByTestId("favorite-delete-dialog").waitFor({ state: "hidden" });
    expect(await rows.count()).toBe(2);
    await del.click();
    await page.getByTestId("favorite-delete-dialog-ok").click();
    await expect.poll(nicknames).toEqual(["서연"]);
    await rows.first().getByTestId("favorite-select").click();
    await del.click();
    await page.getByTestId("favorite-delete-dialog-ok").click();
    await page.getByTestId("favorite-empty").waitFor();
    expect(await page.getByTestId("favorite-empty").textContent()).toContain(Msg.favoriteEmpty);
    await shot(page, "accounts-address-book-empty");
    expect((await s.call("GET", "/api/favorite", { token })).data.list).toEqual([]);
  });

  // ---------------------------------------------------------------- 6. narrow screen

  it("at 360 px the login page and my info fit without horizontal overflow", async () => {
    const { page } = await newPage(360, 740);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(`${s.url}/login`);
    await page.getByTestId("login-page").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(360);
    await shot(page, "accounts-login-360");
    await loginUi(page, "01033334444", "222222");
    await page.goto(`${s.url}/info/detail`);
    await page.getByTestId("info-page").waitFor();
    await page.getByTestId("address-manual").waitFor();
    expect(await page.getByTestId("info-balance").textContent()).toBe("20,000원");
    expect(await overflow()).toBeLessThanOrEqual(360);
    await shot(page, "accounts-myinfo-360");
    await page.goto(`${s.url}/info/address`);
    await page.getByTestId("favorite-page").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(360);
    await shot(page, "accounts-address-book-360");
  });
});
