import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./test/harness";
import { createRelayer } from "./relayer/relayer";
import { createSender } from "../chain/sender";
import { createMember } from "./services/members";
import { callToken } from "./services/chain-calls";
import type { TransferRow } from "./relayer/outbox";
import { DEMO } from "./seed";
import { Msg } from "../domain/messages";

/**
 * Faults a money service must survive (issue 13), each reproduced against a real stack: a crash between
 * journaling a transaction and recording it, the chain node killed under traffic. Each prints its figures
 * (tried, failed, lost); lost must be zero.
 */
const figures: Record<string, { tried: number; failed: number; lost: number }> = {};
afterAll(() => {
  for (const [name, f] of Object.entries(figures)) console.log(`reliability: ${name}: tried ${f.tried}, failed ${f.failed}, lost ${f.lost}`);
});

describe("reliability: chain faults", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("a crash right after the journal append: the transfer that happened is recorded confirmed, once", async () => {
    await s.ctx.relayer.stop();
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const minted = await callToken(s.ctx, "mint", [treasury, 1_000_000n]);
    await s.waitIndexed(minted.block_number!);
    const to = await createMember(s.ctx, { phonenumber: "01079990001", username: "저널창", password: "123456" });
    const rows = await s.ctx.db.transaction().execute(async (trx) => {
      const out: TransferRow[] = [];
      for (const v of [1_000, 2_000]) out.push(await s.ctx.outbox.enqueue(trx, { kind: "seed", from: treasury, to: to.address, value: v }));
      return out;
    });
    const gasPayer = (await s.ctx.custody.byKind("sender"))!.address;
    const privateKey = (await s.ctx.custody.signerFor(gasPayer)).privateKey;
    const senderOf = (afterJournal?: () => void) => createSender({ provider: s.ctx.chain.provider, privateKey, journal: s.ctx.chain.journal, controlTime: true, afterJournal });
    // The process "dies" the instant the signed transaction is in the journal.
    const crashing = createRelayer({ db: s.ctx.db, custody: s.ctx.custody, chain: { ...s.ctx.chain, sender: senderOf(() => { throw new Error("killed after journal"); }) } });
    await expect(crashing.runOnce()).rejects.toThrow("killed after journal");
    // The next start replays the journal on its node: the transaction happens.
    const last = (await s.ctx.chain.journal.entries()).at(-1)!;
    if (last.ts !== null) await s.ctx.chain.provider.send("evm_setNextBlockTimestamp", [last.ts]);
    await s.ctx.chain.provider.send("eth_sendRawTransaction", [last.payload]);
    expect((await s.ctx.chain.provider.getTransactionReceipt(last.hash!))?.status).toBe(1);

    const restarted = createRelayer({ db: s.ctx.db, custody: s.ctx.custody, chain: { ...s.ctx.chain, sender: senderOf() } });
    const rec = await restarted.reconcile({ pending: true });
    expect(rec).toEqual({ confirmed: 2, failed: 0, requeued: 0 });
    await restarted.runOnce();
    const after = await Promise.all(rows.map(async (r) => (await s.ctx.outbox.get(r.id))!));
    expect(after.map((r) => [r.status, r.tx_hash])).toEqual(rows.map(() => ["confirmed", last.hash]));
    const onChain = Number(await s.ctx.chain.token.balanceOf(to.address));
    expect(onChain).toBe(3_000);
    figures["crash after journal append"] = { tried: 2, failed: after.filter((r) => r.status !== "confirmed").length, lost: 3_000 - onChain };
    s.ctx.relayer.start();
  });

  it("the chain node killed under a burst of gifts: every request is answered, the API stays up and answers 503 in Korean", async () => {
    const token = await s.loginUser(DEMO.members[0].phonenumber, DEMO.members[0].password);
    const recipient = await s.ctx.db.selectFrom("members").select("id").where("phonenumber", "=", DEMO.members[1].phonenumber).executeTakeFirstOrThrow();
    const address = (await s.ctx.custody.memberWallet(recipient.id))!.address;
    const gift = () => s.call("POST", "/api/gift/trade/address", { token, body: { opponentAddress: address, kind: 0, type: 1, value: 1_000, password: DEMO.members[0].password } }).catch((e: Error) => ({ status: 0, code: 0, message: e.message, data: null }));
    const node = s.ctx.chain.node!;
    const inflight: Promise<{ status: number; code: number; message?: string }>[] = [];
    const killAt = 500;
    const started = Date.now();
    let killed = false;
    for (let i = 0; i < 30; i++) {
      inflight.push(gift());
      if (!killed && Date.now() - started >= killAt) {
        process.kill(node.pid, "SIGKILL");
        killed = true;
      }
      await new Promise((r) => setTimeout(r, 40));
    }
    if (!killed) process.kill(node.pid, "SIGKILL");
    const answers = await Promise.all(inflight);
    // Every request gets an envelope answer: settled (200), still pending on chain (200, status pending), or 503.
    const unanswered = answers.filter((a) => a.status === 0);
    expect(unanswered).toEqual([]);
    for (const a of answers) expect([200, 503]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.message).toBe(Msg.chainUnavailable);
    // The API is alive and says the chain is down; a new gift is refused with the Korean 503.
    const health = await s.call("GET", "/api/health");
    expect(health.data.status).toBe("chain-unreachable");
    const late = await gift();
    expect([late.status, late.message]).toEqual([503, Msg.chainUnavailable]);
    figures["node killed under gifts"] = { tried: answers.length, failed: answers.filter((a) => a.status !== 200).length, lost: unanswered.length };
  });
});
