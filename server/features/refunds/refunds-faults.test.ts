import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { approveProposal } from "../../test/proposals";
import { createMember } from "../members/members.service";
import { memberById, setMemberState } from "../../records/members.repo";
import { reconcile } from "../dashboard/reconcile";
import { refundsApi as api } from "../../../domain/api/refunds";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { RefundRuleLabel } from "../../../domain/state-labels";
import { REFUND_PAYOUT_DUAL_CONTROL_WON } from "../../../domain/policy/refund";
import { AFTER_EXPIRY_REFUND_PERCENT, VALIDITY_YEARS } from "../../../domain/policy/validity";
import { DEMO } from "../../seed";
import { ADULT_BIRTH, verifyByHttp } from "../../providers/identity/testing";
import * as repo from "./refunds.repo";
import { followRefunds } from "./refunds-payout.service";
import { recordCall, sendCall, UNSENT_CALL_MS } from "../../money/chain-calls";

const OK_ACCOUNT = "1234567890";
const DAY = 86_400_000;

/**
 * Refunds under bad input and faults (issue 36 "Bad input and faults"): the payment lockout, each refusal's own code
 * and message, the payout above the threshold under dual control, the after-expiry rate once the clock passed the
 * validity, and the chain down (503, nothing recorded). The concurrent requests are in refunds.test.ts; a kill of
 * the server between the steps in refunds-crash.test.ts.
 */
describe("refunds: bad input and faults", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  let minjunAddr: string;
  const op = { marker: "operation" as const };
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const escrowAddr = async () => (await s.ctx.custody.byKind("refund"))!.address;
  const ordersOf = (memberId: number) => s.ctx.db.selectFrom("refund_orders").selectAll().where("member_id", "=", memberId).execute();
  const outboxCount = async () =>
    Number(
      (
        await s.ctx.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * A new member charged `load` won from the treasury (as the demo's seeding) who then gave `gift` won to 김민준: its
   * used share is the gift and its fee. Logged in.
   */
  async function member(phone: string, name: string, load: number, gift: number) {
    const m = await createMember(s.ctx, { phonenumber: phone, password: "123456", username: name });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const row = await s.ctx.db
      .transaction()
      .execute((trx) =>
        s.ctx.outbox.enqueue(trx, { kind: "seed", from: treasury, to: m.address, value: load, counterpartyMemberId: m.id }),
      );
    s.ctx.relayer.kick();
    expect((await s.ctx.relayer.waitFor(row.id, 60_000)).status).toBe("confirmed");
    await s.waitIndexed();
    const token = await s.loginUser(phone, "123456");
    if (gift > 0) {
      const r = await s.call("POST", "/api/gift/trade/address", {
        token,
        body: { opponentAddress: minjunAddr, kind: 0, type: 1, value: gift, password: "123456" },
      });
      expect(r.data?.status, r.message).toBe("confirmed");
      await s.waitIndexed();
    }
    return { token, id: m.id, address: m.address };
  }

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator(DEMO.admin.id, DEMO.admin.password);
    admin2 = await s.loginOperator(DEMO.admin2.id, DEMO.admin2.password);
    const minjun = await s.ctx.db
      .selectFrom("members")
      .select("id")
      .where("phonenumber", "=", DEMO.members[0].phonenumber)
      .executeTakeFirstOrThrow();
    minjunAddr = (await s.ctx.custody.memberWallet(minjun.id))!.address;
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("a wrong payment password follows the payment lockout: the fifth locks refunds and gifts alike; nothing recorded", async () => {
    const m = await member("01091000001", "오잠금", 50_000, 30_000);
    const refundable = (await s.api(api.refundInfo, undefined, { token: m.token })).data.refundable;
    expect(refundable).toBe(50_000 - 30_000 - 200);
    const body = { bank: "국민은행", account: OK_ACCOUNT, value: refundable, password: "000000" };
    for (let i = 1; i <= 4; i++) {
      const r = await s.api(api.refundRequest, body, { token: m.token });
      expect([r.status, r.message]).toEqual([400, Msg.passwordWrong]);
    }
    const fifth = await s.api(api.refundRequest, body, { token: m.token });
    expect([fifth.status, fifth.code, fifth.message]).toEqual([423, 423, Msg.paymentLocked]);
    // Locked: the right password too, and any other payment of this member (one lockout, `pay:<member>`).
    const right = await s.api(api.refundRequest, { ...body, password: "123456" }, { token: m.token });
    expect([right.status, right.message]).toEqual([423, Msg.paymentLocked]);
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: m.token,
      body: { opponentAddress: minjunAddr, kind: 0, type: 1, value: 1_000, password: "123456" },
    });
    expect([gift.status, gift.message]).toEqual([423, Msg.paymentLocked]);
    expect(await ordersOf(m.id)).toEqual([]);
    expect(await onChain(m.address)).toBe(refundable);
  }, 90_000);

  it("a closure with a wrong password follows the same lockout: the fifth locks it and the member's refunds; nothing closes", async () => {
    const m = await member("01091000009", "십삼탈퇴", 50_000, 30_000);
    const key = (await verifyByHttp(s, "reauth", { name: "십삼탈퇴", birth: ADULT_BIRTH, phone: "01091000009" })).key;
    const close = (password: string) =>
      s.api(api.accountClose, { key_info: key, password, bank: "국민은행", account: OK_ACCOUNT }, { token: m.token });
    for (let i = 1; i <= 4; i++) expect((await close("000000")).message).toBe(Msg.passwordWrong);
    expect([(await close("000000")).status, (await close("123456")).message]).toEqual([423, Msg.paymentLocked]);
    const refund = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: 1_000, password: "123456" },
      { token: m.token },
    );
    expect([refund.status, refund.message]).toEqual([423, Msg.paymentLocked]);
    expect((await memberById(s.ctx.db, m.id))!).toMatchObject({ state: "repair", closed_at: null });
    expect(await ordersOf(m.id)).toEqual([]);
  }, 90_000);

  it("each refusal has its own code and Korean message, checked before the password; none records anything", async () => {
    const m = await member("01091000002", "육거절", 40_000, 30_000);
    const left = (await s.api(api.refundInfo, undefined, { token: m.token })).data.refundable;
    expect(left).toBe(40_000 - 30_000 - 200);
    const body = { bank: "국민은행", account: OK_ACCOUNT, value: left, password: "000000" };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ account: "9991112222" }, Code.REFUND_HOLDER_MISMATCH, Msg.refundHolderMismatch],
      [{ account: "0001112222" }, Code.REFUND_ACCOUNT_NOT_FOUND, Msg.refundAccountNotFound],
      [{ account: "8881112222" }, Code.REFUND_ACCOUNT_CLOSED, Msg.refundAccountClosed],
      [{ value: left + 100 }, Code.REFUND_OVER_REFUNDABLE, Msg.refundOverRefundable],
    ];
    // A wrong password with each: the refusal is the input's, and no wrong password is counted (no lockout after 5).
    for (const [change, code, message] of [...cases, ...cases]) {
      const r = await s.api(api.refundRequest, { ...body, ...change }, { token: m.token });
      expect([r.status, r.code, r.message]).toEqual([422, code, message]);
    }
    expect(new Set(cases.map((c) => c[1])).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c[2])).size).toBe(cases.length);
    // The holder check alone answers the closed account the same way.
    const closed = await s.api(api.refundHolderCheck, { bank: "국민은행", account: "8881112222" }, { token: m.token });
    expect([closed.code, closed.message]).toEqual([Code.REFUND_ACCOUNT_CLOSED, Msg.refundAccountClosed]);
    // A closed (탈퇴) member is refused before anything else: the session names it.
    await setMemberState(s.ctx.db, m.id, "kickOut");
    const gone = await s.api(api.refundRequest, { ...body, password: "123456" }, { token: m.token });
    expect([gone.status, gone.message]).toEqual([403, Msg.accountKicked]);
    await setMemberState(s.ctx.db, m.id, "repair");
    expect(await ordersOf(m.id)).toEqual([]);
    // Still not locked (the state change ended the session: a new login): the right password moves it.
    const token = await s.loginUser("01091000002", "123456");
    const ok = await s.api(api.refundRequest, { ...body, password: "123456" }, { token });
    expect(ok.code, ok.message).toBe(200);
    const rejected = await s.api(api.refundReject, { orderNo: ok.data.orderNo, reason: "테스트 반려" }, { token: admin, ...op });
    expect(rejected.data.refund.state).toBe("rejected");
    expect(await onChain(m.address)).toBe(left);
  }, 90_000);

  it("a payout above the threshold is a proposal: the proposer cannot approve it, a second operator's approval burns once", async () => {
    // Loaded 2,600,000, gave 1,560,000 (+ fee): past 60% used, the remaining 1,039,800 is above the threshold.
    const m = await member("01091000003", "칠고액", 2_600_000, 1_560_000);
    const left = 2_600_000 - 1_560_000 - 200;
    expect(left).toBeGreaterThan(REFUND_PAYOUT_DUAL_CONTROL_WON);
    const made = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: left, password: "123456" },
      { token: m.token },
    );
    expect(made.code, made.message).toBe(200);
    const escrow = await escrowAddr();
    const escrowBefore = await onChain(escrow);
    const supply0 = await supply();

    const paid = await s.api(api.refundPay, { orderNo: made.data.orderNo, bankRef: "KB-DUAL-1" }, { token: admin, ...op });
    expect([paid.code, paid.message]).toEqual([200, Msg.refundProposed]);
    expect(paid.data.proposalId).toEqual(expect.any(Number));
    expect(paid.data.txHash).toBeNull();
    expect(paid.data.refund).toMatchObject({ state: "paying", bankRef: "KB-DUAL-1" });
    expect(await supply()).toBe(supply0);
    // Paying it again (or rejecting it) while the proposal is pending moves nothing.
    expect((await s.api(api.refundPay, { orderNo: made.data.orderNo, bankRef: "x" }, { token: admin2, ...op })).status).toBe(409);
    expect((await s.api(api.refundReject, { orderNo: made.data.orderNo, reason: "x" }, { token: admin2, ...op })).status).toBe(409);

    const self = await approveProposal(s, admin, paid.data.proposalId!);
    expect([self.status, self.message]).toEqual([403, Msg.proposalSelfApproval]);
    expect(await supply()).toBe(supply0);

    // The second operator approves twice at once: one burn.
    const approvals = await Promise.all([
      approveProposal(s, admin2, paid.data.proposalId!),
      approveProposal(s, admin2, paid.data.proposalId!),
    ]);
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(approvals.find((a) => a.status === 200)!.data).toMatchObject({ state: "approved" });
    expect(supply0 - (await supply())).toBe(left);
    expect(escrowBefore - (await onChain(escrow))).toBe(left);
    const after = await s.api(api.refundSearch, { keyword: made.data.orderNo }, { token: admin, ...op });
    expect(after.data.list.find((r) => r.orderNo === made.data.orderNo)).toMatchObject({ state: "paid", bankRef: "KB-DUAL-1" });
    const again = await approveProposal(s, admin2, paid.data.proposalId!);
    expect([again.status, again.message]).toEqual([409, Msg.proposalNotPending]);
    expect(supply0 - (await supply())).toBe(left);
    const burns = await s.ctx.db
      .selectFrom("chain_calls")
      .selectAll()
      .where("method", "=", "burn")
      .where("args", "like", `%${escrow}%`)
      .execute();
    expect(burns.filter((b) => JSON.parse(b.args)[1] === String(left))).toHaveLength(1);
  }, 120_000);

  it("two operators deciding one order at once move it once: pay and pay burn once, pay and reject do one of them", async () => {
    const supply0 = await supply();
    const ask = async (phone: string, name: string) => {
      const m = await member(phone, name, 20_000, 13_000);
      const left = 20_000 - 13_000 - 200;
      const r = await s.api(
        api.refundRequest,
        { bank: "국민은행", account: OK_ACCOUNT, value: left, password: "123456" },
        { token: m.token },
      );
      expect(r.code, r.message).toBe(200);
      return { ...m, left, orderNo: r.data.orderNo };
    };
    const a = await ask("01091000006", "십동시");
    const pays = await Promise.all([
      s.api(api.refundPay, { orderNo: a.orderNo, bankRef: "A-1" }, { token: admin, ...op }),
      s.api(api.refundPay, { orderNo: a.orderNo, bankRef: "A-2" }, { token: admin2, ...op }),
    ]);
    expect(pays.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(supply0 - (await supply())).toBe(a.left);

    const b = await ask("01091000007", "십일경합");
    const escrow = await escrowAddr();
    const escrow0 = await onChain(escrow);
    const [paid, rejected] = await Promise.all([
      s.api(api.refundPay, { orderNo: b.orderNo, bankRef: "B-1" }, { token: admin, ...op }),
      s.api(api.refundReject, { orderNo: b.orderNo, reason: "경합" }, { token: admin2, ...op }),
    ]);
    expect([paid.status, rejected.status].sort()).toEqual([200, 409]);
    const burned = supply0 - a.left - (await supply());
    const returned = await onChain(b.address);
    // Exactly one of them: burned from the escrow, or back in the wallet.
    expect([burned, returned].sort()).toEqual([0, b.left]);
    expect(escrow0 - (await onChain(escrow))).toBe(b.left);
  }, 120_000);

  it("a burn recorded but never sent (the process died between): given up after UNSENT_CALL_MS, the order back to 환불 대기, paid once later", async () => {
    const m = await member("01091000008", "십이미송", 20_000, 13_000);
    const left = 20_000 - 13_000 - 200;
    const made = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: left, password: "123456" },
      { token: m.token },
    );
    const order = (await repo.refundByOrderNo(s.ctx.db, made.data.orderNo))!;
    const escrow = await escrowAddr();
    const adminId = (await s.ctx.db.selectFrom("admins").select("id").where("login_id", "=", DEMO.admin.id).executeTakeFirstOrThrow()).id;
    // What payRefund's first transaction leaves when its process dies before `sendCall`.
    const call = await s.ctx.db.transaction().execute(async (trx) => {
      const c = await recordCall(s.ctx, trx, "burn", [escrow, BigInt(left)], adminId);
      expect(
        await repo.moveRefund(trx, order.id, "requested", "paying", { burn_call_id: c.id, bank_ref: "LOST-1", admin_id: adminId }),
      ).toBe(true);
      return c;
    });
    const supply0 = await supply();
    // Still within the window: the job leaves it (it may be about to leave).
    await followRefunds(s.ctx);
    expect((await repo.refundByOrderNo(s.ctx.db, order.order_no))!.state).toBe("paying");
    const old = new Date(Date.now() - UNSENT_CALL_MS - 1_000).toISOString();
    await s.ctx.db.updateTable("chain_calls").set({ updated_at: old }).where("id", "=", call.id).execute();
    await followRefunds(s.ctx);
    expect((await repo.refundByOrderNo(s.ctx.db, order.order_no))!).toMatchObject({
      state: "requested",
      burn_call_id: null,
      bank_ref: null,
    });
    // The given-up call is never sent late (a second burn); the order is paid once by a new payout.
    await expect(sendCall(s.ctx, call)).rejects.toThrow();
    expect(await supply()).toBe(supply0);
    const paid = await s.api(api.refundPay, { orderNo: order.order_no, bankRef: "KB-AGAIN" }, { token: admin, ...op });
    expect(paid.data.refund).toMatchObject({ state: "paid", bankRef: "KB-AGAIN" });
    expect(supply0 - (await supply())).toBe(left);
  }, 90_000);

  it("the clock past the validity: the refund quote is the after-expiry rate, and paying it burns the whole balance", async () => {
    const m = await member("01091000004", "팔만료", 30_000, 0);
    expect((await s.api(api.refundInfo, undefined, { token: m.token })).data).toMatchObject({ rule: "notYet", refundable: 0 });
    // Every member's validity runs from its last charge: this member's was just now.
    s.ctx.clock.advance(VALIDITY_YEARS * 366 * DAY);
    const expected = Math.floor((30_000 * AFTER_EXPIRY_REFUND_PERCENT) / 100);
    const info = (await s.api(api.refundInfo, undefined, { token: m.token })).data;
    expect(info).toMatchObject({ rule: "expired", ruleLabel: RefundRuleLabel.expired, refundable: expected, deduction: 30_000 - expected });
    // With a deduction only the whole refundable amount may be asked for.
    const part = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: 1_000, password: "123456" },
      { token: m.token },
    );
    expect([part.code, part.message]).toEqual([Code.REFUND_OVER_REFUNDABLE, Msg.refundWholeOnly]);
    const made = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: expected, password: "123456" },
      { token: m.token },
    );
    expect(made.data).toMatchObject({ value: expected, rule: "expired" });
    expect(await onChain(m.address)).toBe(0);
    const supply0 = await supply();
    const paid = await s.api(api.refundPay, { orderNo: made.data.orderNo, bankRef: "EXP-1" }, { token: admin, ...op });
    expect(paid.data.refund.state).toBe("paid");
    // The payout and the deduction leave the supply together (README "A deduction is taken once").
    expect(supply0 - (await supply())).toBe(30_000);
  }, 90_000);

  it("the chain down: a refund request answers 503 in Korean and records nothing (no order, no move, no balance change)", async () => {
    const m = await member("01091000005", "구장애", 20_000, 13_000);
    const left = (await s.api(api.refundInfo, undefined, { token: m.token })).data.refundable;
    expect(left).toBeGreaterThan(0);
    await s.waitIndexed();
    const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
    expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    const moves = await outboxCount();
    const balance = await onChain(m.address);
    await s.ctx.chain.node!.stop();
    const r = await s.api(
      api.refundRequest,
      { bank: "국민은행", account: OK_ACCOUNT, value: left, password: "123456" },
      { token: m.token },
    );
    expect([r.status, r.code, r.message]).toEqual([503, Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable]);
    expect(await ordersOf(m.id)).toEqual([]);
    expect(await outboxCount()).toBe(moves);
    expect((await memberById(s.ctx.db, m.id))!.state).toBe("repair");
    // The books kept the balance (the chain cannot be asked now).
    expect(await s.ctx.outbox.spendable(m.address)).toBe(balance);
  }, 90_000);
});
