import fs from "node:fs";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { createRelayer } from "./relayer";
import { reconcile } from "../../features/dashboard/reconcile";
import { createMember } from "../../features/members/members.service";
import { callToken } from "../chain-calls";
import type { EnqueueInput, OutboxRow } from "../outbox";
import { Msg } from "../../../domain/messages";
import { Code } from "../../../domain/codes";

describe("custody, outbox and relayer", () => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    // Whatever the crashes and batches above did, the books agree with the chain at the end.
    if (s) {
      await s.waitIndexed();
      const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
      expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    }
    await s?.stop();
  });
  /** Several outbox rows in one transaction, as one business action would write them. */
  const enqueueMany = (items: EnqueueInput[]) =>
    s.ctx.db.transaction().execute(async (trx) => {
      const rows: OutboxRow[] = [];
      for (const item of items) rows.push(await s.ctx.outbox.enqueue(trx, item));
      return rows;
    });

  it("stores no private key in plain text in any database row or file", async () => {
    const rows = await s.ctx.db.selectFrom("wallets").select(["address", "encrypted_key"]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(7);
    const keys = await Promise.all(rows.map(async (r) => (await s.ctx.custody.signerFor(r.address)).privateKey.slice(2).toLowerCase()));
    // Every row of every table, on either dialect (on PostgreSQL: of every schema of the database).
    for (const t of await s.ctx.db.introspection.getTables()) {
      // PostgreSQL lists the tables of every schema of the database (app and chain): read each in its own.
      const db = t.schema ? s.ctx.db.withSchema(t.schema) : s.ctx.db;
      const dump = JSON.stringify(
        await db
          .selectFrom(t.name as "wallets")
          .selectAll()
          .execute(),
      ).toLowerCase();
      for (const k of keys) expect(dump.includes(k), `${t.name} holds a key`).toBe(false);
    }
    // And the files themselves (SQLite and the chain journal), as text and as bytes.
    const files = fs.readdirSync(s.dataDir).filter((f) => /\.db(-wal)?$/.test(f));
    expect(files).toEqual(expect.arrayContaining(s.databaseUrl ? [] : ["app.db", "chain.db"]));
    for (const f of files) {
      const raw = fs.readFileSync(path.join(s.dataDir, f));
      const hex = raw.toString("hex");
      const text = raw.toString("latin1").toLowerCase();
      for (const k of keys) {
        expect(text.includes(k), `${f} holds a key as text`).toBe(false);
        expect(hex.includes(k), `${f} holds a key as bytes`).toBe(false);
      }
    }
  });

  it("100 concurrent transfers from a wallet funded for 40: exactly 40 move, balances reconcile with the chain", async () => {
    const m = await createMember(s.ctx, { phonenumber: "01070000001", username: "동시성", password: "123456" });
    const sink = await createMember(s.ctx, { phonenumber: "01070000002", username: "받는이", password: "123456" });
    const each = 1_000;
    const fund = 40 * (each + 200);
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const seed = await s.ctx.outbox.send({ kind: "seed", from: treasury, to: m.address, value: fund });
    s.ctx.relayer.kick();
    expect((await s.ctx.relayer.waitFor(seed.id, 30_000)).status).toBe("confirmed");
    await s.waitIndexed();
    const token = await s.loginUser("01070000001", "123456");
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        s.call("POST", "/api/gift/trade/address", {
          token,
          body: { opponentAddress: sink.address, kind: 0, type: 1, value: each, password: "123456" },
        }),
      ),
    );
    const ok = results.filter((r) => r.code === 200);
    expect(ok.length).toBe(40);
    expect(results.filter((r) => r.code === Code.OVER_BALANCE && r.message === Msg.overBalance).length).toBe(60);
    expect(Number(await s.ctx.chain.token.balanceOf(m.address))).toBe(0);
    expect(Number(await s.ctx.chain.token.balanceOf(sink.address))).toBe(40 * each);
    // Batched: fewer on-chain transactions than transfers.
    const hashes = new Set(ok.map((r) => r.data.txHash));
    expect(hashes.size).toBeLessThan(40);
    await s.waitIndexed();
    expect(await s.ctx.view.balanceOf(m.address)).toBe(0n);
    expect(await s.ctx.outbox.pendingOutgoing(m.address)).toBe(0);
  });

  it("a relayer killed mid-batch and restarted loses nothing and doubles nothing", async () => {
    await s.ctx.relayer.stop();
    const from = await createMember(s.ctx, { phonenumber: "01070000003", username: "재시작", password: "123456" });
    const to = await createMember(s.ctx, { phonenumber: "01070000004", username: "수신", password: "123456" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const minted = await callToken(s.ctx, "mint", [treasury, 0n + 1_000_000n]);
    await s.waitIndexed(minted.block_number!);

    // Batch A is sent and mined, then the process "dies" before it records the receipt.
    const batchA = await enqueueMany([1, 2, 3].map((i) => ({ kind: "seed", from: treasury, to: from.address, value: 1_000 * i })));
    const crashing = createRelayer({
      db: s.ctx.db,
      custody: s.ctx.custody,
      chain: s.ctx.chain,
      beforeSend: () => {
        throw new Error("killed");
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow("killed");
    const stateOf = async (id: number) => (await s.ctx.outbox.get(id))!;
    for (const r of batchA) expect((await stateOf(r.id)).status).toBe("submitted");

    // Batch B was marked submitted but the process died before the transaction left it.
    const batchB = await enqueueMany([4, 5].map((i) => ({ kind: "seed", from: treasury, to: to.address, value: 1_000 * i })));
    const fakeHash = ethers.hexlify(ethers.randomBytes(32));
    await s.ctx.db
      .updateTable("outbox_transfers")
      .set({ status: "submitted", tx_hash: fakeHash })
      .where(
        "id",
        "in",
        batchB.map((r) => r.id),
      )
      .execute();

    const restarted = createRelayer({ db: s.ctx.db, custody: s.ctx.custody, chain: s.ctx.chain });
    const rec = await restarted.reconcile();
    expect(rec).toEqual({ confirmed: 3, failed: 0, requeued: 2 });
    await restarted.runOnce();
    for (const r of [...batchA, ...batchB]) expect((await stateOf(r.id)).status).toBe("confirmed");
    expect(Number(await s.ctx.chain.token.balanceOf(from.address))).toBe(6_000);
    expect(Number(await s.ctx.chain.token.balanceOf(to.address))).toBe(9_000);
    // A second reconcile finds nothing to do.
    expect(await restarted.reconcile()).toEqual({ confirmed: 0, failed: 0, requeued: 0 });
    s.ctx.relayer.start();
  });

  it("a batch's outcome that cannot be read while the next batch goes out leaves no unhandled rejection; reconcile resolves both", async () => {
    await s.ctx.relayer.stop();
    const d = await createMember(s.ctx, { phonenumber: "01070000008", username: "끊김", password: "123456" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    // The node stops answering the read of a sent batch's events (eth_getLogs), a little later, as a killed node's
    // connection is reset: everything else (the sender, receipts, calls) still reaches it.
    const real = s.ctx.chain.provider;
    const reset = () =>
      new Promise((_, reject) => setTimeout(() => reject(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })), 50));
    const provider = new Proxy(real, {
      get(target, prop) {
        if (prop === "send")
          return (method: string, params: unknown[]) => (method === "eth_getLogs" ? reset() : target.send(method, params));
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    let second: OutboxRow[] = [];
    let sends = 0;
    const relayer = createRelayer({
      db: s.ctx.db,
      custody: s.ctx.custody,
      chain: { ...s.ctx.chain, provider },
      // The first batch is sent: the next rows arrive. The second is held while the first's outcome fails, so
      // the drain is still going when it does.
      beforeSend: async () => {
        if (++sends === 1) second = await enqueueMany([3, 4].map((i) => ({ kind: "seed", from: treasury, to: d.address, value: 100 * i })));
        else await new Promise((r) => setTimeout(r, 300));
      },
    });
    try {
      const first = await enqueueMany([1, 2].map((i) => ({ kind: "seed", from: treasury, to: d.address, value: 100 * i })));
      relayer.start();
      await expect.poll(() => second.length).toBe(2);
      const resolved = await Promise.all([...first, ...second].map((r) => relayer.waitFor(r.id, 20_000)));
      expect(resolved.map((r) => r.status)).toEqual(["confirmed", "confirmed", "confirmed", "confirmed"]);
    } finally {
      await relayer.stop();
      process.off("unhandledRejection", onUnhandled);
    }
    expect(sends).toBe(2);
    expect(unhandled).toEqual([]);
    expect(Number(await s.ctx.chain.token.balanceOf(d.address))).toBe(1_000);
    s.ctx.relayer.start();
  });

  it("a bad item in a batch fails alone", async () => {
    await s.ctx.relayer.stop();
    const a = await createMember(s.ctx, { phonenumber: "01070000005", username: "배치", password: "123456" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const rows = await enqueueMany([1, 2, 3].map(() => ({ kind: "seed", from: treasury, to: a.address, value: 500 })));
    // Expire the middle authorization: the contract rejects it, the others go through.
    await s.ctx.db.updateTable("outbox_transfers").set({ valid_before: 1 }).where("id", "=", rows[1].id).execute();
    const relayer = createRelayer({ db: s.ctx.db, custody: s.ctx.custody, chain: s.ctx.chain });
    await relayer.runOnce();
    const st = await Promise.all(rows.map(async (r) => (await s.ctx.outbox.get(r.id))!));
    expect(st.map((x) => x.status)).toEqual(["confirmed", "failed", "confirmed"]);
    expect(st[1].error).toMatch(/^AuthorizationExpired/);
    expect(Number(await s.ctx.chain.token.balanceOf(a.address))).toBe(1_000);
    s.ctx.relayer.start();
  });

  it("a sent row the index already shows is not owed twice; one whose authorization failed still is", async () => {
    await s.ctx.relayer.stop();
    const b = await createMember(s.ctx, { phonenumber: "01070000006", username: "창구", password: "123456" });
    const c = await createMember(s.ctx, { phonenumber: "01070000007", username: "받는이", password: "123456" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const relayer = createRelayer({ db: s.ctx.db, custody: s.ctx.custody, chain: s.ctx.chain });
    await enqueueMany([{ kind: "seed", from: treasury, to: b.address, value: 3_000 }]);
    await relayer.runOnce();
    await s.waitIndexed();
    const rows = await enqueueMany([1, 2].map(() => ({ kind: "gift", from: b.address, to: c.address, value: 1_000 })));
    await s.ctx.db.updateTable("outbox_transfers").set({ valid_before: 1 }).where("id", "=", rows[1].id).execute();
    await relayer.runOnce();
    expect((await Promise.all(rows.map((r) => s.ctx.outbox.get(r.id)))).map((r) => r!.status)).toEqual(["confirmed", "failed"]);
    await s.waitIndexed();
    expect(await s.ctx.view.balanceOf(b.address)).toBe(2_000n);
    // The indexer saw the block before the relayer recorded the receipts: both rows still read 'submitted'.
    await s.ctx.db
      .updateTable("outbox_transfers")
      .set({ status: "submitted" })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    // The moved 1,000 is in the indexed balance already; the failed one is still counted (nothing shows it used).
    expect(await s.ctx.outbox.pendingOutgoing(b.address)).toBe(1_000);
    expect(await s.ctx.outbox.spendable(b.address)).toBe(1_000);
    await s.ctx.db.updateTable("outbox_transfers").set({ status: "confirmed" }).where("id", "=", rows[0].id).execute();
    await s.ctx.db.updateTable("outbox_transfers").set({ status: "failed" }).where("id", "=", rows[1].id).execute();
    expect(await s.ctx.outbox.spendable(b.address)).toBe(2_000);
    s.ctx.relayer.start();
  });
});
