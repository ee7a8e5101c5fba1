import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { WITH_REASON } from "../../test/download-reason";
import { membersApi } from "../../../domain/api/members";
import { formatDate } from "../../../domain/format";
import { startTestStack, type TestStack } from "../../test/harness";
import { createMember } from "../members/members.service";
import { memberById } from "../../records/members.repo";
import { acceptBuy, requestBuy } from "../purchases/purchases.service";
import { reconcile } from "../dashboard/reconcile";
import { ADULT_BIRTH, verifyByHttp } from "../../providers/identity/testing";
import { CLOSED_NAME } from "./closing.service";
import { refundsApi as api } from "../../../domain/api/refunds";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { AFTER_EXPIRY_REFUND_PERCENT, VALIDITY_YEARS } from "../../../domain/policy/validity";
import { REFUND_FEE_WON } from "../../../domain/policy/refund";

const DAY = 86_400_000;

describe("회원 탈퇴: re-verified, the balance refunded first, then the account closed and minimised", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  }, 180_000);
  /** A member who bought `value` (approved, indexed), logged in. */
  async function memberWithBalance(phone: string, username: string, value: number) {
    const m = await createMember(s.ctx, { phonenumber: phone, password: "123456", username, birth: "1990-01-15" });
    const order = await requestBuy(s.ctx, (await memberById(s.ctx.db, m.id))!, value, "123456");
    await acceptBuy(s.ctx, order.id);
    await s.waitIndexed();
    return { m, token: await s.loginUser(phone, "123456") };
  }
  afterAll(async () => {
    if (s) {
      await s.waitIndexed();
      const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
      expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    }
    await s?.stop();
  });

  it("closes an account with a balance: a closing refund of the whole balance, no more login, the phone free, the records kept", async () => {
    const phone = "01090001111";
    const { m, token } = await memberWithBalance(phone, "서탈퇴", 10_000);
    expect((await s.api(api.accountCloseInfo, undefined, { token })).data).toMatchObject({
      balance: 10_000,
      refundable: 10_000,
      canForfeit: false,
    });

    const reauth = async () => (await verifyByHttp(s, "reauth", { name: "서탈퇴", birth: ADULT_BIRTH, phone })).key;
    // Without an account for the balance: refused with its own code; another's account: the holder message.
    const noAccount = await s.api(api.accountClose, { key_info: await reauth(), password: "123456" }, { token });
    expect([noAccount.code, noAccount.message]).toEqual([Code.CLOSING_BALANCE_LEFT, Msg.closingBalanceLeft]);
    const other = await s.api(
      api.accountClose,
      { key_info: await reauth(), password: "123456", bank: "국민은행", account: "9990001111" },
      { token },
    );
    expect(other.code).toBe(Code.REFUND_HOLDER_MISMATCH);
    const wrong = await s.api(
      api.accountClose,
      { key_info: await reauth(), password: "000000", bank: "국민은행", account: "1234567890" },
      { token },
    );
    expect([wrong.status, wrong.message]).toEqual([400, Msg.passwordWrong]);
    // A key of someone else's verification is refused.
    const stranger = (await verifyByHttp(s, "reauth", { name: "김민준", birth: ADULT_BIRTH, phone: "01011112222" })).key;
    expect(
      (await s.api(api.accountClose, { key_info: stranger, password: "123456", bank: "국민은행", account: "1234567890" }, { token }))
        .message,
    ).toBe(Msg.verifyInvalid);

    const supplyBefore = Number(await s.ctx.chain.token.totalSupply());
    const closed = await s.api(
      api.accountClose,
      { key_info: await reauth(), password: "123456", bank: "국민은행", account: "1234567890" },
      { token },
    );
    expect(closed.code).toBe(200);
    expect(closed.data.refund).toMatchObject({ kind: "closing", value: 10_000, state: "requested" });
    expect(Number(await s.ctx.chain.token.balanceOf(m.address))).toBe(0);

    // The session ended, the login refused, the personal data minimised; the refund and its moves stay.
    const after = await s.api(api.refundInfo, undefined, { token });
    expect([401, 403]).toContain(after.status);
    const login = await s.call("POST", "/api/login", { body: { phonenumber: phone, password: "123456" } });
    expect(login.code).not.toBe(200);
    const row = (await memberById(s.ctx.db, m.id))!;
    expect(row).toMatchObject({ state: "kickOut", username: CLOSED_NAME, email: null, home_address: null, birth: null });
    expect(row.phonenumber).not.toBe(phone);
    expect(row.closed_at).not.toBeNull();
    // The phone signs up again as a new member.
    const again = await createMember(s.ctx, { phonenumber: phone, password: "654321", username: "서탈퇴" });
    expect(again.id).not.toBe(m.id);

    // The operator pays the closing refund: burned, the escrow empty again.
    const admin = await s.loginOperator("admin", "admin1234");
    const paid = await s.api(
      api.refundPay,
      { orderNo: closed.data.refund!.orderNo, bankRef: "CL-1" },
      { token: admin, marker: "operation" },
    );
    expect(paid.data.refund).toMatchObject({ state: "paid", closedAt: row.closed_at });
    expect(supplyBefore - Number(await s.ctx.chain.token.totalSupply())).toBe(10_000);

    // The operators see 탈퇴 with the closing date: the list's row, and the member file's state cell and 탈퇴일 column.
    const listed = await s.api(membersApi.memberList, { keyword: CLOSED_NAME }, { token: admin, marker: "operation" });
    expect(listed.data.list.find((r) => r.id === m.id)).toMatchObject({ state: "kickOut", closedAt: row.closed_at });
    const res = await fetch(`${s.url}/api/operation/allUserList/download?keyword=${encodeURIComponent(CLOSED_NAME)}`, {
      headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const line = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(line[header.indexOf("상태")]).toBe(`탈퇴 (${formatDate(row.closed_at!)})`);
    expect(line[header.indexOf("탈퇴일")]).toBe(formatDate(row.closed_at!));
  }, 120_000);

  it("a closing refund is not rejected (the money would go back to a wallet nobody can use): its account is changed by an operator, checked against the order's holder, audited masked, then paid", async () => {
    const phone = "01090003333";
    const { m, token } = await memberWithBalance(phone, "노반려", 8_000);
    const key = (await verifyByHttp(s, "reauth", { name: "노반려", birth: ADULT_BIRTH, phone })).key;
    const closed = await s.api(api.accountClose, { key_info: key, password: "123456", bank: "국민은행", account: "1112223333" }, { token });
    expect(closed.code).toBe(200);
    const orderNo = closed.data.refund!.orderNo;
    const admin = { token: await s.loginOperator("admin", "admin1234"), marker: "operation" as const };

    const rejected = await s.api(api.refundReject, { orderNo, reason: "계좌 해지" }, admin);
    expect([rejected.code, rejected.message]).toEqual([409, Msg.closingRefundNoReject]);
    expect(Number(await s.ctx.chain.token.balanceOf(m.address))).toBe(0);

    // Another holder, a closed account, no reason: refused, the order unchanged.
    const change = (account: string, reason = "회원 전화 확인: 기존 계좌 해지") =>
      s.api(api.refundAccount, { orderNo, bank: "신한은행", account, reason }, admin);
    expect((await change("9994445555")).code).toBe(Code.REFUND_HOLDER_MISMATCH);
    expect((await change("8884445555")).code).toBe(Code.REFUND_ACCOUNT_CLOSED);
    expect((await change("4445556666", " ")).message).toBe(Msg.refundAccountReasonRequired);
    const changed = await change("444-555-6666");
    expect([changed.code, changed.message]).toEqual([200, Msg.refundAccountChanged]);
    expect(changed.data.refund).toMatchObject({
      state: "requested",
      bankName: "신한은행",
      bankAccount: "4445556666",
      holderName: "노반려",
    });
    const audit = await s.ctx.db
      .selectFrom("admin_actions")
      .select(["before_json", "after_json"])
      .where("action", "=", "refund.account")
      .where("target_id", "=", orderNo)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].before_json!)).toEqual({ account: "국민은행 ****3333" });
    expect(JSON.parse(audit[0].after_json!)).toEqual({ account: "신한은행 ****6666", reason: "회원 전화 확인: 기존 계좌 해지" });

    const paid = await s.api(api.refundPay, { orderNo, bankRef: "CL-2" }, admin);
    expect(paid.data.refund).toMatchObject({ state: "paid", bankAccount: "4445556666" });
    // Only a closing refund waiting for its payout.
    const late = await change("4445556666");
    expect([late.code, late.message]).toEqual([409, Msg.refundAccountClosingOnly]);
  }, 120_000);

  // Last: it moves the stack's clock past every member's validity.
  it("past the validity a closing refunds the after-expiry share, as a refund would (no way around the deduction)", async () => {
    const phone = "01090002222";
    const { m, token } = await memberWithBalance(phone, "만료탈퇴", 30_000);
    s.ctx.clock.advance(VALIDITY_YEARS * 366 * DAY);
    const expected = Math.floor((30_000 * AFTER_EXPIRY_REFUND_PERCENT) / 100) - REFUND_FEE_WON;
    const info = (await s.api(api.accountCloseInfo, undefined, { token })).data;
    expect(info).toMatchObject({ balance: 30_000, refundable: expected, deduction: 30_000 - expected, expired: true, canForfeit: false });
    const key = (await verifyByHttp(s, "reauth", { name: "만료탈퇴", birth: ADULT_BIRTH, phone })).key;
    const closed = await s.api(api.accountClose, { key_info: key, password: "123456", bank: "국민은행", account: "1234567890" }, { token });
    expect(closed.code).toBe(200);
    expect(closed.data.refund).toMatchObject({ kind: "closing", value: expected, state: "requested" });
    expect(Number(await s.ctx.chain.token.balanceOf(m.address))).toBe(0);
  }, 120_000);
});
