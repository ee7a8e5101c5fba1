import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { insertOperator } from "../../test/operators";
import { applyDueChanges, tellUntold } from "./change-notices.jobs";
import { changeNoticesApi as api } from "../../../domain/api/change-notices";
import { checkoutApi, merchantSelfApi, merchantsAdminApi, paymentApi } from "../../../domain/api/merchant-payments";
import { refundsApi } from "../../../domain/api/refunds";
import { memberNoticesApi } from "../../../domain/api/member-notices";
import { policiesApi } from "../../../domain/api/policies";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { MemberState, OperatorPermission, PolicyId } from "../../../domain/constants";
import {
  addDays,
  addMonths,
  CHANGE_POSTED_DAYS,
  SHOP_REMOVAL_NOTICE_DAYS,
  seoulDay,
  seoulDayStart,
  TERMS_CHANGE_NOTICE_MONTHS,
} from "../../../domain/policy/change-notice";

const SHOP = { phone: "01055556666" };
const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };
const DAY = 86_400_000;

describe("notices of change: a shop removal and a terms version, posted ahead, told, refunded in full, applied on the day", () => {
  let s: TestStack;
  let op: string;
  let m1: string;
  let m2: string;
  let key: string;
  let merchantId: number;
  const today = () => seoulDay(s.ctx.clock.now());
  const shopDraft = (effectiveDate: string) => ({
    kind: "shop" as const,
    title: "KRW 카페 사용처 제외 안내",
    summary: "KRW 카페와의 제휴가 끝나 상품권으로 결제할 수 없게 됩니다.",
    merchantId,
    effectiveDate,
  });

  beforeAll(async () => {
    s = await startTestStack({ demoShop: false });
    op = await s.loginOperator("admin", "admin1234");
    const made = await s.api(merchantsAdminApi.merchantCreate, { phone: SHOP.phone, name: "KRW 카페" }, { token: op });
    merchantId = made.data.id;
    const shop = await s.loginOperator("shop01", "shop1234");
    key = (await s.api(merchantSelfApi.merchantKeyCreate, { label: "서버" }, { token: shop })).data.key;
    m1 = await s.loginUser(M1.phone, M1.pw);
    m2 = await s.loginUser(M2.phone, M2.pw);
    // M1 pays at the shop once (so the removal concerns M1); M2 never did.
    const created = await s.api(
      paymentApi.paymentCreate,
      { orderId: "c-1", amount: 3_000, itemName: "라떼", returnUrl: "https://shop.example/r", cancelUrl: "https://shop.example/c" },
      { headers: { authorization: `Bearer ${key}`, "idempotency-key": "c-1" }, marker: null },
    );
    const paid = await s.api(
      checkoutApi.checkoutPay,
      { paymentId: created.data.paymentId, password: M1.pw },
      { token: m1, headers: { "idempotency-key": "p-1" } },
    );
    expect(paid.status).toBe(200);
  }, 180_000);
  afterAll(async () => s?.stop());

  it("refuses a shop removal inside its notice period and a terms change inside a month, with their messages; checks each kind's flag", async () => {
    const soon = await s.api(api.changeCreate, shopDraft(addDays(today(), SHOP_REMOVAL_NOTICE_DAYS - 1)), { token: op });
    expect(soon.status).toBe(200); // a draft may carry any date: posting checks it
    const post = await s.api(api.changePost, { changeId: soon.data.id }, { token: op });
    expect([post.status, post.code, post.message]).toEqual([400, Code.CHANGE_TOO_SOON, Msg.changeShopTooSoon]);
    expect((await s.api(api.changeWithdraw, { changeId: soon.data.id, reason: "날짜 오류" }, { token: op })).status).toBe(200);

    const terms = {
      kind: "terms" as const,
      title: "상품권 이용약관 개정",
      summary: "유효기간 안내 방법이 바뀝니다.",
      content: "<p>제1조 새 약관</p><script>x()</script>",
      effectiveDate: addDays(addMonths(today(), TERMS_CHANGE_NOTICE_MONTHS), -1),
    };
    const t = await s.api(api.changeCreate, terms, { token: op });
    expect(t.data.content).toBe("<p>제1조 새 약관</p>");
    const early = await s.api(api.changePost, { changeId: t.data.id }, { token: op });
    expect([early.code, early.message]).toEqual([Code.CHANGE_TOO_SOON, Msg.changeTermsTooSoon]);
    expect((await s.api(api.changes, undefined, { token: op })).data.changes.find((c) => c.id === t.data.id)?.state).toBe("draft");

    // The gate lets either flag in; a terms editor (isBoard4) cannot touch shops, a merchants operator cannot touch terms.
    await insertOperator(s.ctx, "terms01", OperatorPermission.SUB, { isBoard4: true });
    const termsOp = await s.loginOperator("terms01", "operator1234");
    expect((await s.api(api.changeCreate, shopDraft(addDays(today(), 30)), { token: termsOp })).status).toBe(403);
    expect((await s.api(api.changePost, { changeId: t.data.id }, { token: termsOp })).code).toBe(Code.CHANGE_TOO_SOON);
    await insertOperator(s.ctx, "nobody01", OperatorPermission.SUB, { isRefund1: true });
    expect((await s.api(api.changes, undefined, { token: await s.loginOperator("nobody01", "operator1234") })).status).toBe(403);
    expect((await s.api(api.changeWithdraw, { changeId: t.data.id, reason: "" }, { token: op })).message).toBe(Msg.changeReasonRequired);
    expect((await s.api(api.changeWithdraw, { changeId: t.data.id, reason: "다음 분기로" }, { token: op })).data.state).toBe("withdrawn");
  });

  it("posts a shop removal 7 days ahead: its members are told once, their quote is 100 % with the reason, an edit restarts the notice", async () => {
    const c = (await s.api(api.changeCreate, shopDraft(addDays(today(), SHOP_REMOVAL_NOTICE_DAYS)), { token: op })).data;
    const posted = await s.api(api.changePost, { changeId: c.id }, { token: op });
    expect(posted.data).toMatchObject({ state: "posted", version: 1, recipients: 1 });
    await tellUntold(s.ctx);
    await tellUntold(s.ctx); // a second pass (another process) tells nobody again

    const n1 = (await s.api(memberNoticesApi.memberNotices, { page: 1, perPage: 20 }, { token: m1 })).data.list.filter(
      (n) => n.kind === "change_notice",
    );
    expect(n1).toHaveLength(1);
    expect(n1[0]).toMatchObject({ title: "변경 고지", link: `/changes/${c.id}` });
    expect(n1[0].body).toContain("KRW 카페");
    expect(n1[0].body).toContain("전액 환급");
    const n2 = (await s.api(memberNoticesApi.memberNotices, { page: 1, perPage: 20 }, { token: m2 })).data.list;
    expect(n2.filter((n) => n.kind === "change_notice")).toEqual([]);
    const member1 = (await memberByPhone(s.ctx.db, M1.phone))!;
    const sent = await s.ctx.db
      .selectFrom("outbound_messages")
      .selectAll()
      .where("member_id", "=", member1.id)
      .where("template", "=", "KRW_CHANGE_NOTICE")
      .execute();
    expect(sent).toHaveLength(1);

    // M1's quote: the whole balance, rule `notice`, with the change named; M2's is the ordinary rule.
    const q1 = (await s.api(refundsApi.refundInfo, undefined, { token: m1 })).data;
    expect(q1).toMatchObject({ rule: "notice", refundable: q1.balance, deduction: 0 });
    expect(q1.fullRight).toMatchObject({ changeId: c.id, kind: "shop", effectiveDate: c.effectiveDate });
    expect(q1.fullRight!.reason).toContain(Msg.changeRightReason);
    expect(q1.balance).toBeGreaterThan(0);
    const q2 = (await s.api(refundsApi.refundInfo, undefined, { token: m2 })).data;
    expect(q2.rule).not.toBe("notice");
    expect(q2.fullRight).toBeNull();

    // Public: listed with the rights, nothing personal.
    const pub = await s.api(api.publicChanges, undefined, {});
    const listed = pub.data.changes.find((x) => x.id === c.id)!;
    expect(listed).toMatchObject({ kindLabel: "가맹점 축소", merchantName: "KRW 카페", stateLabel: "시행 예정" });
    expect(JSON.stringify(pub.data)).not.toMatch(/010|01011112222|phone/);

    // An edit inside the period is refused and changes nothing; a valid edit restarts the notice (told again).
    const bad = await s.api(api.changeUpdate, { ...shopDraft(addDays(today(), 2)), changeId: c.id }, { token: op });
    expect([bad.code, bad.message]).toEqual([Code.CHANGE_TOO_SOON, Msg.changeShopTooSoon]);
    const again = await s.api(
      api.changeUpdate,
      { ...shopDraft(addDays(today(), SHOP_REMOVAL_NOTICE_DAYS + 1)), changeId: c.id },
      { token: op },
    );
    expect(again.data).toMatchObject({
      state: "posted",
      version: 2,
      effectiveDate: addDays(today(), SHOP_REMOVAL_NOTICE_DAYS + 1),
      told: 0,
    });
    await tellUntold(s.ctx);
    const after = (await s.api(memberNoticesApi.memberNotices, { page: 1, perPage: 20 }, { token: m1 })).data.list.filter(
      (n) => n.kind === "change_notice",
    );
    expect(after).toHaveLength(2);

    // M1 takes the full refund through the ordinary refund path; operators see who was told and who took it.
    const refund = await s.api(
      refundsApi.refundRequest,
      { bank: "국민은행", account: "1234567890", value: q1.balance, password: M1.pw },
      { token: m1, headers: { "idempotency-key": "full-1" } },
    );
    expect(refund.status).toBe(200);
    const order = await s.ctx.db.selectFrom("refund_orders").selectAll().where("member_id", "=", member1.id).executeTakeFirstOrThrow();
    expect([order.rule, Number(order.value), Number(order.deduction)]).toEqual(["notice", q1.balance, 0]);
    const members = await s.api(api.changeMembers, { changeId: c.id, page: 1, perPage: 20 }, { token: op });
    expect(members.data.total).toBe(1);
    expect(members.data.list[0]).toMatchObject({
      memberId: member1.id,
      toldVersion: 2,
      refund: { orderNo: order.order_no, value: q1.balance },
    });
    expect(members.data.list[0].phone).toBe(M1.phone); // a super admin holds isPrivacy1
    await insertOperator(s.ctx, "merch01", OperatorPermission.SUB, { isMerchant1: true });
    const merchOp = await s.loginOperator("merch01", "operator1234");
    const masked = await s.api(api.changeMembers, { changeId: c.id, page: 1, perPage: 20 }, { token: merchOp });
    expect(masked.data.list[0]).toMatchObject({ memberId: member1.id, phone: "010-****-2222" });
    expect(masked.data.list[0].name).toContain("*");
    const logged = await s.ctx.db.selectFrom("access_log").select("screen").where("admin_login_id", "=", "merch01").execute();
    expect(logged.map((l) => l.screen)).toEqual(["변경 고지"]);
    const row = (await s.api(api.changes, undefined, { token: op })).data.changes.find((x) => x.id === c.id)!;
    expect(row).toMatchObject({ recipients: 1, told: 1, refunds: 1 });

    // The clock moved past the effective day: applied once, whichever of two processes runs it; the shop is out.
    s.ctx.clock.advance(seoulDayStart(again.data.effectiveDate).getTime() + 60_000 - s.ctx.clock.now().getTime());
    const [a, b] = await Promise.all([applyDueChanges(s.ctx), applyDueChanges(s.ctx)]);
    expect([...a, ...b]).toEqual([c.id]);
    const merchant = await s.ctx.db.selectFrom("merchants").select("state").where("id", "=", merchantId).executeTakeFirstOrThrow();
    expect(merchant.state).toBe("suspended");
    const refused = await s.api(
      paymentApi.paymentCreate,
      { orderId: "c-2", amount: 1_000, itemName: "라떼", returnUrl: "https://shop.example/r", cancelUrl: "https://shop.example/c" },
      { headers: { authorization: `Bearer ${key}`, "idempotency-key": "c-2" }, marker: null },
    );
    expect(refused.status).toBe(401);
    expect((await s.api(api.changes, undefined, { token: op })).data.changes.find((x) => x.id === c.id)!.state).toBe("applied");
    expect((await s.api(api.publicChanges, undefined, {})).data.changes.find((x) => x.id === c.id)!.stateLabel).toBe("시행됨");
    const audit = await s.ctx.db
      .selectFrom("admin_actions")
      .select("action")
      .where("target_type", "=", "change")
      .where("target_id", "=", String(c.id))
      .execute();
    expect(audit.map((x) => x.action)).toEqual(["change.create", "change.post", "change.repost", "change.apply"]);

    // The notice stays up CHANGE_POSTED_DAYS after the effective day, then comes down with the right.
    s.ctx.clock.advance(CHANGE_POSTED_DAYS * DAY);
    expect((await s.api(api.publicChanges, undefined, {})).data.changes.find((x) => x.id === c.id)).toBeUndefined();
  });

  it("a terms version a month ahead tells every open account, lets a member leave with the whole balance, and replaces the voucher terms on the day", async () => {
    const effectiveDate = addMonths(today(), TERMS_CHANGE_NOTICE_MONTHS);
    const c = (
      await s.api(
        api.changeCreate,
        {
          kind: "terms",
          title: "상품권 이용약관 개정",
          summary: "환불 신청 방법이 바뀝니다.",
          content: "<p>개정 약관 본문</p>",
          effectiveDate,
        },
        { token: op },
      )
    ).data;
    const posted = (await s.api(api.changePost, { changeId: c.id }, { token: op })).data;
    const open = await s.ctx.db
      .selectFrom("members")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "=", MemberState.NORMAL)
      .where("closed_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(posted.recipients).toBe(Number(open.n));
    const close = (await s.api(refundsApi.accountCloseInfo, undefined, { token: m2 })).data;
    expect(close.fullRight).toMatchObject({ changeId: c.id, kind: "terms" });
    expect([close.refundable, close.deduction]).toEqual([close.balance, 0]);
    expect((await s.api(api.publicChange, { changeId: c.id }, {})).data.rights).toContain("회원 탈퇴");

    s.ctx.clock.advance(seoulDayStart(effectiveDate).getTime() + 1_000 - s.ctx.clock.now().getTime());
    expect(await applyDueChanges(s.ctx)).toEqual([c.id]);
    expect((await s.api(policiesApi.policy, { id: PolicyId.VOUCHER }, {})).data).toMatchObject({ content: "<p>개정 약관 본문</p>" });
  });
});
