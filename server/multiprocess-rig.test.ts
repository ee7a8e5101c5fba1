import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvilRig, type AnvilRig } from "../chain/anvil-rig";
import { voucherArtifact } from "../chain/artifacts";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "../db/testing";
import { openAppStore, type AppStore } from "./db/app-db";
import { memberByPhone } from "./records/members.repo";
import { externalChainEnv, startApiProcess, type ApiProcess } from "./test/api-process";

/**
 * Two API processes on one PostgreSQL database and the external-chain rig (issue 38): an Anvil node mining a block
 * a second, reached only through RPC_URL, CONFIRMATIONS=2. One process relays; both take gifts. Then the relaying
 * process is killed in the middle of replacing a stuck transaction: the other takes over the same nonce (no second
 * transaction carrying the same authorizations), and every gift is on chain once. Runs under `npm run test:pg`.
 */
describe.skipIf(!pgTestUrl())("two API processes on PostgreSQL and an external chain (Anvil, 1 s blocks)", () => {
  let rig: AnvilRig;
  let databaseUrl: string;
  let store: AppStore;
  let operator: string;
  const procs: ApiProcess[] = [];
  const env: Record<string, string> = {};
  const iface = new ethers.Interface(voucherArtifact().abi);

  async function startProcess(): Promise<ApiProcess> {
    const p = await startApiProcess({ ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "krw-mprig-")) });
    procs.push(p);
    return p;
  }
  async function call(p: ApiProcess, pathname: string, body: unknown, token?: string, marker = "web", method = "POST") {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, "cookie-type": marker });
    const res = await fetch(p.url + pathname, { method, headers, body: method === "GET" ? undefined : JSON.stringify(body) });
    return (await res.json()) as { code: number; message?: string; data: any };
  }
  const login = async (p: ApiProcess, phone: string, password: string) =>
    (await call(p, "/api/auth/login_user", { username: phone, password })).data.accessToken as string;
  /** A gift; a request cut by its process's death answers code -1. */
  const gift = (p: ApiProcess, token: string, to: string, value: number) =>
    call(p, "/api/gift/trade/address", { opponentAddress: to, kind: 0, type: 1, value, password: "111111" }, token).catch((err: Error) => ({
      code: -1,
      message: err.message,
      data: null,
    }));
  const walletOf = async (phone: string) =>
    (
      await store.db
        .selectFrom("wallets")
        .select("address")
        .where("member_id", "=", (await memberByPhone(store.db, phone))!.id)
        .executeTakeFirstOrThrow()
    ).address;
  async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000, every = 200): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((r) => setTimeout(r, every));
    }
  }
  const maxRowId = async () =>
    Number(
      (
        await store.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  /** Every row after `afterId` resolved (none pending or submitted). */
  const allSettled = (afterId: number, ms = 120_000) =>
    until(
      "every row resolved",
      async () =>
        (
          await store.db
            .selectFrom("outbox_transfers")
            .select("id")
            .where("id", ">", afterId)
            .where("status", "in", ["pending", "submitted"])
            .execute()
        ).length === 0,
      ms,
      250,
    );
  /** The books against the chain, on `p` (GET /api/dashboard/reconcile), mining paused so the index can catch up. */
  async function reconciled(p: ApiProcess) {
    const admin = (await call(p, "/api/auth/login_admin", { username: "admin", password: "admin1234" })).data.accessToken;
    await rig.pauseMining();
    try {
      let report: any = null;
      await until(
        "the books reconciled",
        async () => {
          report = (await call(p, "/api/dashboard/reconcile", undefined, admin, "operation", "GET")).data;
          return report?.ok;
        },
        20_000,
        500,
      ).catch(() => undefined);
      expect(report?.lines?.filter((l: { ok: boolean }) => !l.ok)).toEqual([]);
    } finally {
      await rig.resumeMining();
    }
  }
  /** The token's logs named `event` whose nonce topic is one of `nonces`, since `fromBlock`. */
  async function logsOf(event: "TransferWithFee" | "AuthorizationFailed", fromBlock: number) {
    const deployment = JSON.parse(fs.readFileSync(path.join(procs[0].dataDir, "deployments", `${rig.chainId}.json`), "utf8"));
    const logs = await rig.rpc<{ topics: string[]; transactionHash: string }[]>("eth_getLogs", [
      {
        address: deployment.token,
        topics: [iface.getEvent(event)!.topicHash],
        fromBlock: `0x${fromBlock.toString(16)}`,
        toBlock: "latest",
      },
    ]);
    return logs;
  }

  beforeAll(async () => {
    rig = await startAnvilRig({ blockTime: 1 });
    databaseUrl = (await freshTestDatabase())!;
    Object.assign(
      env,
      await externalChainEnv({
        rpcUrl: rig.rpcUrl,
        fund: (address, wei) => rig.setBalance(address, wei),
        databaseUrl,
        wei: 10n ** 21n,
        extra: {
          CONFIRMATIONS: "2",
          TX_REPLACE_AFTER_MS: "2000",
          TX_MAX_REPLACEMENTS: "20",
          MAX_FEE_PER_GAS_GWEI: "10000",
          LOG_LEVEL: process.env.TEST_LOG ?? "silent",
        },
      }),
    );
    operator = new ethers.Wallet(env.OPERATOR_PRIVATE_KEY).address;
    const first = await startProcess();
    await first.leading;
    await startProcess();
    store = await openAppStore({ dataDir: first.dataDir, databaseUrl });
    // The demo's seed moves confirmed (CONFIRMATIONS deep) before the tests give.
    await allSettled(0);
  }, 240_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill("SIGKILL");
    await store?.close();
    await dropTestDatabase(databaseUrl);
    await rig?.stop();
    for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true });
  });

  it("gifts through both processes are relayed by one, confirmed at depth, and the books reconcile", async () => {
    const [a, b] = procs;
    const to = await walletOf("01055556666");
    const after = await maxRowId();
    const [ta, tb] = [await login(a, "01011112222", "111111"), await login(b, "01011112222", "111111")];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => gift(i % 2 ? b : a, i % 2 ? tb : ta, to, 300)));
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    await allSettled(after);
    const rows = await store.db.selectFrom("outbox_transfers").selectAll().where("id", ">", after).execute();
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => "confirmed"));
    await reconciled(b);
  }, 120_000);

  it("the relaying process killed mid-replacement: the other takes over the same nonce, every gift on chain once", async () => {
    const [a, b] = procs;
    const to = await walletOf("01055556666");
    const after = await maxRowId();
    const fromBlock = await rig.blockNumber();
    const [ta, tb] = [await login(a, "01011112222", "111111"), await login(b, "01011112222", "111111")];
    // Mining paused: the relayer's transaction waits in the pool, and after TX_REPLACE_AFTER_MS it is replaced.
    await rig.pauseMining();
    const first = [gift(a, ta, to, 400), gift(b, tb, to, 400), gift(b, tb, to, 400)];
    const stuck = await until(
      "a gift's transaction in the pool",
      async () => {
        const [row] = await store.db
          .selectFrom("outbox_transfers")
          .selectAll()
          .where("id", ">", after)
          .where("status", "=", "submitted")
          .orderBy("id")
          .execute();
        return row && (await rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
      },
      30_000,
      50,
    );
    const stuckTx = await rig.rpc<{ nonce: string }>("eth_getTransactionByHash", [stuck.tx_hash]);
    const stuckRaw = await rig.rpc<string>("eth_getRawTransactionByHash", [stuck.tx_hash]);
    // The moment the replacement is on record, the relaying process dies.
    const replacement = await until(
      "the stuck transaction's replacement on record",
      () => store.db.selectFrom("tx_replacements").selectAll().where("old_hash", "=", stuck.tx_hash).executeTakeFirst(),
      30_000,
      10,
    );
    a.child.kill("SIGKILL");
    await a.exited;
    // Whether or not its send reached the node, the node is put in the state of a process that died between the record
    // and the send: the new transaction unknown to the node, the old one pending.
    await rig.dropTx(replacement.new_hash).catch(() => undefined);
    await rig.rpc("eth_sendRawTransaction", [stuckRaw]).catch(() => undefined);
    expect(await rig.rpc("eth_getTransactionByHash", [replacement.new_hash])).toBeNull();
    expect(await rig.rpc("eth_getTransactionByHash", [stuck.tx_hash])).not.toBeNull();

    await b.leading;
    // Mining stays paused until the new leader has dealt with the stuck rows: it takes over the pending nonce (adopted,
    // then replaced by it after TX_REPLACE_AFTER_MS: the replacement on record sent at last, or a further one), or it
    // re-makes the rows (they leave the hash they named).
    await until(
      "the new leader's move on the stuck rows",
      async () => {
        const again = await store.db
          .selectFrom("tx_replacements")
          .select("id")
          .where("nonce", "=", replacement.nonce)
          .where("id", ">", replacement.id)
          .executeTakeFirst();
        const row = await store.db.selectFrom("outbox_transfers").select("tx_hash").where("id", "=", stuck.id).executeTakeFirstOrThrow();
        // The same replacement sent by the new leader (its bump of the same fees signs the same bytes).
        const resent = await rig.rpc("eth_getTransactionByHash", [replacement.new_hash]);
        return again || resent || row.tx_hash !== replacement.new_hash;
      },
      60_000,
      100,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the new leader said:\n${b.output().slice(-6_000)}`);
    });
    await rig.resumeMining();
    // The other process carries on taking gifts.
    const later = await Promise.all(Array.from({ length: 6 }, () => gift(b, tb, to, 500)));
    expect(later.map((r) => r.code)).toEqual(later.map(() => 200));
    const results = [...(await Promise.all(first)), ...later];
    await allSettled(after);

    const rows = await store.db.selectFrom("outbox_transfers").selectAll().where("id", ">", after).execute();
    for (const r of results.filter((x) => x.code === 200)) expect(rows.find((x) => x.id === r.data.id)?.status).toBe("confirmed");
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => "confirmed"));
    // Every authorization ran once, and none was sent a second time (a second transaction carrying it would have it
    // refused: AuthorizationFailed).
    const ran = await logsOf("TransferWithFee", fromBlock);
    for (const r of rows) expect(ran.filter((l) => l.topics[3].toLowerCase() === r.nonce.toLowerCase()).length).toBe(1);
    expect(await logsOf("AuthorizationFailed", fromBlock)).toEqual([]);
    // Nor did a transaction of the operator fail (a batch whose every authorization had run already reverts whole).
    const head = await rig.blockNumber();
    const reverted: string[] = [];
    for (let n = fromBlock; n <= head; n++) {
      const block = await rig.rpc<{ transactions: { hash: string; from: string }[] }>("eth_getBlockByNumber", [
        `0x${n.toString(16)}`,
        true,
      ]);
      for (const tx of block.transactions.filter((t) => t.from.toLowerCase() === operator.toLowerCase())) {
        const receipt = await rig.rpc<{ status: string }>("eth_getTransactionReceipt", [tx.hash]);
        if (receipt.status !== "0x1") reverted.push(tx.hash);
      }
    }
    expect(reverted).toEqual([]);
    // The stuck rows landed at the stuck nonce (taken over, not re-made under another).
    const landed = (await store.db.selectFrom("outbox_transfers").selectAll().where("id", "=", stuck.id).executeTakeFirstOrThrow())!;
    const landedTx = await rig.rpc<{ nonce: string; from: string }>("eth_getTransactionByHash", [landed.tx_hash]);
    expect([landedTx.from.toLowerCase(), Number(landedTx.nonce)]).toEqual([operator.toLowerCase(), Number(stuckTx.nonce)]);
    await reconciled(b);
  }, 240_000);
});
