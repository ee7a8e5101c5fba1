import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../chain/ports";
import { startLocalNode, type LocalNode } from "../chain/node";
import { voucherArtifact } from "../chain/artifacts";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "../db/testing";
import { openAppStore, type AppStore } from "./db/app-db";
import { memberByPhone } from "./features/members/members.repo";
import { Msg } from "../domain/messages";
import { Code } from "../domain/codes";
import { startApiProcess, type ApiProcess } from "./test/api-process";

/**
 * Several API processes behind one database and one chain (README "Several API processes"): two
 * processes share a PostgreSQL database and a Hardhat node; one relays and indexes, both take money
 * calls. Runs under `npm run test:pg` (PostgreSQL is what makes several processes possible).
 */
describe.skipIf(!pgTestUrl())("two API processes on one PostgreSQL database and one chain", () => {
  let node: LocalNode;
  let databaseUrl: string;
  let store: AppStore;
  const procs: ApiProcess[] = [];
  const env: Record<string, string> = {};

  async function startProcess(): Promise<ApiProcess> {
    const p = await startApiProcess({ ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "krw-mp-")) });
    procs.push(p);
    return p;
  }

  async function call(p: ApiProcess, pathname: string, body: unknown, token?: string) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, "cookie-type": "web" });
    const res = await fetch(p.url + pathname, { method: "POST", headers, body: JSON.stringify(body) });
    return (await res.json()) as { code: number; message?: string; data: any };
  }
  const login = async (p: ApiProcess, phone: string, password: string) =>
    (await call(p, "/api/auth/login_user", { username: phone, password })).data.accessToken as string;
  const gift = (p: ApiProcess, token: string, to: string, value: number, password: string) =>
    call(p, "/api/gift/trade/address", { opponentAddress: to, kind: 0, type: 1, value, password }, token).catch((err: Error) => ({
      code: -1,
      message: err.message,
      data: null,
    }));

  const token = () =>
    new ethers.Contract(
      JSON.parse(fs.readFileSync(path.join(procs[0].dataDir, "deployments", "31337.json"), "utf8")).token,
      voucherArtifact().abi,
      new ethers.JsonRpcProvider(node.rpcUrl),
    );
  const walletOf = async (phone: string) =>
    (
      await store.db
        .selectFrom("wallets")
        .select("address")
        .where("member_id", "=", (await memberByPhone(store.db, phone))!.id)
        .executeTakeFirstOrThrow()
    ).address;

  beforeAll(async () => {
    node = await startLocalNode(await freePort());
    databaseUrl = (await freshTestDatabase())!;
    const operator = ethers.Wallet.createRandom();
    await new ethers.JsonRpcProvider(node.rpcUrl).send("hardhat_setBalance", [operator.address, `0x${(10n ** 24n).toString(16)}`]);
    Object.assign(env, {
      DATABASE_URL: databaseUrl,
      RPC_URL: node.rpcUrl,
      OPERATOR_PRIVATE_KEY: operator.privateKey,
      KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
      JWT_SECRET: crypto.randomBytes(32).toString("hex"),
      SEED_DEMO: "true",
    });
    const first = await startProcess();
    await first.leading;
    await startProcess();
    store = await openAppStore({ dataDir: first.dataDir, databaseUrl });
  }, 240_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill("SIGKILL");
    await store?.close();
    await dropTestDatabase(databaseUrl);
    await node?.stop();
    for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true });
  });

  it("100 concurrent gifts through both processes from a wallet funded for 40: exactly 40 succeed, balances equal the chain", async () => {
    const [a, b] = procs;
    const from = await walletOf("01033334444"); // 이서연: 20,000 = 40 × (300 + 200 fee)
    const to = await walletOf("01011112222");
    expect(Number(await token().balanceOf(from))).toBe(20_000);
    const [ta, tb] = [await login(a, "01033334444", "222222"), await login(b, "01033334444", "222222")];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? gift(b, tb, to, 300, "222222") : gift(a, ta, to, 300, "222222"))),
    );
    expect(results.filter((r) => r.code === 200).length).toBe(40);
    expect(results.filter((r) => r.code === Code.OVER_BALANCE && r.message === Msg.overBalance).length).toBe(60);
    expect(Number(await token().balanceOf(from))).toBe(0);
    const confirmed = await store.db
      .selectFrom("outbox_transfers")
      .select("id")
      .where("from_address", "=", from)
      .where("status", "=", "confirmed")
      .execute();
    expect(confirmed.length).toBe(40);
  });

  it("the relaying process is killed with SIGKILL mid-burst: the other takes over, every answered gift is on chain exactly once", async () => {
    const [a, b] = procs;
    const from = await walletOf("01011112222"); // 김민준
    const to = await walletOf("01055556666");
    const start = Number(await token().balanceOf(from));
    const [ta, tb] = [await login(a, "01011112222", "111111"), await login(b, "01011112222", "111111")];
    const burst = Array.from({ length: 40 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 25)).then(() => gift(i % 2 ? b : a, i % 2 ? tb : ta, to, 800, "111111")),
    );
    await new Promise((r) => setTimeout(r, 400));
    a.child.kill("SIGKILL");
    const results = await Promise.all(burst);
    await b.leading;
    // Let the new leader reconcile and send what was left.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = await store.db
        .selectFrom("outbox_transfers")
        .select("id")
        .where("from_address", "=", from)
        .where("status", "in", ["pending", "submitted"])
        .execute();
      if (open.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.length} rows never settled`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const rows = await store.db
      .selectFrom("outbox_transfers")
      .selectAll()
      .where("from_address", "=", from)
      .where("kind", "=", "gift")
      .execute();
    const confirmed = rows.filter((r) => r.status === "confirmed");
    // The chain moved exactly what the records say: no gift lost, none doubled.
    expect(Number(await token().balanceOf(from))).toBe(start - confirmed.reduce((n, r) => n + r.value + r.fee, 0));
    const answered = results.filter((r) => r.code === 200);
    expect(answered.length).toBeGreaterThan(0);
    for (const r of answered) {
      const row = rows.find((x) => x.id === r.data.id)!;
      expect(row.status).toBe("confirmed");
      const receipt = await token().runner!.provider!.getTransactionReceipt(row.tx_hash!);
      expect(receipt?.status).toBe(1);
    }
    // Each confirmed nonce is used on chain exactly once (a nonce can never run twice).
    for (const r of confirmed) expect(await token().authorizationState(from, r.nonce)).toBe(true);
    expect(new Set(confirmed.map((r) => r.nonce)).size).toBe(confirmed.length);
  });
});
