import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { memberByPhone } from "../records/members.repo";
import { settlementByOrderNo } from "../features/settlement/settlement.repo";
import { resolveApprovals } from "../features/settlement/settlement.service";
import { recordCall, sendCall, resolveSubmittedCalls, UNSENT_CALL_MS } from "./chain-calls";
import { DEMO } from "../seed";
import { followProposals } from "../dual-control/proposals";
import * as proposals from "../dual-control/proposals.repo";
import { fingerprinter } from "./idempotency";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { distinctSenders } from "../../chain/roles";

const [M1, , SHOP] = DEMO.members;

/**
 * An operator's token call sent but its outcome not seen (no receipt in time, the node gone after the send):
 * it may still be mined, so nothing may treat it as not done. Injected at the sender: the transaction really
 * goes to the node, which holds it unmined (automine off), and the wait for its receipt gives up.
 */
describe("token calls whose outcome the request did not see", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  const op = (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    s.call(method, path, { token, marker: "operation", body, headers });
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());

  /** Runs `fn` with sends that reach the node but never see their receipt; then mines what the node holds. */
  async function unseen<T>(fn: () => Promise<T>): Promise<T> {
    // Every account's sender (a mint goes through the minter's, a burn through the burner's).
    const senders = distinctSenders(s.ctx.chain.senders);
    const sends = senders.map((sender) => sender.send);
    await s.ctx.chain.provider.send("evm_setAutomine", [false]);
    for (const sender of senders)
      sender.send = async (tx, o) => {
        await sender.submit(tx, o);
        throw new Error("no receipt in time");
      };
    try {
      return await fn();
    } finally {
      senders.forEach((sender, i) => (sender.send = sends[i]));
      await s.ctx.chain.provider.send("evm_setAutomine", [true]);
      await s.ctx.chain.provider.send("evm_mine", []);
    }
  }

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator(DEMO.admin.id, DEMO.admin.password);
    admin2 = await s.loginOperator("admin2", DEMO.admin.password);
  }, 180_000);
  /** Dual control: admin proposes a mint (nothing moves); its approval by admin2 is the call that mints. */
  const proposeMint = async (value: number) => {
    const r = await op("POST", "/api/token/mint", admin, { value, reason: "발행 계획분" });
    expect([r.code, r.message]).toEqual([200, Msg.proposalCreated]);
    return r.data.proposal.id as number;
  };
  afterAll(async () => {
    await s?.stop();
  });

  it("a mint: 202, the same key does not mint again, and the receipt resolves it once", async () => {
    const before = await supply();
    const id = await proposeMint(5_000);
    expect(await supply()).toBe(before);
    const key = crypto.randomUUID();
    const mint = () => op("POST", `/api/proposals/${id}/approve`, admin2, undefined, { "idempotency-key": key });
    const first = await unseen(mint);
    expect([first.status, first.code, first.message]).toEqual([202, Code.ACCEPTED, Msg.chainCallUnresolved]);
    const again = await mint();
    expect([again.code, again.headers.get("idempotent-replayed")]).toEqual([Code.ACCEPTED, "true"]);
    expect(await supply()).toBe(before + 5_000);
    // Resolved by its hash (here, or by the stack's own jobs if they ran first).
    await resolveSubmittedCalls(s.ctx);
    await followProposals(s.ctx);
    const callId = Number((await proposals.proposalById(s.ctx.db, id))!.call_id);
    const call = await s.ctx.db.selectFrom("chain_calls").selectAll().where("id", "=", callId).executeTakeFirstOrThrow();
    expect([call.method, call.status, call.block_number !== null]).toEqual(["mint", "confirmed", true]);
    expect(await supply()).toBe(before + 5_000);
    // Resolved, a retry with the key is told the mint's outcome.
    const resolved = await mint();
    expect([resolved.code, resolved.data.id, resolved.data.state, resolved.data.txHash, resolved.data.payload.value]).toEqual([
      200,
      id,
      "approved",
      call.tx_hash,
      5_000,
    ]);
    expect(await supply()).toBe(before + 5_000);
  });

  it("a mint whose request died is resolved from its call: 'in progress' while it is unresolved, then its outcome; never a second mint", async () => {
    const before = await supply();
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const admin2Row = await s.ctx.db
      .selectFrom("admins")
      .select(["id", "login_id"])
      .where("login_id", "=", "admin2")
      .executeTakeFirstOrThrow();
    const id = await proposeMint(4_000);
    const scope = `a:${admin2Row.id}:POST:/api/proposals/${id}/approve`;
    // What the approval wrote before it died, long enough ago that no living request holds the key: the key, the
    // proposal taken to 'executing' and the call it names, recorded and not yet sent (one transaction).
    await s.ctx.db
      .insertInto("idempotency")
      .values({
        scope,
        key: "M-died",
        request_hash: fingerprinter(s.ctx.config.pinKey)(null),
        created_at: new Date(Date.now() - 120_000).toISOString(),
      })
      .execute();
    const recorded = await s.ctx.db.transaction().execute(async (trx) => {
      expect(await proposals.decide(trx, id, "executing", { id: admin2Row.id, loginId: admin2Row.login_id })).toBe(true);
      const c = await recordCall(s.ctx, trx, "mint", [treasury, 4_000n], admin2Row.id, { scope, key: "M-died" });
      await proposals.linkMove(trx, id, { call_id: c.id });
      return c;
    });
    const retry = () => op("POST", `/api/proposals/${id}/approve`, admin2, undefined, { "idempotency-key": "M-died" });
    const busy = await retry();
    expect([busy.status, busy.message]).toEqual([409, Msg.requestInProgress]);
    expect(await supply()).toBe(before);
    // The call goes out after all (a queue, a restart's replay): the job resolves the proposal, the retry gets its outcome.
    const sent = await sendCall(s.ctx, recorded);
    expect(sent.status).toBe("confirmed");
    await followProposals(s.ctx);
    const done = await retry();
    expect([
      done.code,
      done.headers.get("idempotent-replayed"),
      done.data.id,
      done.data.state,
      done.data.txHash,
      done.data.payload.value,
    ]).toEqual([200, "true", id, "approved", sent.tx_hash, 4_000]);
    expect(await supply()).toBe(before + 4_000);
  });

  it("a settlement approval: the order stays out of reach (no second burn, no return) until the burn's receipt approves it", async () => {
    const shop = await s.loginOperator(DEMO.shopAdmin.id, DEMO.shopAdmin.password);
    const shopAddr = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, SHOP.phonenumber))!.id))!.address;
    const escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    const member = await s.loginUser(M1.phonenumber, M1.password);
    expect(
      (
        await s.call("POST", "/api/use/trade/address", {
          token: member,
          body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 3_000, password: M1.password },
        })
      ).code,
    ).toBe(200);
    await expect.poll(async () => (await op("GET", "/api/calc/request/wallets", shop)).data?.[0]?.balance, { timeout: 20_000 }).toBe(3_000);
    const req = await op("POST", "/api/calc/request/exchange", shop, { address: shopAddr, value: 3_000, password: SHOP.password });
    expect(req.code).toBe(200);
    const orderNo = req.data.orderNo as string;
    await expect.poll(() => onChain(escrow), { timeout: 20_000 }).toBe(3_000);
    const before = await supply();

    const approve = await unseen(() => op("POST", "/api/calc/management/accept", admin, { orderNo }));
    expect([approve.status, approve.message]).toEqual([202, Msg.chainCallUnresolved]);
    expect((await settlementByOrderNo(s.ctx.db, orderNo))!.state).toBe("approving");
    // Meanwhile neither a second approval nor a deletion reaches it.
    expect((await op("POST", "/api/calc/management/accept", admin, { orderNo })).code).toBe(409);
    expect((await op("DELETE", `/api/calc/management/delete/${orderNo}`, admin)).code).toBe(409);

    // The stack's job does this every 30 s; here at once.
    await resolveApprovals(s.ctx);
    const order = (await settlementByOrderNo(s.ctx.db, orderNo))!;
    expect(order.state).toBe("approved");
    expect(order.approved_at).not.toBeNull();
    expect(await onChain(escrow)).toBe(0);
    expect(await supply()).toBe(before - 3_000);
    // Nothing left to resolve: a second pass moves nothing.
    expect(await resolveApprovals(s.ctx)).toBe(0);
  });

  it("a call given up as never sent (held in a queue past UNSENT_CALL_MS) is not sent late", async () => {
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const before = await supply();
    const nonce = await s.ctx.chain.provider.getTransactionCount(s.ctx.chain.senders.minter.address, "pending");
    const call = await recordCall(s.ctx, s.ctx.db, "mint", [treasury, 1_000n]);
    // The resolve job runs while the call still waits for its turn, and gives it up.
    const given = await resolveSubmittedCalls(s.ctx, Date.now() + UNSENT_CALL_MS + 1);
    expect(given.find((c) => c.id === call.id)?.status).toBe("failed");
    // Its turn comes: refused before it is signed into a nonce, journaled or sent.
    await expect(sendCall(s.ctx, call)).rejects.toMatchObject({ code: Code.CHAIN_UNAVAILABLE });
    expect(await s.ctx.chain.provider.getTransactionCount(s.ctx.chain.senders.minter.address, "pending")).toBe(nonce);
    expect(await supply()).toBe(before);
    const row = await s.ctx.db.selectFrom("chain_calls").selectAll().where("id", "=", call.id).executeTakeFirstOrThrow();
    expect([row.status, row.tx_hash]).toEqual(["failed", null]);
  });
});
