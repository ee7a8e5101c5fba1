import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { createMember } from "../members/members.service";
import { memberById } from "../../records/members.repo";
import { acceptBuy, requestBuy } from "../purchases/purchases.service";
import { reconcile } from "../dashboard/reconcile";
import { callToken } from "../../money/chain-calls";
import { ADULT_BIRTH, verifyByHttp } from "../../providers/identity/testing";
import { followRefunds } from "./refunds-payout.service";
import { refundsApi as api } from "../../../domain/api/refunds";
import { memberSelfApi } from "../../../domain/api/members";
import { REFUND_PAYOUT_DUAL_CONTROL_WON } from "../../../domain/policy/refund";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { maskPhoneNumber } from "../../../domain/mask";

const SHOP_ADDRESS_PHONE = "01055556666";
const OK_ACCOUNT = "1234567890";

/**
 * Refund outcomes reach the member (issue 36 items 3 and 5): 지급 완료 / 반려 store one notice and send one message,
 * whichever path decided it (the operator's payout or rejection, the job, a payout proposal's approval), however often
 * the job runs afterwards; a closed member's closing refund is told at the phone it had.
 */
describe("refund notices: paid / rejected told once on every path", () => {
  let s: TestStack;
  let shopAddr: string;
  let admin: string;
  let admin2: string;
  const op = { marker: "operation" as const };

  const noticesOf = (memberId: number) =>
    s.ctx.db.selectFrom("member_notices").selectAll().where("member_id", "=", memberId).where("kind", "like", "refund_%").execute();
  const messagesOf = (memberId: number) =>
    s.ctx.db.selectFrom("outbound_messages").selectAll().where("member_id", "=", memberId).orderBy("id").execute();

  async function refundRequested(phone: string, name: string): Promise<{ id: number; orderNo: string; value: number }> {
    const m = await createMember(s.ctx, { phonenumber: phone, password: "123456", username: name });
    const order = await requestBuy(s.ctx, (await memberById(s.ctx.db, m.id))!, 20_000, "123456");
    await acceptBuy(s.ctx, order.id);
    const token = await s.loginUser(phone, "123456");
    await s.waitIndexed();
    const use = await s.call("POST", "/api/use/trade/address", {
      token,
      body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 12_000, password: "123456" },
    });
    expect(use.code).toBe(200);
    await s.waitIndexed();
    const quote = await s.api(api.refundInfo, undefined, { token });
    const r = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: quote.data.refundable, password: "123456" },
      { token },
    );
    expect(r.code).toBe(200);
    return { id: m.id, orderNo: r.data.orderNo, value: quote.data.refundable };
  }

  beforeAll(async () => {
    s = await startTestStack();
    const shop = await s.ctx.db.selectFrom("members").select("id").where("phonenumber", "=", SHOP_ADDRESS_PHONE).executeTakeFirstOrThrow();
    shopAddr = (await s.ctx.custody.memberWallet(shop.id))!.address;
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
  }, 180_000);
  afterAll(async () => {
    if (s) {
      await s.waitIndexed();
      const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
      expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    }
    await s?.stop();
  });

  it("a payout tells 환불 완료 once (notice + message); the job run again tells nothing more; a lost notice is told by the job", async () => {
    const m = await refundRequested("01090010001", "알림환");
    const paid = await s.api(api.refundPay, { orderNo: m.orderNo, bankRef: "NT-1" }, { token: admin, ...op });
    expect(paid.data.refund.state).toBe("paid");
    await followRefunds(s.ctx);
    await followRefunds(s.ctx);
    const notices = await noticesOf(m.id);
    expect(notices.map((n) => [n.kind, n.title])).toEqual([["refund_paid", "환불 완료"]]);
    expect(notices[0].body).toContain(m.orderNo);
    expect(notices[0].body).toContain("****7890");
    const messages = (await messagesOf(m.id)).filter((x) => x.template === "KRW_REFUND_PAID");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to_masked: maskPhoneNumber("01090010001"), status: "sent", notice_id: notices[0].id });

    // A crash between the payout and its notice: the job's catch-up tells it, once.
    await s.ctx.db.deleteFrom("outbound_messages").where("notice_id", "=", notices[0].id).execute();
    await s.ctx.db.deleteFrom("member_notices").where("id", "=", notices[0].id).execute();
    await followRefunds(s.ctx);
    await followRefunds(s.ctx);
    expect((await noticesOf(m.id)).map((n) => n.kind)).toEqual(["refund_paid"]);
    expect((await messagesOf(m.id)).filter((x) => x.template === "KRW_REFUND_PAID")).toHaveLength(1);
  }, 120_000);

  it("a rejection tells 환불 거절 with the reason once", async () => {
    const m = await refundRequested("01090010002", "반려알");
    const rejected = await s.api(api.refundReject, { orderNo: m.orderNo, reason: "계좌 확인 불가" }, { token: admin, ...op });
    expect(rejected.data.refund.state).toBe("rejected");
    await followRefunds(s.ctx);
    const notices = await noticesOf(m.id);
    expect(notices.map((n) => n.kind)).toEqual(["refund_rejected"]);
    expect(notices[0].body).toContain("계좌 확인 불가");
    expect((await messagesOf(m.id)).filter((x) => x.template === "KRW_REFUND_REJECTED")).toHaveLength(1);
  }, 120_000);

  it("a closing refund above the dual-control threshold: paid on the second operator's approval, told once at the phone the member had", async () => {
    const phone = "01090010003";
    const value = REFUND_PAYOUT_DUAL_CONTROL_WON + 500_000;
    const m = await createMember(s.ctx, { phonenumber: phone, password: "123456", username: "큰탈퇴", birth: "1990-01-15" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const minted = await callToken(s.ctx, "mint", [treasury, BigInt(value)]);
    await s.waitIndexed(minted.block_number!);
    const seed = await s.ctx.db
      .transaction()
      .execute((trx) => s.ctx.outbox.enqueue(trx, { kind: "seed", from: treasury, to: m.address, value, counterpartyMemberId: m.id }));
    s.ctx.relayer.kick();
    expect((await s.ctx.relayer.waitFor(seed.id, 30_000)).status).toBe("confirmed");
    await s.waitIndexed();
    const token = await s.loginUser(phone, "123456");
    const key = (await verifyByHttp(s, "reauth", { name: "큰탈퇴", birth: ADULT_BIRTH, phone })).key;
    const closed = await s.api(api.accountClose, { key_info: key, password: "123456", bank: "국민은행", account: OK_ACCOUNT }, { token });
    expect(closed.code).toBe(200);
    const orderNo = closed.data.refund!.orderNo;
    // The closing itself was sent to the phone (the notification center is out of the member's reach now).
    expect((await messagesOf(m.id)).map((x) => [x.template, x.to_masked])).toEqual([["KRW_ACCOUNT_CLOSED", maskPhoneNumber(phone)]]);

    const proposed = await s.api(api.refundPay, { orderNo, bankRef: "CL-BIG" }, { token: admin, ...op });
    expect([proposed.message, proposed.data.refund.state]).toEqual([Msg.refundProposed, "paying"]);
    expect(await noticesOf(m.id)).toEqual([]);
    const approved = await s.call("POST", `/api/proposals/${proposed.data.proposalId}/approve`, { token: admin2, ...op });
    expect(approved.code).toBe(200);
    await followRefunds(s.ctx);
    await followRefunds(s.ctx);
    const order = await s.ctx.db.selectFrom("refund_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirstOrThrow();
    expect([order.state, order.notify_phone]).toEqual(["paid", null]);
    expect((await noticesOf(m.id)).map((n) => n.kind)).toEqual(["refund_paid"]);
    const paidMessages = (await messagesOf(m.id)).filter((x) => x.template === "KRW_REFUND_PAID");
    expect(paidMessages.map((x) => x.to_masked)).toEqual([maskPhoneNumber(phone)]);

    // The closed account's login: its own message with its password, the ordinary refusal without it.
    const login = (password: string) => s.api(memberSelfApi.loginUser, { username: phone, password });
    expect([(await login("123456")).code, (await login("123456")).message]).toEqual([Code.ACCOUNT_CLOSED, Msg.accountClosed]);
    expect((await login("000000")).message).toBe(Msg.loginFailed);
  }, 180_000);
});
