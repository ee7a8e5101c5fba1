import { beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../server/test/harness";
import { transparencyOf } from "../server/features/month-end/transparency.service";
import { decideSafeguard, recordSafeguard } from "../server/features/month-end/safeguarding.service";
import { verifyPack } from "../server/features/month-end/verify";
import { monthEndDeps } from "../server/features/month-end/month-end.routes";
import { applyDueChanges } from "../server/features/change-notices/change-notices.jobs";
import { insertOperator } from "../server/test/operators";
import { FINAL_DEPTH } from "../server/money/as-of";
import { decodeRootData } from "../domain/proof-of-liabilities";
import { formatDate } from "../domain/format";
import { OperatorPermission } from "../domain/constants";
import { addDays, SHOP_REMOVAL_NOTICE_DAYS, seoulDay, seoulDayStart } from "../domain/policy/change-notice";
import { checkoutApi, merchantSelfApi, paymentApi } from "../domain/api/merchant-payments";
import { Msg } from "../domain/messages";
import { shot } from "./browser";
import { makeCutoffOnScreen } from "./month-end-kit";
import { browserSuite, exportWithReason } from "./stack";
import { MINJUN, textOf, won } from "./helpers-money";

/**
 * Open books (issue 53) in Chromium: the public transparency page's circulation is the node's totalSupply at the block
 * it names, its roots are those published on chain and its safeguarded figure the last approved entry; the trustee's
 * refund file verifies and fails after one changed byte; with the registration thresholds set low (a rehearsal), the
 * dashboard's card and the main screen warn; a shop removal scheduled 7 days ahead tells the member who paid there,
 * whose refund quote is then 100 %, and the clock moved past the date applies it (last: it moves the clock).
 */
describe("open books in Chromium: the transparency page and the thresholds", () => {
  const suite = browserSuite();
  let s: TestStack;

  beforeAll(async () => {
    s = suite.stack();
    for (let i = 0; i < FINAL_DEPTH + 2; i++) await s.ctx.chain.sender.send({ to: s.ctx.chain.sender.address, value: 0n });
    await s.waitIndexed();
    await transparencyOf(s.ctx)!.refresh();
  });

  it("shows circulation equal to totalSupply read from the node at the block it names, to anyone, at phone width", async () => {
    const page = await suite.newPage({ width: 360, height: 740 });
    await page.goto(`${s.url}/transparency`);
    await page.getByTestId("transparency").waitFor();
    const block = Number(await page.getByTestId("transparency-block").getAttribute("data-block"));
    const supply = await s.ctx.chain.token.totalSupply({ blockTag: block });
    expect(await textOf(page, "transparency-circulation")).toBe(won(Number(supply)));
    expect(await page.getByTestId("transparency-flows").locator("tbody tr").count()).toBe(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "transparency");
  });

  it("warns operators on the dashboard and the main screen when the thresholds are set low", async () => {
    const t = (await transparencyOf(s.ctx)!.get())!.figures;
    s.ctx.config.thresholds = { outstanding: (BigInt(t.customerBalances) * 10n) / 9n + 1n, yearlyIssuance: 1n };
    await transparencyOf(s.ctx)!.refresh();
    const op = await suite.adminPage();
    await expect.poll(() => op.getByTestId("thresholds-banner").count(), { timeout: 20_000 }).toBe(1);
    expect(await op.getByTestId("thresholds-banner").getAttribute("data-level")).toBe("100");
    await op.goto(`${s.url}/admin/dashboard`);
    const card = op.getByTestId("thresholds-card");
    await card.waitFor();
    await expect.poll(() => op.getByTestId("threshold-outstanding").getAttribute("data-level")).toBe("80");
    expect(await op.getByTestId("threshold-yearlyIssuance").getAttribute("data-level")).toBe("100");
    await shot(op, "thresholds-dashboard");
  });

  it("shows the roots published on chain and the last approved safeguarded amount; the trustee file verifies, and fails after one changed byte", async () => {
    const maker = await s.ctx.db.selectFrom("admins").select(["id", "login_id"]).where("login_id", "=", "admin").executeTakeFirstOrThrow();
    const checker = await insertOperator(s.ctx, "checker1", OperatorPermission.SUPER, {});
    const entry = await recordSafeguard(
      s.ctx.db,
      { id: Number(maker.id), login_id: maker.login_id },
      { day: formatDate(new Date()), amount: "123456789", method: "trust", institution: "국민은행 신탁", statement_ref: "잔액증명 E2E" },
    );
    await decideSafeguard(
      { ...monthEndDeps(s.ctx), notifier: s.ctx.notifier },
      { id: checker, login_id: "checker1" },
      Number(entry.id),
      true,
    );

    const admin = await suite.adminPage();
    await makeCutoffOnScreen(admin, s.url, (await s.ctx.view.indexedHead())!.number - FINAL_DEPTH);
    const [download] = await Promise.all([admin.waitForEvent("download"), exportWithReason(admin, "cutoff-trustee-file")]);
    const file = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    });
    const good = await verifyPack(file, { rpcUrl: s.ctx.chain.rpcUrl });
    expect(good.lines.filter((l) => !l.ok)).toEqual([]);
    const changed = Buffer.from(file);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    expect((await verifyPack(changed, { rpcUrl: s.ctx.chain.rpcUrl })).ok).toBe(false);

    await transparencyOf(s.ctx)!.refresh();
    const page = await suite.newPage({ width: 390, height: 844 });
    await page.goto(`${s.url}/transparency`);
    await page.getByTestId("transparency").waitFor();
    expect(await textOf(page, "transparency-safeguarded")).toBe(won(123_456_789));
    const cutoffs = page.getByTestId("transparency-cutoff");
    expect(await cutoffs.count()).toBeGreaterThan(0);
    for (const r of await cutoffs.all()) {
      const tx = await s.ctx.chain.provider.getTransaction((await r.getAttribute("data-tx"))!);
      expect(decodeRootData(tx!.data)?.root).toBe(await r.getAttribute("data-root"));
    }
  });

  it("an operator schedules a shop removal 7 days ahead; the member who paid there is told and quoted 100 %; the clock moved past the date applies it", async () => {
    // 김민준 pays once at the demo shop (KRW 마켓 1호점), through the public payment API and the member's checkout.
    const shop = await s.loginOperator("shop01", "shop1234");
    const key = (await s.api(merchantSelfApi.merchantKeyCreate, { label: "e2e" }, { token: shop })).data.key;
    const made = await s.api(
      paymentApi.paymentCreate,
      { orderId: "e2e-change-1", amount: 2_000, itemName: "아메리카노", returnUrl: `${s.url}/demo-shop`, cancelUrl: `${s.url}/demo-shop` },
      { headers: { authorization: `Bearer ${key}`, "idempotency-key": "e2e-change-1" }, marker: null },
    );
    const minjun = await s.loginUser(MINJUN.phone, MINJUN.password);
    const paid = await s.api(
      checkoutApi.checkoutPay,
      { paymentId: made.data.paymentId, password: MINJUN.password },
      { token: minjun, headers: { "idempotency-key": "e2e-pay-1" } },
    );
    expect(paid.status).toBe(200);
    const merchant = await s.ctx.db
      .selectFrom("merchants")
      .select(["id", "name"])
      .where("name", "=", "KRW 마켓 1호점")
      .executeTakeFirstOrThrow();

    // The operator drafts it a day too soon: posting is refused with the law's message; a week ahead it posts.
    const today = seoulDay(s.ctx.clock.now());
    const op = await suite.adminPage();
    await op.goto(`${s.url}/admin/changes`);
    await op.getByTestId("change-create").click();
    await op.getByTestId("change-kind-shop").click();
    await op.getByTestId("change-title").fill("KRW 마켓 1호점 사용처 제외 안내");
    await op.getByTestId("change-summary").fill("제휴 종료로 KRW 마켓 1호점에서 상품권을 사용할 수 없게 됩니다.");
    await op.getByTestId("change-merchant").selectOption(String(merchant.id));
    await op.getByTestId("change-date").fill(addDays(today, SHOP_REMOVAL_NOTICE_DAYS - 1));
    await op.getByTestId("change-save").click();
    const id = (await s.ctx.db.selectFrom("change_notices").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    await op.getByTestId(`change-post-${id}`).click();
    await op.getByTestId("change-post-confirm-ok").click();
    await expect.poll(() => op.getByText(Msg.changeShopTooSoon).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await op.getByTestId(`change-edit-${id}`).click();
    await op.getByTestId("change-date").fill(addDays(today, SHOP_REMOVAL_NOTICE_DAYS));
    await op.getByTestId("change-save").click();
    await op.getByTestId(`change-post-${id}`).click();
    await op.getByTestId("change-post-confirm-ok").click();
    await expect.poll(() => op.getByTestId(`change-row-${id}`).innerText(), { timeout: 10_000 }).toContain("고지 중");
    await shot(op, "change-notice-posted");

    // The member is told (bell, centre) and the refund page quotes the whole balance with the reason.
    const member = await suite.memberPage(MINJUN);
    await member.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => member.getByTestId("header-bell-count").textContent(), { timeout: 20_000 }).not.toBeNull();
    await member.goto(`${s.url}/info/notifications`);
    const notice = member.getByTestId("notice-item").filter({ hasText: "KRW 마켓 1호점" }).first();
    await notice.waitFor();
    expect(await notice.getAttribute("data-kind")).toBe("change_notice");
    await member.goto(`${s.url}/info/refund`);
    await member.getByTestId("refund-full-right").waitFor();
    expect(await textOf(member, "refund-rule")).toContain("변경 고지에 따른 전액 환급");
    const balance = Number((await member.getByTestId("refund-quote").innerText()).match(/잔액: ([\d,]+)원/)![1].replace(/,/g, ""));
    expect(balance).toBeGreaterThan(0);
    expect(await textOf(member, "refund-refundable")).toContain(`${won(balance)}`);
    await shot(member, "change-notice-refund");

    // The operator sees who was told.
    await op.getByTestId(`change-open-${id}`).click();
    await expect.poll(() => op.getByTestId("change-members").innerText(), { timeout: 10_000 }).toContain("김*준");
    expect(await op.getByTestId("change-members").innerText()).not.toContain("발송 대기");

    // The clock moved past the date: the job (as the scheduler runs it) applies it; the shop is out of the usable list.
    s.ctx.clock.advance(seoulDayStart(addDays(today, SHOP_REMOVAL_NOTICE_DAYS)).getTime() + 60_000 - s.ctx.clock.now().getTime());
    expect(await applyDueChanges(s.ctx)).toEqual([Number(id)]);
    const state = await s.ctx.db.selectFrom("merchants").select("state").where("id", "=", merchant.id).executeTakeFirstOrThrow();
    expect(state.state).toBe("suspended");
    const pub = await suite.newPage({ width: 390, height: 844 });
    await pub.goto(`${s.url}/changes`);
    await expect.poll(() => textOf(pub, `change-state-${id}`), { timeout: 10_000 }).toBe("시행됨");
    await shot(pub, "changes-public");
  });
});
