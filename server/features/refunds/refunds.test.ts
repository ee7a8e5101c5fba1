import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { startTestStack, type TestStack } from "../../test/harness";
import { WITH_REASON } from "../../test/download-reason";
import { insertOperator } from "../../test/operators";
import { createMember } from "../members/members.service";
import { memberById } from "../../records/members.repo";
import { acceptBuy, requestBuy } from "../purchases/purchases.service";
import { reconcile } from "../dashboard/reconcile";
import { refundsApi as api } from "../../../domain/api/refunds";
import { receiptsApi } from "../../../domain/api/receipts";
import { OperatorPermission } from "../../../domain/constants";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

const SHOP_ADDRESS_PHONE = "01055556666";
const OK_ACCOUNT = "1234567890";

describe("refunds: 잔액 환불 → payout (burn) or rejection (return), 청약철회", () => {
  let s: TestStack;
  let refunder: string;
  let shopAddr: string;
  let escrow: string;
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const op = { marker: "operation" as const };

  /** A new member who bought `buy` won (approved) and used `use` won at the demo shop; its token. */
  async function memberWith(
    phone: string,
    name: string,
    buy: number,
    use: number,
  ): Promise<{ token: string; id: number; address: string }> {
    const m = await createMember(s.ctx, { phonenumber: phone, password: "123456", username: name });
    const order = await requestBuy(s.ctx, (await memberById(s.ctx.db, m.id))!, buy, "123456");
    const accepted = await acceptBuy(s.ctx, order.id);
    expect(accepted.status).toBe("confirmed");
    const token = await s.loginUser(phone, "123456");
    if (use > 0) {
      await s.waitIndexed();
      const r = await s.call("POST", "/api/use/trade/address", {
        token,
        body: { opponentAddress: shopAddr, kind: 0, type: 0, value: use, password: "123456" },
      });
      expect(r.code).toBe(200);
    }
    await s.waitIndexed();
    return { token, id: m.id, address: m.address };
  }

  beforeAll(async () => {
    s = await startTestStack();
    shopAddr = (await s.ctx.custody.memberWallet(
      (
        await s.ctx.db.selectFrom("members").select("id").where("phonenumber", "=", SHOP_ADDRESS_PHONE).executeTakeFirstOrThrow()
      ).id,
    ))!.address;
    escrow = (await s.ctx.custody.byKind("refund"))!.address;
    await insertOperator(s.ctx, "refund01", OperatorPermission.SUB, { isRefund1: true });
    refunder = await s.loginOperator("refund01", "operator1234");
  }, 180_000);
  afterAll(async () => {
    if (s) {
      await s.waitIndexed();
      const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
      expect(report.lines.filter((l) => !l.ok)).toEqual([]);
      expect(report.lines.map((l) => l.check)).toEqual(expect.arrayContaining(["refund escrow", "refund payouts"]));
    }
    await s?.stop();
  });

  it("buys 20,000, uses 12,000 (with its fee past 60%): the whole remainder is refundable, to an account in the member's own name only", async () => {
    const m = await memberWith("01090000001", "박환불", 20_000, 12_000);
    const left = await onChain(m.address);
    const info = await s.api(api.refundInfo, undefined, { token: m.token });
    // used = what left the wallet (the use and its fee); loaded = used + balance.
    expect(info.data).toMatchObject({
      balance: left,
      loaded: 20_000,
      used: 20_000 - left,
      rule: "used",
      refundable: left,
      deduction: 0,
      holderName: "박환불",
    });

    const other = await s.api(api.refundHolderCheck, { bank: "국민은행", account: "9991234567" }, { token: m.token });
    expect([other.status, other.code, other.message]).toEqual([422, Code.REFUND_HOLDER_MISMATCH, Msg.refundHolderMismatch]);
    const none = await s.api(api.refundHolderCheck, { bank: "국민은행", account: "0001234567" }, { token: m.token });
    expect([none.code, none.message]).toEqual([Code.REFUND_ACCOUNT_NOT_FOUND, Msg.refundAccountNotFound]);
    expect((await s.api(api.refundHolderCheck, { bank: "국민은행", account: OK_ACCOUNT }, { token: m.token })).data).toEqual({
      ok: true,
      holderName: "박환불",
    });

    // Refused requests record nothing: another's account, too much, a wrong password.
    const body = { bank: "국민은행", account: OK_ACCOUNT, value: left, password: "123456" };
    const mismatch = await s.api(api.refundRequest, { ...body, account: "9990001111" }, { token: m.token });
    expect(mismatch.code).toBe(Code.REFUND_HOLDER_MISMATCH);
    const over = await s.api(api.refundRequest, { ...body, value: left + 1 }, { token: m.token });
    expect([over.code, over.message]).toEqual([Code.REFUND_OVER_REFUNDABLE, Msg.refundOverRefundable]);
    const wrong = await s.api(api.refundRequest, { ...body, password: "000000" }, { token: m.token });
    expect([wrong.status, wrong.message]).toEqual([400, Msg.passwordWrong]);
    expect(await s.ctx.db.selectFrom("refund_orders").selectAll().where("member_id", "=", m.id).execute()).toEqual([]);

    // Two concurrent requests for the same balance: one moves it, the other is refused; the escrow holds it once.
    const before = await onChain(escrow);
    const both = await Promise.all([
      s.api(api.refundRequest, body, { token: m.token }),
      s.api(api.refundRequest, body, { token: m.token }),
    ]);
    expect(both.filter((r) => r.code === 200)).toHaveLength(1);
    const refused = both.find((r) => r.code !== 200)!;
    expect([Code.REFUND_OVER_REFUNDABLE, Code.REFUND_ALREADY_OPEN]).toContain(refused.code);
    const made = both.find((r) => r.code === 200)!.data;
    expect(made).toMatchObject({ kind: "balance", value: left, state: "requested", stateLabel: "환불 대기", bankAccount: "******7890" });
    expect((await onChain(escrow)) - before).toBe(left);
    expect(await onChain(m.address)).toBe(0);

    // The operator pays it: the bank reference recorded, the escrowed amount burned (totalSupply falls by it).
    const supplyBefore = await supply();
    const superAdmin = await s.loginOperator("admin", "admin1234");
    const toolbar = async () => (await s.call("GET", "/api/operation/toolbar", { token: superAdmin, ...op })).data.refunds as number;
    const toolbarBefore = await toolbar();
    const list = await s.api(api.refundSearch, { state: "requested" }, { token: refunder, ...op });
    expect(list.data.list.map((r) => r.orderNo)).toContain(made.orderNo);
    const paid = await s.api(api.refundPay, { orderNo: made.orderNo, bankRef: "KB-20261203-0001" }, { token: refunder, ...op });
    expect(paid.code).toBe(200);
    expect(paid.data.refund).toMatchObject({ state: "paid", stateLabel: "지급 완료", bankRef: "KB-20261203-0001", username: "박환불" });
    expect(paid.data.txHash).toMatch(/^0x/);
    expect(supplyBefore - (await supply())).toBe(left);
    // The toolbar's 환불 counts the refunds paid to members: up by exactly this one (settlement returns are not refunds).
    expect((await toolbar()) - toolbarBefore).toBe(left);
    // A second payout (or a rejection) of the same order moves nothing.
    const again = await s.api(api.refundPay, { orderNo: made.orderNo, bankRef: "x" }, { token: refunder, ...op });
    expect([again.status, again.message]).toEqual([409, Msg.refundNotRequested]);
    expect((await s.api(api.refundReject, { orderNo: made.orderNo, reason: "x" }, { token: refunder, ...op })).status).toBe(409);
    expect(await supply()).toBe(supplyBefore - left);

    // The member's history (환불 tab) shows it; the audit log has the payout.
    const history = await s.api(api.refundHistory, { page: 1 }, { token: m.token });
    expect(history.data.list[0]).toMatchObject({ orderNo: made.orderNo, state: "paid", value: left, burnTxHash: paid.data.txHash });
    // Its receipt (거래확인서) names both transactions, the escrow move and the burn, each verifiable on the public page.
    const line = history.data.list[0];
    const receipt = await s.api(receiptsApi.receipt, { type: "refund", id: line.id }, { token: m.token });
    expect(receipt.data).toMatchObject({
      kind: "refund",
      title: "잔액 환불",
      orderNo: made.orderNo,
      value: left,
      fee: 0,
      total: left,
      status: "paid",
      txHash: line.requestTxHash,
      payoutAccount: "국민은행 ****7890",
    });
    expect(receipt.data.moves.map((x) => x.txHash)).toEqual([line.requestTxHash, paid.data.txHash]);
    for (const x of receipt.data.moves) {
      const verified = await s.api(receiptsApi.verifyTx, { hash: x.txHash });
      expect([verified.data.found, verified.data.status]).toEqual([true, 1]);
    }
    // Another member's refund is not found (never 403: no hint that it exists).
    const stranger = await s.loginUser("01033334444", "222222");
    expect((await s.api(receiptsApi.receipt, { type: "refund", id: line.id }, { token: stranger })).status).toBe(404);
    const audit = await s.ctx.db.selectFrom("admin_actions").selectAll().where("action", "=", "refund.pay").execute();
    expect(audit.map((a) => a.target_id)).toContain(made.orderNo);
  }, 120_000);

  it("below the used share nothing is refundable yet (10,000원 bought, 6,000 used: 1만원 이하 needs 80%)", async () => {
    const m = await memberWith("01090000002", "최미달", 10_000, 6_000);
    const info = await s.api(api.refundInfo, undefined, { token: m.token });
    expect(info.data).toMatchObject({ rule: "notYet", refundable: 0, loaded: 10_000, requiredPercent: 80 });
    expect(info.data.usedPercent).toBeLessThan(80);
    // The page says it in one sentence: how much more to use before the balance is refundable (80% of 10,000 used).
    expect(info.data.moreToUse).toBe(8_000 - info.data.used);
    const r = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: 1_000, password: "123456" },
      { token: m.token },
    );
    expect([r.code, r.message]).toEqual([Code.REFUND_OVER_REFUNDABLE, Msg.refundNothingRefundable]);
  }, 60_000);

  it("a rejection returns the escrowed amount to the member's wallet, with the reason", async () => {
    const m = await memberWith("01090000003", "정반려", 20_000, 15_000);
    const left = await onChain(m.address);
    const made = await s.api(
      api.refundRequest,
      { bank: "신한은행", account: OK_ACCOUNT, value: left, password: "123456" },
      { token: m.token },
    );
    expect(made.code).toBe(200);
    const supplyBefore = await supply();
    const rejected = await s.api(api.refundReject, { orderNo: made.data.orderNo, reason: "계좌 확인 불가" }, { token: refunder, ...op });
    expect(rejected.data.refund).toMatchObject({ state: "rejected", stateLabel: "반려", rejectReason: "계좌 확인 불가" });
    expect(await onChain(m.address)).toBe(left);
    expect(await supply()).toBe(supplyBefore);
    const empty = await s.api(api.refundReject, { orderNo: made.data.orderNo, reason: "" }, { token: refunder, ...op });
    expect(empty.status).toBe(400);
  }, 60_000);

  it("청약철회: an unused purchase within 7 days is cancelled in full; a used one is not", async () => {
    const m = await memberWith("01090000004", "한철회", 30_000, 0);
    const info = await s.api(api.refundInfo, undefined, { token: m.token });
    expect(info.data.withdrawable).toHaveLength(1);
    const orderNo = info.data.withdrawable[0];
    const supplyBefore = await supply();
    const w = await s.api(api.refundWithdraw, { bank: "우리은행", account: OK_ACCOUNT, orderNo, password: "123456" }, { token: m.token });
    expect(w.data).toMatchObject({ kind: "withdrawal", kindLabel: "청약철회", value: 30_000, rule: "withdrawal" });
    await s.api(api.refundPay, { orderNo: w.data.orderNo, bankRef: "WR-1" }, { token: refunder, ...op });
    expect(supplyBefore - (await supply())).toBe(30_000);

    const used = await memberWith("01090000005", "유사용", 10_000, 1_000);
    expect((await s.api(api.refundInfo, undefined, { token: used.token })).data.withdrawable).toEqual([]);
    const refused = await s.api(
      api.refundWithdraw,
      { bank: "우리은행", account: OK_ACCOUNT, orderNo: "B2026", password: "123456" },
      { token: used.token },
    );
    expect([refused.code, refused.message]).toEqual([Code.REFUND_NOT_WITHDRAWABLE, Msg.refundNotWithdrawable]);
  }, 90_000);

  it("an operator without isRefund1 cannot list, pay or reject", async () => {
    await insertOperator(s.ctx, "norefund", OperatorPermission.SUB, { isAccount1: true });
    const t = await s.loginOperator("norefund", "operator1234");
    expect((await s.api(api.refundSearch, {}, { token: t, ...op })).status).toBe(403);
    expect((await s.api(api.refundPay, { orderNo: "R1", bankRef: "x" }, { token: t, ...op })).status).toBe(403);
  });

  it("the refunds file needs a download reason, masks phones without isPrivacy1 and is recorded in the access log", async () => {
    await memberWith("01090000006", "파일환불", 20_000, 12_000);
    const path = `${s.url}${api.refundDownload.path}`;
    const post = (headers: Record<string, string>) =>
      fetch(path, {
        method: "POST",
        headers: { authorization: `Bearer ${refunder}`, "cookie-type": "operation", "content-type": "application/json", ...headers },
        body: JSON.stringify({}),
      });
    const refused = await post({});
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(Msg.downloadReasonRequired);
    const before = await s.ctx.db.selectFrom("access_log").select("id").where("screen", "=", "환불 관리").execute();
    const res = await post(WITH_REASON);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const phones = wb.worksheets[0].getColumn(4).values.slice(2) as string[];
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) expect(p).toMatch(/^010-\*\*\*\*-\d{4}$/);
    await expect
      .poll(async () => (await s.ctx.db.selectFrom("access_log").selectAll().where("screen", "=", "환불 관리").execute()).length)
      .toBe(before.length + 1);
    const list = await s.api(api.refundSearch, {}, { token: refunder, ...op });
    expect(list.data.list[0].phonenumber).toMatch(/^010-\*\*\*\*-\d{4}$/);
  }, 60_000);
});
