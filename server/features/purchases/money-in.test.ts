import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { acceptBuy, expireBuyOrders, requestBuy } from "./purchases.service";
import { buyOrder } from "./purchases.repo";
import type { SimulatedBank } from "../../providers/bank/simulated";
import { signBody, SIGNATURE_HEADER } from "../../providers/bank/signature";
import { purchasesApi, salesApi } from "../../../domain/api/purchases";
import { reconcile } from "../dashboard/reconcile";
import { MONEY_SECTIONS } from "../month-end/pack-sections";
import { receiptsApi } from "../../../domain/api/receipts";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("money in without an operator: virtual accounts, the bank's signed notices, linked-account charges", () => {
  let s: TestStack;
  let bank: SimulatedBank;
  const member = async (phone: string) => (await memberByPhone(s.ctx.db, phone))!;
  const balance = async (memberId: number) =>
    Number(await s.ctx.chain.token.balanceOf((await s.ctx.custody.memberWallet(memberId))!.address));
  const count = async (table: "bank_events" | "bank_deposits" | "buy_orders" | "outbox_transfers") =>
    Number(
      (
        await s.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Waits until the order leaves "pending" and its transfer (if any) is resolved on chain. */
  const settled = async (id: number) => {
    for (let i = 0; i < 400; i++) {
      const o = (await buyOrder(s.ctx.db, id))!;
      if (o.state !== "pending") {
        if (o.transfer_id !== null) await s.ctx.relayer.waitFor(Number(o.transfer_id), 30_000);
        return (await buyOrder(s.ctx.db, id))!;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("order still pending");
  };
  const post = (body: string, signature: string | undefined) =>
    s.call("POST", "/api/bank/callback", { raw: body, headers: signature ? { [SIGNATURE_HEADER]: signature } : {} });

  beforeAll(async () => {
    s = await startTestStack();
    bank = s.ctx.bank as SimulatedBank;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("gives a virtual-account order its own account and confirms it on the bank's deposit notice, once", async () => {
    const m = await member(M1.phone);
    const before = await balance(m.id);
    const order = await requestBuy(s.ctx, m, 12_300, M1.pw, new Date(), "virtual");
    expect(order.method).toBe("virtual");
    expect(order.bank_name).toBe("가상은행");
    expect(bank.virtualAccounts().find((a) => a.accountNumber === order.bank_account)?.amount).toBe(12_300);
    const events = await count("bank_events");

    bank.switches.duplicate = true;
    await bank.deposit({ accountNumber: order.bank_account!, amount: 12_300, depositorName: m.username });
    await bank.idle();
    bank.switches.duplicate = false;

    const done = await settled(order.id);
    expect(done.state).toBe("confirmed");
    expect(done.confirmed_by).toBe("auto");
    expect(await balance(m.id)).toBe(before + 12_300);
    // Sent twice, recorded once: the second delivery was answered "duplicate".
    expect(await count("bank_events")).toBe(events + 1);
    expect(bank.delivered.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    const audit = await s.ctx.db.selectFrom("admin_actions").selectAll().where("target_id", "=", String(order.id)).execute();
    expect(audit.map((a) => [a.action, a.admin_login_id])).toEqual([["sale.autoAccept", "@bank"]]);
    // The virtual account closed with the confirmation.
    await new Promise((r) => setTimeout(r, 50));
    expect(bank.virtualAccounts().find((a) => a.accountNumber === order.bank_account)?.closed).toBe(true);
  });

  it("confirms notices that come late and out of order, each once", async () => {
    const m = await member(M1.phone);
    const first = await requestBuy(s.ctx, m, 1_100, M1.pw, new Date(), "virtual");
    const second = await requestBuy(s.ctx, m, 1_200, M1.pw, new Date(), "virtual");
    bank.switches.reorder = true;
    await bank.deposit({ accountNumber: first.bank_account!, amount: 1_100, depositorName: m.username });
    await bank.deposit({ accountNumber: second.bank_account!, amount: 1_200, depositorName: m.username });
    bank.switches.reorder = false;
    expect((await buyOrder(s.ctx.db, first.id))!.state).toBe("pending");
    await bank.flush(); // the second's notice first
    bank.switches.delayMs = 300;
    bank.switches.duplicate = true;
    const third = await requestBuy(s.ctx, m, 1_300, M1.pw, new Date(), "virtual");
    await bank.deposit({ accountNumber: third.bank_account!, amount: 1_300, depositorName: m.username });
    await bank.idle();
    Object.assign(bank.switches, { delayMs: 0, duplicate: false });
    for (const o of [first, second, third]) expect((await settled(o.id)).confirmed_by).toBe("auto");
    const moves = await s.ctx.db
      .selectFrom("buy_orders")
      .select("transfer_id")
      .where("id", "in", [first.id, second.id, third.id])
      .execute();
    expect(new Set(moves.map((x) => Number(x.transfer_id))).size).toBe(3);
  });

  it("queues what the machine cannot match: a wrong amount, another name, a late deposit, an unknown account", async () => {
    const m = await member(M2.phone);
    const late = await requestBuy(s.ctx, m, 7_000, M2.pw, new Date(), "virtual");
    await expireBuyOrders(s.ctx, new Date(Date.now() + 25 * 3600_000));
    expect((await buyOrder(s.ctx.db, late.id))!.state).toBe("cancelled");
    expect(bank.virtualAccounts().find((a) => a.accountNumber === late.bank_account)?.closed).toBe(true);
    const wrong = await requestBuy(s.ctx, m, 5_000, M2.pw, new Date(), "virtual");
    const named = await requestBuy(s.ctx, m, 6_000, M2.pw, new Date(), "virtual");
    const lastNotice = Number(
      (
        await s.ctx.db
          .selectFrom("notifications")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    );

    await bank.deposit({ accountNumber: wrong.bank_account!, amount: 4_000, depositorName: m.username });
    await bank.deposit({ accountNumber: named.bank_account!, amount: 6_000, depositorName: "김철수" });
    await bank.deposit({ accountNumber: late.bank_account!, amount: 7_000, depositorName: m.username });
    await bank.deposit({ accountNumber: "7000000000001", amount: 1_000, depositorName: m.username });
    await bank.idle();

    const queued = await s.ctx.db.selectFrom("bank_deposits").selectAll().where("state", "=", "review").orderBy("id").execute();
    // The bank sends its notices concurrently: they are recorded in the order they arrive, read here by amount.
    const last4 = queued.slice(-4).sort((x, y) => Number(x.amount) - Number(y.amount));
    expect(last4.map((d) => [d.reason, Number(d.amount), d.order_id === null ? null : Number(d.order_id)])).toEqual([
      ["unknownAccount", 1_000, null],
      ["amount", 4_000, wrong.id],
      ["name", 6_000, named.id],
      ["late", 7_000, late.id],
    ]);
    expect((await buyOrder(s.ctx.db, wrong.id))!.state).toBe("pending");
    expect((await buyOrder(s.ctx.db, named.id))!.state).toBe("pending");
    const notices = await s.ctx.db.selectFrom("notifications").select("message").where("id", ">", lastNotice).execute();
    expect(notices.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining("금액 불일치"), expect.stringContaining("기한 후 입금")]),
    );
  });

  it("refuses a wrong signature, an old timestamp and a seen event id, changing nothing", async () => {
    const m = await member(M1.phone);
    const order = await requestBuy(s.ctx, m, 3_000, M1.pw, new Date(), "virtual");
    const body = JSON.stringify({
      eventId: `evt_${crypto.randomUUID()}`,
      type: "deposit",
      occurredAt: new Date().toISOString(),
      data: { accountNumber: order.bank_account, amount: 3_000, depositorName: m.username },
    });
    const secret = s.ctx.config.bank.callbackSecret;
    const events = await count("bank_events");
    expect((await post(body, undefined)).status).toBe(401);
    expect((await post(body, signBody(crypto.randomBytes(32), body))).status).toBe(401);
    expect((await post(body, signBody(secret, body, Math.floor(Date.now() / 1000) - 301))).status).toBe(401);
    expect((await post(`${body} `, signBody(secret, body))).status).toBe(401);
    expect(await count("bank_events")).toBe(events);
    expect((await buyOrder(s.ctx.db, order.id))!.state).toBe("pending");

    const first = await post(body, signBody(secret, body));
    expect(first.status).toBe(200);
    expect((await settled(order.id)).confirmed_by).toBe("auto");
    const transfers = await count("outbox_transfers");
    // The same event again, freshly signed (a replay inside the window): seen, nothing changes.
    const again = await post(body, signBody(secret, body));
    expect(again.status).toBe(200);
    expect(await count("bank_events")).toBe(events + 1);
    expect(await count("outbox_transfers")).toBe(transfers);
  });

  it("confirms once when an operator approved by hand before the bank's notice came", async () => {
    const m = await member(M1.phone);
    const before = await balance(m.id);
    const order = await requestBuy(s.ctx, m, 2_000, M1.pw, new Date(), "virtual");
    await acceptBuy(s.ctx, order.id);
    await bank.deposit({ accountNumber: order.bank_account!, amount: 2_000, depositorName: m.username });
    await bank.idle();
    const o = (await buyOrder(s.ctx.db, order.id))!;
    expect(o.confirmed_by).toBe("manual");
    expect(await balance(m.id)).toBe(before + 2_000);
    const d = await s.ctx.db.selectFrom("bank_deposits").selectAll().where("order_id", "=", order.id).execute();
    expect(d.map((x) => x.state)).toEqual(["known"]);
  });

  it("links an own-name account (another name refused), charges from it at once, and keeps it the member's own", async () => {
    const t1 = await s.loginUser(M1.phone, M1.pw);
    const t2 = await s.loginUser(M2.phone, M2.pw);
    const m1 = await member(M1.phone);
    const link = (token: string, account: string, password: string) =>
      s.api(purchasesApi.linkedAccountLink, { bank: "국민은행", account, consent: true, password }, { token });
    const other = await link(t1, "999-1234-5678", M1.pw);
    expect([other.code, other.message]).toEqual([Code.REFUND_HOLDER_MISMATCH, Msg.refundHolderMismatch]);
    const ok = await link(t1, "110-2233-4455", M1.pw);
    expect(ok.code).toBe(200);
    expect(ok.data.account?.accountMasked).toBe("국민은행 ****4455");
    expect(JSON.stringify(ok.data)).not.toContain("11022334455");

    // Another member sees no account, cannot unlink or charge from it.
    expect((await s.api(purchasesApi.linkedAccountGet, undefined, { token: t2 })).data.account).toBeNull();
    expect((await s.api(purchasesApi.linkedAccountUnlink, undefined, { token: t2 })).code).toBe(Code.LINKED_ACCOUNT);
    const theirs = await s.api(purchasesApi.buyLinked, { value: 10_000, password: M2.pw }, { token: t2 });
    expect([theirs.code, theirs.message]).toEqual([Code.LINKED_ACCOUNT, Msg.noLinkedAccount]);

    const before = await balance(m1.id);
    const charged = await s.api(purchasesApi.buyLinked, { value: 10_000, password: M1.pw }, { token: t1 });
    expect(charged.code).toBe(200);
    expect([charged.data.state, charged.data.method]).toEqual(["confirmed", "linked"]);
    expect(charged.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balance(m1.id)).toBe(before + 10_000);
    expect((await buyOrder(s.ctx.db, charged.data.id))!.confirmed_by).toBe("linked");
    // The member's receipt says how it was paid and confirmed (the account masked).
    const receipt = await s.api(receiptsApi.receipt, { type: "buy", id: charged.data.id }, { token: t1 });
    expect(receipt.data.payment).toBe("연결 계좌 충전 국민은행 ****4455 · 계좌연결 확인");
    expect((await s.api(purchasesApi.linkedAccountGet, undefined, { token: t1 })).data.account?.bankName).toBe("국민은행");
  });

  it("answers 503 in Korean with nothing recorded while the bank is down, and issues nothing for a refused debit", async () => {
    const t1 = await s.loginUser(M1.phone, M1.pw);
    const m1 = await member(M1.phone);
    const orders = await count("buy_orders");
    bank.switches.down = true;
    const down = await s.api(purchasesApi.buyLinked, { value: 1_000, password: M1.pw }, { token: t1 });
    const downVa = await s.api(purchasesApi.buyCharge, { value: 1_000, password: M1.pw, method: "virtual" }, { token: t1 });
    bank.switches.down = false;
    expect([down.status, down.message]).toEqual([503, Msg.bankUnavailable]);
    expect([downVa.status, downVa.message]).toEqual([503, Msg.bankUnavailable]);
    expect(await count("buy_orders")).toBe(orders);

    const before = await balance(m1.id);
    bank.switches.refuse = true;
    const refused = await s.api(purchasesApi.buyLinked, { value: 1_000, password: M1.pw }, { token: t1 });
    bank.switches.refuse = false;
    // The answer says why, as the bank's notice did.
    expect([refused.code, refused.message]).toEqual([Code.DEBIT_FAILED, `${Msg.debitFailed} 잔액이 부족합니다.`]);
    const last = await s.ctx.db.selectFrom("buy_orders").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect([last.method, last.state, last.transfer_id]).toEqual(["linked", "cancelled", null]);
    expect(await balance(m1.id)).toBe(before);
  });

  it("never lets concurrent charges of one member pass the monthly limit", async () => {
    const t2 = await s.loginUser(M2.phone, M2.pw);
    await s.api(purchasesApi.linkedAccountLink, { bank: "신한은행", account: "1002003004", consent: true, password: M2.pw }, { token: t2 });
    const capacity = (await s.api(purchasesApi.buy, undefined, { token: t2 })).data.capacity;
    const each = Math.floor(capacity / 3 / 100) * 100 + 100; // three fit only if the limit is not checked together
    const tries = await Promise.all(
      [1, 2, 3, 4].map(() =>
        s.api(purchasesApi.buyLinked, { value: each, password: M2.pw }, { token: t2, headers: { "idempotency-key": crypto.randomUUID() } }),
      ),
    );
    const passed = tries.filter((r) => r.code === 200).length;
    expect(passed).toBe(2);
    expect(tries.filter((r) => r.message === Msg.buyOverCapacity).length).toBe(2);
    expect((await s.api(purchasesApi.buy, undefined, { token: t2 })).data.capacity).toBe(capacity - 2 * each);
  });

  it("lets operators match a wrong amount to its order, hold, and return (above the threshold under dual control)", async () => {
    const admin = await s.loginOperator("admin", "admin1234");
    const admin2 = await s.loginOperator("admin2", "admin1234");
    const memberToken = await s.loginUser(M2.phone, M2.pw);
    const op = { token: admin, marker: "operation" as const };
    const m = await member(M2.phone);
    const order = await requestBuy(s.ctx, m, 5_000, M2.pw, new Date(), "virtual");
    await bank.deposit({ accountNumber: order.bank_account!, amount: 4_000, depositorName: m.username });
    await bank.deposit({ accountNumber: "7000000000002", amount: 800, depositorName: "모르는사람" });
    await bank.deposit({ accountNumber: "7000000000003", amount: 1_500_000, depositorName: "모르는사람" });
    await bank.deposit({ accountNumber: "7000000000004", amount: 900, depositorName: "모르는사람" });
    await bank.idle();

    expect((await s.api(salesApi.saleDeposits, { state: "waiting" }, { token: memberToken })).status).toBeGreaterThanOrEqual(401);
    const queue = (await s.api(salesApi.saleDeposits, { state: "waiting" }, op)).data;
    const wrong = queue.list.find((d) => d.orderNo === order.order_no && d.amount === 4_000)!;
    expect([wrong.state, wrong.reasonLabel]).toEqual(["review", "금액 불일치"]);
    const byAmount = (n: number) => queue.list.find((d) => d.amount === n)!.id;

    const before = await balance(m.id);
    const matched = await s.api(
      salesApi.saleDepositMatch,
      { id: wrong.id, orderNo: order.order_no, note: "고객 확인: 4,000원만 입금" },
      op,
    );
    expect(matched.code).toBe(200);
    const o = await settled(order.id);
    expect([o.state, Number(o.value), o.confirmed_by]).toEqual(["confirmed", 4_000, "manual"]);
    expect(await balance(m.id)).toBe(before + 4_000);
    expect((await s.api(salesApi.saleDepositMatch, { id: wrong.id, orderNo: order.order_no, note: "다시" }, op)).code).toBe(409);

    expect((await s.api(salesApi.saleDepositHold, { id: byAmount(800), note: "입금자 확인 중" }, op)).code).toBe(200);
    expect((await s.api(salesApi.saleDepositReturn, { id: byAmount(900), note: "잘못 입금" }, op)).data.proposalId).toBeNull();
    const big = await s.api(salesApi.saleDepositReturn, { id: byAmount(1_500_000), note: "잘못 입금된 큰 금액" }, op);
    expect(big.data.proposalId).toEqual(expect.any(Number));
    const states = async () =>
      new Map((await s.ctx.db.selectFrom("bank_deposits").select(["amount", "state"]).execute()).map((d) => [Number(d.amount), d.state]));
    expect((await states()).get(1_500_000)).toBe("review");
    const approved = await s.call("POST", `/api/proposals/${big.data.proposalId}/approve`, {
      token: admin2,
      marker: "operation",
      body: {},
    });
    expect(approved.status).toBe(200);
    const decided = await states();
    expect([800, 900, 1_500_000].map((a) => decided.get(a))).toEqual(["held", "returned", "returned"]);
    const actions = await s.ctx.db.selectFrom("admin_actions").select("action").where("target_type", "=", "bank_deposit").execute();
    expect(actions.map((a) => a.action).sort()).toEqual(["deposit.hold", "deposit.match", "deposit.return"]);
  });

  it("reconciles the bank's credits with the purchases they confirmed and their moves, and names a credit that is off", async () => {
    await s.waitIndexed();
    const run = () => reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
    const report = await run();
    expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    expect(report.lines.find((l) => l.check === "bank credits")?.detail).toMatch(/^은행 입금 \d+건/);
    // The month-end pack's section of the bank's notices: every notice of the period, the depositor's name masked.
    const section = MONEY_SECTIONS.find((x) => x.file === "moves/bank-events.csv")!;
    const period = { fromBlock: 0, toBlock: 0, fromIso: "2000-01-01T00:00:00Z", toIso: "2999-01-01T00:00:00Z" };
    const pack = (await section.table({ db: s.ctx.db } as never, period, { moves: [], kindOf: new Map() }))!;
    const events = await s.ctx.db.selectFrom("bank_events").select("event_id").execute();
    expect(pack.rows.map((r) => r[1]).sort()).toEqual(events.map((e) => e.event_id).sort());
    const names = pack.rows.map((r) => r[pack.header.indexOf("depositor")]).filter((n) => n && n !== "-");
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/\*/);
    // A credit recorded against an order for another amount is named.
    const credit = await s.ctx.db
      .selectFrom("bank_deposits")
      .select(["id", "amount"])
      .where("state", "=", "confirmed")
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .updateTable("bank_deposits")
      .set({ amount: Number(credit.amount) + 100 })
      .where("id", "=", credit.id)
      .execute();
    const off = await run();
    expect(off.lines.filter((l) => !l.ok).map((l) => l.check)).toEqual(["bank credit"]);
    await s.ctx.db
      .updateTable("bank_deposits")
      .set({ amount: Number(credit.amount) })
      .where("id", "=", credit.id)
      .execute();
  });
});
