import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { receiptsApi as api } from "../../../domain/api/receipts";
import { historyApi } from "../../../domain/api/history";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("receipts and the public verification of a transaction", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;
  let giftId: number;
  let hash: string;

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    t2 = await s.loginUser(M2.phone, M2.pw);
    const look = await s.call("POST", "/api/info/user", { token: t1, body: { phonenumber: M2.phone } });
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { opponentAddress: look.data.address, kind: 0, type: 1, value: 7_000, password: M1.pw },
    });
    expect(gift.data.status).toBe("confirmed");
    hash = gift.data.txHash;
    await s.waitIndexed();
    const h = await s.api(historyApi.history, { type: 3, page: 1 }, { token: t1 });
    giftId = h.data.data_list.find((r) => "txHash" in r && r.txHash === hash)!.id;
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("gives the sender and the recipient each their receipt, the other side masked, with the hash and block", async () => {
    const sent = await s.api(api.receipt, { type: "move", id: giftId }, { token: t1 });
    expect(sent.data).toMatchObject({
      kind: "gift_sent",
      value: 7_000,
      fee: 200,
      total: 7_200,
      counterpart: "이*연",
      txHash: hash,
      status: "confirmed",
    });
    expect(sent.data.orderNo).toMatch(/^G\d{8}-\d{6}$/);
    expect(sent.data.blockNumber).toBe((await s.ctx.chain.provider.getTransactionReceipt(hash))!.blockNumber);
    expect(sent.data.verifyPath).toBe(`/verify/tx/${hash}`);
    const got = await s.api(api.receipt, { type: "move", id: giftId }, { token: t2 });
    expect(got.data).toMatchObject({ kind: "gift_received", value: 7_000, fee: 0, total: 7_000, counterpart: "김*준" });
    const body = JSON.stringify([sent.data, got.data]);
    for (const pii of ["김민준", "이서연", M1.phone, M2.phone]) expect(body).not.toContain(pii);
  });

  it("refuses another member's line, and no session", async () => {
    const t3 = await s.loginUser("01055556666", "333333");
    expect((await s.api(api.receipt, { type: "move", id: giftId }, { token: t3 })).status).toBe(404);
    expect((await s.api(api.receipt, { type: "buy", id: 1 }, { token: t3 })).status).toBe(404);
    expect((await s.api(api.receipt, { type: "move", id: giftId })).status).toBe(401);
  });

  it("gives a purchase's receipt with its order number", async () => {
    const h = await s.api(historyApi.history, { type: 1, page: 1 }, { token: t1 });
    const line = h.data.data_list[0] as { id: number; orderNo: string } | undefined;
    if (!line) return;
    const r = await s.api(api.receipt, { type: "buy", id: line.id }, { token: t1 });
    expect(r.data).toMatchObject({ kind: "purchase", orderNo: line.orderNo, counterpart: "KRW 상품권 (발행사)" });
  });

  it("verifies a transaction publicly from the node: transfers as the chain holds them, no personal data", async () => {
    const r = await s.api(api.verifyTx, { hash });
    expect(r.status).toBe(200);
    const fee = (await s.ctx.custody.byKind("fee"))!.address;
    expect(r.data).toMatchObject({ found: true, status: 1, hash: hash.toLowerCase() });
    expect(r.data.confirmations).toBeGreaterThanOrEqual(1);
    const legs = r.data.transfers.map((t) => [t.to.toLowerCase() === fee.toLowerCase() ? "fee" : "main", t.value]);
    expect(legs).toEqual(
      expect.arrayContaining([
        ["main", "7000"],
        ["fee", "200"],
      ]),
    );
    for (const pii of ["김민준", "이서연", M1.phone, M2.phone, "username", "phone"]) expect(JSON.stringify(r.data)).not.toContain(pii);
    const unknown = await s.api(api.verifyTx, { hash: `0x${"ab".repeat(32)}` });
    expect(unknown.data).toMatchObject({ found: false, transfers: [] });
    expect((await s.api(api.verifyTx, { hash: "0x12" })).status).toBe(400);
  });
});
