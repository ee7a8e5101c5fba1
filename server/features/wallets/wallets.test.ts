import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { memberByPhone } from "../../records/members.repo";
import { Msg } from "../../../domain/messages";
import { OperatorPermission } from "../../../domain/constants";

describe("back-office operator wallets and transfers", () => {
  let s: TestStack;
  let admin: string;
  let w2: string;
  let w3: string;
  let w1: string;
  let treasury: string;
  let made: string;
  const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    s.call(method, path, { token, marker: "operation", body, headers });
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const send = (token: string, body: unknown, headers?: Record<string, string>) =>
    as(token)("POST", "/api/address/transmit/send", body, headers);

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    await insertOperator(s.ctx, "wallet2op", OperatorPermission.SUB, { isWallet2: true });
    await insertOperator(s.ctx, "wallet3op", OperatorPermission.SUB, { isWallet3: true });
    await insertOperator(s.ctx, "wallet1op", OperatorPermission.SUB, { isWallet1: true });
    w2 = await s.loginOperator("wallet2op", "operator1234");
    w3 = await s.loginOperator("wallet3op", "operator1234");
    w1 = await s.loginOperator("wallet1op", "operator1234");
    treasury = (await s.ctx.custody.byKind("treasury"))!.address;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("lists operator wallets with their indexed balances; creates one with a required nickname", async () => {
    await s.waitIndexed();
    const list = await as(w2)("GET", "/api/address/wallet");
    expect(list.code).toBe(200);
    const t = list.data.find((w: { address: string }) => w.address === treasury);
    expect(t.balance).toBe(await onChain(treasury));
    expect(t.date_value).toMatchObject({
      daily_value: expect.any(Number),
      weekly_value: expect.any(Number),
      monthly_value: expect.any(Number),
    });
    expect(list.data.some((w: { kind: string }) => w.kind === "member" || w.kind === "sender")).toBe(false);

    expect(await as(w2)("POST", "/api/address/wallet", { nickName: "  " })).toMatchObject({ code: 400, message: Msg.required });
    expect(await as(w2)("POST", "/api/address/wallet", {})).toMatchObject({ code: 400, message: Msg.required });
    const r = await as(w2)("POST", "/api/address/wallet", { nickName: "이벤트 지갑" });
    expect(r.code).toBe(200);
    made = r.data.address;
    expect(made).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const again = await as(w2)("GET", "/api/address/wallet");
    expect(again.data.find((w: { address: string }) => w.address === made)).toMatchObject({
      nickName: "이벤트 지갑",
      wallet: "이벤트 지갑",
      balance: 0,
    });
    expect(JSON.stringify(again.data)).not.toMatch(/encrypted|private/i);
  });

  it("transfers through the outbox: 200 with the spec's text, both balances move, the list follows the index", async () => {
    const before = await onChain(treasury);
    const r = await send(w3, { from: treasury, to: made, value: 5_000 });
    expect(r).toMatchObject({ code: 200, message: Msg.transferDone });
    expect(r.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await onChain(made)).toBe(5_000);
    expect(await onChain(treasury)).toBe(before - 5_000);
    await s.waitIndexed();
    const list = await as(w3)("GET", "/api/address/wallet");
    expect(list.data.find((w: { address: string }) => w.address === made).balance).toBe(5_000);
    expect(list.data.find((w: { address: string }) => w.address === treasury).date_value.daily_value).toBeGreaterThanOrEqual(5_000);
  });

  it("pages the list when asked (page, perPage) with the total; without them, every wallet as before", async () => {
    const every = (await as(w2)("GET", "/api/address/wallet?since=ignored")).data;
    expect(Array.isArray(every)).toBe(true);
    const first = await as(w2)("GET", "/api/address/wallet?page=1&perPage=10&sortBy=id&sortDesc=false");
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ total: every.length, page: 1, perPage: 10 });
    expect(first.data.list).toEqual(every.slice(0, 10));
    const ids = (list: { id: number }[]) => list.map((w) => w.id);
    expect(ids((await as(w2)("GET", "/api/address/wallet?perPage=10")).data.list)).toEqual(ids(every).reverse().slice(0, 10));
    expect((await as(w2)("GET", "/api/address/wallet?page=2&perPage=10")).data).toMatchObject({
      list: every.length > 10 ? expect.any(Array) : [],
      total: every.length,
    });
    expect((await as(w2)("GET", "/api/address/wallet?perPage=7")).code).toBe(400);
  });

  it("answers 403 / 401 / 402 and the input messages; never a 5xx", async () => {
    const member = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01011112222"))!.id))!.address;
    expect(await send(w3, { from: member, to: made, value: 10 })).toMatchObject({ status: 400, code: 403, message: Msg.transferBadFrom });
    expect(await send(w3, { from: "0x1234", to: made, value: 10 })).toMatchObject({ code: 403, message: Msg.transferBadFrom });
    expect(await send(w3, { from: treasury, to: "0x1234", value: 10 })).toMatchObject({
      status: 400,
      code: 401,
      message: Msg.transferBadTo,
    });
    expect(await send(w3, { from: treasury, to: treasury, value: 10 })).toMatchObject({ code: 401, message: Msg.transferBadTo });
    expect(await send(w3, { from: made, to: treasury, value: 999_999 })).toMatchObject({
      status: 400,
      code: 402,
      message: Msg.transferBadBalance,
    });
    expect(await send(w3, { from: "", to: made, value: 10 })).toMatchObject({ code: 400, message: Msg.required });
    expect(await send(w3, { from: treasury, to: made })).toMatchObject({ code: 400, message: Msg.required });
    expect(await send(w3, { from: treasury, to: made, value: "1.5" })).toMatchObject({ code: 400, message: Msg.transferCheckInput });
    expect(await send(w3, { from: treasury, to: made, value: -3 })).toMatchObject({ code: 400, message: Msg.transferCheckInput });
    // A member's wallet is a valid recipient ("any address").
    const toMember = await send(w3, { from: made, to: member, value: 1_000 });
    expect(toMember.code).toBe(200);
    expect(await onChain(made)).toBe(4_000);
  });

  it("concurrent transfers cannot overspend; an Idempotency-Key moves once", async () => {
    const tries = await Promise.all(Array.from({ length: 5 }, () => send(w3, { from: made, to: treasury, value: 1_500 })));
    const codes = tries.map((t) => t.code).sort();
    expect(codes).toEqual([200, 200, 402, 402, 402]);
    expect(await onChain(made)).toBe(1_000);
    const key = { "idempotency-key": "wallet-send-1" };
    const [a, b] = await Promise.all([
      send(w3, { from: treasury, to: made, value: 700 }, key),
      send(w3, { from: treasury, to: made, value: 700 }, key),
    ]);
    expect([a.code, b.code]).toContain(200);
    expect(await onChain(made)).toBe(1_700);
  }, 60_000);

  it("isWallet2 views and creates, isWallet3 transfers, isWallet1 neither; each change is audited", async () => {
    expect((await send(w2, { from: treasury, to: made, value: 1 })).code).toBe(403);
    expect((await as(w3)("POST", "/api/address/wallet", { nickName: "x" })).code).toBe(403);
    expect((await as(w1)("GET", "/api/address/wallet")).code).toBe(403);
    expect((await send(w1, { from: treasury, to: made, value: 1 })).code).toBe(403);
    const log = await as(admin)("GET", "/api/operation/actions");
    expect(log.data.list.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(["wallet.create", "wallet.transfer"]));
  });
  it("a transfer whose answer was lost (the process died after the commit) is replayed from its row, never sent twice", async () => {
    await s.waitIndexed();
    const body = { from: treasury, to: made, value: "700" };
    const first = await send(w3, body, { "idempotency-key": "T-lost" });
    expect([first.code, first.data.status]).toEqual([200, "confirmed"]);
    const before = await onChain(made);
    // As a crash between the commit and the stored answer leaves the key: unanswered, its request long gone.
    await s.ctx.db
      .updateTable("idempotency")
      .set({ status: null, response: null, created_at: new Date(Date.now() - 60_000).toISOString() })
      .where("key", "=", "T-lost")
      .execute();
    const again = await send(w3, body, { "idempotency-key": "T-lost" });
    expect([again.code, again.headers.get("idempotent-replayed"), again.data.id, again.data.txHash]).toEqual([
      200,
      "true",
      first.data.id,
      first.data.txHash,
    ]);
    expect(await onChain(made)).toBe(before);
  });
});
