import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { fingerprinter } from "./money/idempotency";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../chain/ports";
import { startLocalNodeOnFreePort } from "../chain/node";
import { voucherArtifact } from "../chain/artifacts";
import { dropTestDatabase, freshTestDatabase } from "../db/testing";
import { startTestStack, type TestStack } from "./test/harness";
import { externalChainEnv, secretsEnv, setBalanceOn, startApiProcess, type ApiProcess } from "./test/api-process";
import { createRelayer } from "./money/relayer/relayer";
import { createSender } from "../chain/sender";
import { createMember } from "./features/members/members.service";
import { callToken } from "./money/chain-calls";
import type { OutboxRow } from "./money/outbox";
import { DEMO } from "./seed";
import { CONFIG_EXIT } from "./lifecycle";
import { Msg } from "../domain/messages";
import WebSocket from "ws";
import { ADULT_BIRTH, verifyByHttp } from "./providers/identity/testing";
import { setMemberState } from "./records/members.repo";
import { deleteOperator } from "./records/operators.repo";
import { memberByPhone } from "./records/members.repo";
import { loadConfig } from "./config";

/**
 * Faults a money service must survive (issue 13), each reproduced against a real stack: a crash between
 * journaling a transaction and recording it, the chain node killed under traffic. Each prints its figures
 * (tried, failed, lost); lost must be zero.
 */
const figures: Record<string, { tried: number; failed: number; lost: number }> = {};
afterAll(() => {
  for (const [name, f] of Object.entries(figures))
    console.log(`reliability: ${name}: tried ${f.tried}, failed ${f.failed}, lost ${f.lost}`);
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
      const out: OutboxRow[] = [];
      for (const v of [1_000, 2_000]) out.push(await s.ctx.outbox.enqueue(trx, { kind: "seed", from: treasury, to: to.address, value: v }));
      return out;
    });
    const gasPayer = s.ctx.chain.sender.address;
    const privateKey = (await s.ctx.custody.signerFor(gasPayer)).privateKey;
    const senderOf = (afterJournal?: () => void) =>
      createSender({ provider: s.ctx.chain.provider, privateKey, journal: s.ctx.chain.journal, controlTime: true, afterJournal });
    // The process "dies" the instant the signed transaction is in the journal.
    const crashing = createRelayer({
      db: s.ctx.db,
      custody: s.ctx.custody,
      chain: {
        ...s.ctx.chain,
        sender: senderOf(() => {
          throw new Error("killed after journal");
        }),
      },
    });
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
    figures["crash after journal append"] = {
      tried: 2,
      failed: after.filter((r) => r.status !== "confirmed").length,
      lost: 3_000 - onChain,
    };
    s.ctx.relayer.start();
  });

  it("an Idempotency-Key whose request died is resolved from the outbox: replayed when money moved, run again when not, never 'in progress' for ever; keys expire", async () => {
    const [from, to] = DEMO.members;
    const token = await s.loginUser(from.phonenumber, from.password);
    const member = await s.ctx.db.selectFrom("members").select("id").where("phonenumber", "=", from.phonenumber).executeTakeFirstOrThrow();
    const recipient = await s.ctx.db.selectFrom("members").select("id").where("phonenumber", "=", to.phonenumber).executeTakeFirstOrThrow();
    const address = (await s.ctx.custody.memberWallet(recipient.id))!.address;
    const body = { opponentAddress: address, kind: 0, type: 1, value: 1_000, password: from.password };
    const scope = `m:${member.id}:POST:/api/gift/trade/address`;
    const gift = (key: string) => s.call("POST", "/api/gift/trade/address", { token, body, headers: { "idempotency-key": key } });
    const rows = async () =>
      Number(
        (
          await s.ctx.db
            .selectFrom("outbox_transfers")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const setKey = (key: string, set: { status?: null; response?: null; created_at: string }) =>
      s.ctx.db.updateTable("idempotency").set(set).where("scope", "=", scope).where("key", "=", key).execute();
    let tried = 0;
    let failed = 0;
    const before = BigInt(await s.ctx.chain.token.balanceOf(address));

    // 1. The move happened, the process died before the answer was stored.
    const first = await gift("K-moved");
    tried++;
    expect([first.code, first.data.status]).toEqual([200, "confirmed"]);
    await setKey("K-moved", { status: null, response: null, created_at: ago(60_000) });
    const n1 = await rows();
    const again = await gift("K-moved");
    tried++;
    expect(again.code).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect([again.data.id, again.data.txHash, again.data.status]).toEqual([first.data.id, first.data.txHash, "confirmed"]);
    expect(await rows()).toBe(n1);

    // 2. The request died before writing a money move: the key is released and the retry runs, once.
    const hash = fingerprinter(s.ctx.config.pinKey)(body);
    await s.ctx.db
      .insertInto("idempotency")
      .values({ scope, key: "K-nothing", request_hash: hash, created_at: ago(60_000) })
      .execute();
    const ran = await gift("K-nothing");
    tried++;
    expect([ran.code, ran.data.status]).toEqual([200, "confirmed"]);
    expect(await rows()).toBe(n1 + 1);
    const replay = await gift("K-nothing");
    expect([replay.data.id, replay.headers.get("idempotent-replayed")]).toEqual([ran.data.id, "true"]);

    // 3. A request that may still be running: 409 'in progress' with Retry-After, for a bounded time only.
    await s.ctx.db
      .insertInto("idempotency")
      .values({ scope, key: "K-running", request_hash: hash, created_at: ago(1_000) })
      .execute();
    const busy = await gift("K-running");
    tried++;
    failed++;
    expect([busy.status, busy.message, busy.headers.get("retry-after")]).toEqual([409, Msg.requestInProgress, "2"]);

    // 4. After 24 hours a key is forgotten: the same key is a new request.
    await setKey("K-moved", { created_at: ago(25 * 3600_000) });
    const fresh = await gift("K-moved");
    tried++;
    expect(fresh.code).toBe(200);
    expect(fresh.data.id).not.toBe(first.data.id);
    expect(await rows()).toBe(n1 + 2);
    // Three distinct gifts answered 200; exactly three moved on chain (no double, no loss).
    const moved = Number(BigInt(await s.ctx.chain.token.balanceOf(address)) - before) / 1_000;
    expect(moved).toBe(3);
    figures["idempotency after a crash"] = {
      tried,
      failed,
      lost: Math.abs(moved - new Set([first.data.id, ran.data.id, fresh.data.id]).size),
    };
  });

  it("the embedded chain node killed under a burst of gifts: every request is answered (503 in Korean while it is down), the node comes back with its journal, chain = records", async () => {
    const [fromM, toM] = DEMO.members;
    const token = await s.loginUser(fromM.phonenumber, fromM.password);
    const ids = await s.ctx.db
      .selectFrom("members")
      .select(["id", "phonenumber"])
      .where("phonenumber", "in", [fromM.phonenumber, toM.phonenumber])
      .execute();
    const memberId = ids.find((m) => m.phonenumber === fromM.phonenumber)!.id;
    const address = (await s.ctx.custody.memberWallet(ids.find((m) => m.phonenumber === toM.phonenumber)!.id))!.address;
    const before = BigInt(await s.ctx.chain.token.balanceOf(address));
    const firstRow = Number(
      (
        await s.ctx.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.max("id").as("m"))
          .executeTakeFirst()
      )?.m ?? 0,
    );
    const gift = () =>
      s
        .call("POST", "/api/gift/trade/address", {
          token,
          body: { opponentAddress: address, kind: 0, type: 1, value: 1_000, password: fromM.password },
        })
        .catch((e: Error) => ({ status: 0, code: 0, message: e.message, data: null }));
    const deadPid = s.ctx.chain.node!.pid;
    const inflight: Promise<{ status: number; code: number; message?: string }>[] = [];
    for (let i = 0; i < 30; i++) {
      inflight.push(gift());
      if (i === 12) process.kill(deadPid, "SIGKILL");
      await new Promise((r) => setTimeout(r, 40));
    }
    const answers = await Promise.all(inflight);
    const unanswered = answers.filter((a) => a.status === 0);
    expect(unanswered).toEqual([]);
    for (const a of answers) expect([200, 503]).toContain(a.status);
    // Down: "cannot reach"; the new node replaying its journal: "catching up".
    for (const a of answers.filter((x) => x.status === 503)) expect([Msg.chainUnavailable, Msg.chainCatchingUp]).toContain(a.message);

    // The node comes back (a new process, the journal replayed) and money moves again.
    const deadline = Date.now() + 90_000;
    while ((await s.call("GET", "/api/health")).data.status !== "ok") {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(s.ctx.chain.node!.pid).not.toBe(deadPid);
    // The index waited for the replay (the indexer pauses while the node is down or replaying), then goes on.
    await s.waitIndexed(undefined, 60_000);
    const late = await gift();
    expect([late.status, late.message, (late as { data: { status?: string } }).data?.status]).toEqual([200, undefined, "confirmed"]);
    // Every row of the burst resolves; the chain holds exactly the confirmed ones.
    let rows = [];
    for (;;) {
      rows = await s.ctx.db
        .selectFrom("outbox_transfers")
        .selectAll()
        .where("id", ">", firstRow)
        .where("member_id", "=", memberId)
        .execute();
      if (rows.every((r) => r.status === "confirmed" || r.status === "failed")) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 500));
    }
    const confirmed = rows.filter((r) => r.status === "confirmed");
    const moved = Number(BigInt(await s.ctx.chain.token.balanceOf(address)) - before) / 1_000;
    expect(moved).toBe(confirmed.length);
    // Each 200 answer is a confirmed row (a 503 wrote nothing).
    expect(confirmed.length).toBe(answers.filter((a) => a.status === 200).length + 1);
    figures["embedded node killed under gifts"] = {
      tried: answers.length + 1,
      failed: answers.filter((a) => a.status !== 200).length,
      lost: Math.abs(moved - confirmed.length) + unanswered.length,
    };
  });
});

/**
 * The API as its own process (server/test/stack-process.ts: the guards and signal handling of `npm
 * start`) against a Hardhat node this test owns, so the node can be killed and the chain read after the
 * API process is gone.
 */
describe("reliability: the API process", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function setup() {
    const node = await startLocalNodeOnFreePort();
    const databaseUrl = await freshTestDatabase();
    const provider = new ethers.JsonRpcProvider(node.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-rel-"));
    const env = await externalChainEnv({
      rpcUrl: node.rpcUrl,
      fund: setBalanceOn(provider),
      databaseUrl,
      extra: { DATA_DIR: dataDir, LOG_LEVEL: "warn", SHUTDOWN_GRACE_MS: "10000" },
    });
    cleanups.push(async () => {
      provider.destroy();
      await node.stop();
      await dropTestDatabase(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return { node, provider, env, dataDir };
  }

  function startProcess(env: Record<string, string>): Promise<ApiProcess> {
    const started = startApiProcess(env);
    void started.then(
      (p) => cleanups.push(() => void p.child.kill("SIGKILL")),
      () => undefined,
    );
    return started;
  }

  async function call(p: ApiProcess, pathname: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, "cookie-type": "web" });
    try {
      const res = await fetch(p.url + pathname, {
        method: body === undefined ? "GET" : "POST",
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const env = (await res.json()) as { code: number; message?: string; data: any };
      return { status: res.status, ...env };
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      return { status: 0, code: 0, message: cause?.code ?? cause?.message ?? (err as Error).message, data: null };
    }
  }
  const login = async (p: ApiProcess, phone: string, password: string) =>
    (await call(p, "/api/auth/login_user", { username: phone, password })).data.accessToken as string;
  const tokenOf = (dataDir: string, provider: ethers.JsonRpcProvider) =>
    new ethers.Contract(
      JSON.parse(fs.readFileSync(path.join(dataDir, "deployments", "31337.json"), "utf8")).token,
      voucherArtifact().abi,
      provider,
    );
  /** A demo member's wallet address, from the API's own lookup. */
  const addressOf = async (p: ApiProcess, token: string, phone: string) =>
    (await call(p, "/api/info/user", { phonenumber: phone }, token)).data?.address as string | undefined;

  it("kill -9 of the chain node under 30 gifts: the process stays up, answers every request, 503 in Korean; SIGTERM then exits in seconds", async () => {
    const { node, env } = await setup();
    const p = await startProcess(env);
    const [from, to] = DEMO.members;
    const token = await login(p, from.phonenumber, from.password);
    const recipient = await addressOf(p, token, to.phonenumber);
    expect(recipient).toMatch(/^0x/);
    const answers: Promise<{ status: number; code: number; message?: string }>[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push(
        call(p, "/api/gift/trade/address", { opponentAddress: recipient, kind: 0, type: 1, value: 1_000, password: from.password }, token),
      );
      if (i === 12) process.kill(node.pid, "SIGKILL");
      await new Promise((r) => setTimeout(r, 40));
    }
    const got = await Promise.all(answers);
    const unanswered = got.filter((a) => a.status === 0);
    expect(unanswered).toEqual([]);
    for (const a of got.filter((x) => x.status !== 200)) expect([a.status, a.message]).toEqual([503, Msg.chainUnavailable]);
    // Still serving, a few seconds on: no unhandled rejection took it down.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(p.child.exitCode).toBe(null);
    const late = await call(
      p,
      "/api/gift/trade/address",
      { opponentAddress: recipient, kind: 0, type: 1, value: 1_000, password: from.password },
      token,
    );
    expect([late.status, late.message]).toEqual([503, Msg.chainUnavailable]);
    expect(
      p
        .output()
        .split("\n")
        .filter((l) => /unhandled promise rejection|uncaught exception/.test(l)),
    ).toEqual([]);
    const sentAt = Date.now();
    p.child.kill("SIGTERM");
    const exit = await p.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(15_000);
    figures["process: node killed under gifts"] = {
      tried: got.length + 1,
      failed: got.filter((a) => a.status !== 200).length + 1,
      lost: unanswered.length,
    };
  });

  it("a stop while the chain node is down starts nothing new: no node restart or replay once it began, every gift in flight answered at once (200, or 503 in Korean), exit in seconds; three times", async () => {
    const gift = (p: ApiProcess, token: string, to: string) =>
      call(
        p,
        "/api/gift/trade/address",
        { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: DEMO.members[0].password },
        token,
      );
    const portIsFree = (port: number) =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1");
        socket.once("connect", () => (socket.destroy(), resolve(false)));
        socket.once("error", () => resolve(true));
      });
    let last: { env: Record<string, string>; answers: { status: number; data: any }[] } | null = null;
    const rounds: { exitMs: number; answers: string[] }[] = [];
    for (let round = 1; round <= 3; round++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-stopdown-"));
      const databaseUrl = await freshTestDatabase();
      cleanups.push(async () => {
        await dropTestDatabase(databaseUrl);
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const chainPort = await freePort();
      const env = {
        DATA_DIR: dataDir,
        CHAIN_PORT: String(chainPort),
        ...secretsEnv(),
        SEED_DEMO: "true",
        LOG_LEVEL: "info",
        SHUTDOWN_GRACE_MS: "15000",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
      const p = await startProcess(env);
      const token = await login(p, DEMO.members[0].phonenumber, DEMO.members[0].password);
      const recipient = (await addressOf(p, token, DEMO.members[1].phonenumber))!;
      // Gifts in flight: the node stops mining, so each one is recorded and waits for its receipt (the first batch
      // sent, the rest pending behind it), as when the node dies mid-block.
      await fetch(`http://127.0.0.1:${chainPort}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_setAutomine", params: [false] }),
      });
      const answers: Promise<{ status: number; code: number; message?: string; data: any }>[] = [];
      for (let i = 0; i < 16; i++) answers.push(gift(p, token, recipient));
      const waited = Date.now();
      while ((await call(p, "/api/info/balance", undefined, token)).data?.pending !== 16 * 1_200) {
        expect(Date.now() - waited).toBeLessThan(20_000);
        await new Promise((r) => setTimeout(r, 50));
      }
      // The node is killed and the stop asked for at once; in round 2 only once the process has seen the death and
      // begun to start a new node (the other side of the race).
      process.kill(p.chainPid!, "SIGKILL");
      if (round === 2) {
        while (!p.output().includes("the embedded node died; starting it again")) {
          expect(Date.now() - waited).toBeLessThan(20_000);
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      const sentAt = Date.now();
      p.child.kill("SIGTERM");
      const got = await Promise.all(answers);
      const exit = await p.exited;
      rounds.push({ exitMs: exit.at - sentAt, answers: got.map((a) => `${a.status} ${a.data?.status ?? a.message}`) });
      // Every request answered: 200 (confirmed, or recorded and pending), or 503 with the chain's Korean message; none cut.
      expect(
        got
          .filter(
            (a) =>
              !(a.status === 200 && ["confirmed", "pending"].includes(a.data?.status)) &&
              !(a.status === 503 && ([Msg.chainUnavailable, Msg.chainCatchingUp] as string[]).includes(a.message!)),
          )
          .map((a) => [a.status, a.message]),
      ).toEqual([]);
      expect(exit.code).toBe(0);
      expect(exit.at - sentAt).toBeLessThan(4_000);
      // Nothing started once the stop began: no new node, no replay; and no node left behind on the port.
      const lines = p.output().split("\n");
      const stopAt = lines.findIndex((l) => l.includes("stopping: no new connections"));
      expect(stopAt).toBeGreaterThanOrEqual(0);
      expect(lines.slice(stopAt).filter((l) => /chain: (node back|a new node is up)|replayed \d+ journal entries/.test(l))).toEqual([]);
      let free = await portIsFree(chainPort);
      for (let i = 0; i < 20 && !free; i++) free = (await new Promise((r) => setTimeout(r, 100)), await portIsFree(chainPort));
      expect(free).toBe(true);
      last = { env, answers: got };
    }
    // The last round's books after a restart (journal replayed, outbox resolved): a gift row for each 200 answer and
    // none for a 503; each moved once and nothing else moved (the reconciliation agrees, index caught up).
    const p = await startProcess(last!.env);
    const admin = (await call(p, "/api/auth/login_admin", { username: DEMO.admin.id, password: DEMO.admin.password })).data
      .accessToken as string;
    const op = async (pathname: string, body?: unknown) => {
      const res = await fetch(p.url + pathname, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data: any };
    };
    const deadline = Date.now() + 120_000;
    let gifts: { txHash: string | null }[] = [];
    let bad: unknown[] = [];
    for (;;) {
      gifts = (await op("/api/sale/list", { type: "gift", perPage: 100 })).data?.list ?? [];
      bad = gifts.every((g) => g.txHash)
        ? ((await op("/api/dashboard/reconcile")).data?.lines ?? [{}]).filter((l: { ok: boolean }) => !l.ok)
        : ["unsent"];
      if (bad.length === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(bad).toEqual([]);
    expect(gifts.length).toBe(last!.answers.filter((a) => a.status === 200).length);
    p.child.kill("SIGTERM");
    await p.exited;
    figures["process: stop while the node is down"] = {
      tried: rounds.length * 16,
      failed: rounds.flatMap((r) => r.answers).filter((a) => !a.startsWith("200")).length,
      lost: 0,
    };
    console.log(`reliability: stop while the node is down: ${rounds.map((r) => `${r.exitMs} ms`).join(", ")}`);
  }, 300_000);

  it("a stop while an outside chain (RPC_URL) does not answer: the gifts in flight are answered at once, exit in seconds", async () => {
    const { node, provider, env } = await setup();
    const p = await startProcess(env);
    const token = await login(p, DEMO.members[0].phonenumber, DEMO.members[0].password);
    const recipient = (await addressOf(p, token, DEMO.members[1].phonenumber))!;
    await provider.send("evm_setAutomine", [false]);
    const answers = Array.from({ length: 8 }, () =>
      call(
        p,
        "/api/gift/trade/address",
        { opponentAddress: recipient, kind: 0, type: 1, value: 1_000, password: DEMO.members[0].password },
        token,
      ),
    );
    const waited = Date.now();
    while ((await call(p, "/api/info/balance", undefined, token)).data?.pending !== 8 * 1_200) {
      expect(Date.now() - waited).toBeLessThan(20_000);
      await new Promise((r) => setTimeout(r, 50));
    }
    process.kill(node.pid, "SIGKILL");
    const sentAt = Date.now();
    p.child.kill("SIGTERM");
    const got = await Promise.all(answers);
    const exit = await p.exited;
    expect(got.map((a) => [a.status, a.data?.status])).toEqual(got.map(() => [200, "pending"]));
    expect(exit.code).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(4_000);
  });

  it("npm start restarts a server process that was killed, stops on SIGTERM, and does not restart a start refused for the role keys (exit 78, the message alone)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-sup-"));
    const port = await freePort();
    /** `npm start` (its supervisor) on this DATA_DIR and port, a fresh chain port. */
    const npmStart = async (extra: Record<string, string> = {}) => {
      const started = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "..", "scripts", "start.ts")], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          CHAIN_PORT: String(await freePort()),
          SEED_DEMO: "false",
          LOG_LEVEL: "warn",
          SKIP_BUILD: "1",
          DATABASE_URL: "",
          ...extra,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      cleanups.push(() => void started.kill("SIGKILL"));
      return started;
    };
    const child = await npmStart();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let out = "";
    const seen = (re: RegExp, from: number, ms: number) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no ${re} in: ${out.slice(-2000)}`)), ms);
        const check = () => {
          const m = out.slice(from).match(re);
          if (m) clearTimeout(t), child.stdout!.off("data", check), resolve(m);
        };
        child.stdout!.on("data", check);
        check();
      });
    child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
    const health = async () =>
      (
        await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.json())
          .catch(() => ({ code: 0 }))
      ).code;
    const first = Number((await seen(/server process (\d+) starting/, 0, 60_000))[1]);
    await seen(/KRW Voucher is running/, 0, 120_000);
    expect(await health()).toBe(200);
    const mark = out.length;
    process.kill(first, "SIGKILL");
    const second = Number((await seen(/server process (\d+) starting/, mark, 20_000))[1]);
    expect(second).not.toBe(first);
    await seen(/KRW Voucher is running/, mark, 120_000);
    expect(await health()).toBe(200);
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const t = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - t).toBeLessThan(20_000);

    // Started again on that DATA_DIR with another minter key: refused with what to do, and not started again.
    const refused = await npmStart({ MINTER_PRIVATE_KEY: ethers.Wallet.createRandom().privateKey });
    let said = "";
    refused.stdout!.on("data", (b: Buffer) => (said += b.toString()));
    refused.stderr!.on("data", (b: Buffer) => (said += b.toString()));
    const code = await new Promise<number | null>((r) => refused.once("exit", (c) => r(c)));
    expect(code).toBe(CONFIG_EXIT);
    expect(said).toContain("does not have this configuration's role keys");
    expect(said).toContain("not started again");
    expect(said.match(/server process \d+ starting/g)).toHaveLength(1);
    expect(said).not.toMatch(/\n\s+at /); // the message, not a stack trace
  });

  it("SIGTERM during 30 gifts: every accepted request is answered, the chain moved exactly what was answered, the process exits 0", async () => {
    const { provider, env, dataDir } = await setup();
    const p = await startProcess(env);
    const [from, to] = DEMO.members;
    const token = await login(p, from.phonenumber, from.password);
    const recipient = (await addressOf(p, token, to.phonenumber))!;
    const voucher = tokenOf(dataDir, provider);
    const before = BigInt(await voucher.balanceOf(recipient));
    const answers: Promise<{ status: number; code: number; message?: string; data: any }>[] = [];
    let sentAt = 0;
    for (let i = 0; i < 30; i++) {
      answers.push(
        call(p, "/api/gift/trade/address", { opponentAddress: recipient, kind: 0, type: 1, value: 1_000, password: from.password }, token),
      );
      if (i === 9) {
        sentAt = Date.now();
        p.child.kill("SIGTERM");
      }
      await new Promise((r) => setTimeout(r, 40));
    }
    const got = await Promise.all(answers);
    const exit = await p.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(20_000);
    const ok = got.filter((a) => a.status === 200);
    // Requests sent after the signal are refused at the door, or meet an idle keep-alive connection being
    // closed before the request was read (reset, or undici's 'other side closed'); an accepted request is
    // never cut (the stop waits for it): see the money check below.
    const closedEarly = ["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET"];
    expect(
      got.filter((x) => x.status !== 200 && !(x.status === 0 && closedEarly.includes(x.message!))).map((x) => [x.status, x.message]),
    ).toEqual([]);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    const moved = Number(BigInt(await voucher.balanceOf(recipient)) - before) / 1_000;
    const confirmed = ok.filter((a) => a.data.status === "confirmed").length;
    // Every gift that moved was answered; every gift answered 'confirmed' moved.
    expect(moved).toBeGreaterThanOrEqual(confirmed);
    expect(moved).toBeLessThanOrEqual(ok.length);
    figures["process: SIGTERM under gifts"] = {
      tried: got.length,
      failed: got.length - ok.length,
      lost: Math.max(0, moved - ok.length) + Math.max(0, confirmed - moved),
    };
  });
});

/** Abuse that must get nowhere: limiter spellings, recipient lookups, lockout probing, login floods. */
describe("reliability: abuse", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("rate limits are not bypassed by path case, trailing or doubled slashes", async () => {
    const login = (p: string) => s.call("POST", p, { body: { username: "01012340000", password: "000000" }, headers: from("10.1.0.1") });
    const first = [];
    for (let i = 0; i < 30; i++) first.push((await login("/api/auth/login_user")).status);
    expect(first.filter((x) => x === 429)).toEqual([]);
    const variants = [
      "/api/auth/login_user",
      "/API/AUTH/LOGIN_USER",
      "/api/auth/Login_User",
      "/api/auth/login_user/",
      "//api/auth/login_user",
      "/api//auth/login_user",
    ];
    const after = await Promise.all(variants.map(async (v) => [v, (await login(v)).status] as const));
    const through = after.filter(([, st]) => st !== 429 && st !== 404);
    expect(through).toEqual([]);
    // Verification starts, the same way.
    for (let i = 0; i < 30; i++) expect((await s.call("GET", "/api/auth", { headers: from("10.1.0.2") })).status).toBe(200);
    for (const v of ["/api/auth", "/API/AUTH", "/api/auth/", "/Api/Auth/"])
      expect([429, 404]).toContain((await s.call("GET", v, { headers: from("10.1.0.2") })).status);
    figures["abuse: limiter spellings"] = { tried: 30 + variants.length + 34, failed: variants.length + 4, lost: through.length };
  });

  it("the recipient lookup is limited: 30 a minute per member", async () => {
    const token = await s.loginUser(DEMO.members[0].phonenumber, DEMO.members[0].password);
    const codes = [];
    for (let i = 0; i < 32; i++)
      codes.push((await s.call("POST", "/api/info/user", { token, body: { phonenumber: DEMO.members[1].phonenumber } })).status);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it("the lockout answers alike for members and strangers, and one address's lock does not shut the owner out elsewhere", async () => {
    const member = DEMO.members[1];
    const attempts = async (phone: string, ip: string) => {
      const out: { status: number; ms: number }[] = [];
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        const r = await s.call("POST", "/api/auth/login_user", { body: { username: phone, password: "000000" }, headers: from(ip) });
        out.push({ status: r.status, ms: performance.now() - t });
      }
      return out;
    };
    const known = await attempts(member.phonenumber, "10.2.0.1");
    const unknown = await attempts("01098765432", "10.2.0.1");
    expect(known.map((a) => a.status)).toEqual([400, 400, 400, 400, 423, 423, 423]);
    expect(unknown.map((a) => a.status)).toEqual(known.map((a) => a.status));
    // Same answers, same bodies, for a member and a stranger. (Timing: a member's PIN is a keyed HMAC
    // of microseconds and every path, locked included, computes it, so no path is a fast tell; timings
    // are not asserted in tests, the benchmark's job.)
    expect(unknown.map((a) => a.status)).toEqual([400, 400, 400, 400, 423, 423, 423]);
    // The owner, from another address, logs in with the right password at once.
    const owner = await s.call("POST", "/api/auth/login_user", {
      body: { username: member.phonenumber, password: member.password },
      headers: from("10.2.0.9"),
    });
    expect(owner.status).toBe(200);
    // 'admin' likewise.
    for (let i = 0; i < 6; i++)
      await s.call("POST", "/api/auth/login_admin", {
        body: { username: DEMO.admin.id, password: "wrong-pass" },
        headers: from("10.2.0.3"),
      });
    const admin = await s.call("POST", "/api/auth/login_admin", {
      body: { username: DEMO.admin.id, password: DEMO.admin.password },
      headers: from("10.2.0.4"),
    });
    expect(admin.status).toBe(200);
    const differing = known.filter((a, i) => a.status !== unknown[i].status).length;
    figures["abuse: lockout probing"] = {
      tried: known.length + unknown.length + 8,
      failed: [owner, admin].filter((r) => r.status !== 200).length,
      lost: differing,
    };
  });

  it("a password reset, a suspension and an operator's deletion end every older session (HTTP and websocket)", async () => {
    const phone = "01077770001";
    const m = await createMember(s.ctx, { phonenumber: phone, username: "세션종료", password: "135790", birth: ADULT_BIRTH });
    const myInfo = async (token: string) => (await s.call("GET", "/api/info/myinfo", { token })).status;
    const before = await s.loginUser(phone, "135790");
    expect(await myInfo(before)).toBe(200);
    const v = await verifyByHttp(s, "reauth", { name: "세션종료", birth: ADULT_BIRTH, phone });
    expect((await s.call("POST", "/api/auth/password_v2", { body: { key_info: v.key, password: "246801" } })).code).toBe(200);
    expect(await myInfo(before)).toBe(401);
    const after = await s.loginUser(phone, "246801");
    expect(await myInfo(after)).toBe(200);
    // Suspended, then reinstated: the sessions from before the suspension stay ended.
    await setMemberState(s.ctx.db, m.id, "suspension");
    await setMemberState(s.ctx.db, m.id, "repair");
    expect(await myInfo(after)).toBe(401);
    expect(await myInfo(await s.loginUser(phone, "246801"))).toBe(200);

    // An operator deleted while its websocket is open: the socket closes, the token is refused.
    const shop = await s.ctx.db.selectFrom("admins").select("id").where("login_id", "=", DEMO.shopAdmin.id).executeTakeFirstOrThrow();
    const adminToken = await s.loginOperator(DEMO.shopAdmin.id, DEMO.shopAdmin.password);
    const ws = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${adminToken}`);
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    const t = Date.now();
    await deleteOperator(s.ctx.db, shop.id);
    expect(await closed).toBe(4401);
    expect(Date.now() - t).toBeLessThan(7_000);
    expect((await s.call("GET", "/api/operation/toolbar", { token: adminToken, marker: "operation" })).status).toBe(401);
  });

  it("odd requests answer in the {code, message} envelope: foreign charsets 415, OPTIONS 405, oversized headers 431", async () => {
    const envelope = async (res: Response) => {
      const text = await res.text();
      const body = JSON.parse(text) as { code: number; message: string };
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      return [res.status, body.code, /[가-힣]/.test(body.message)];
    };
    for (const charset of ["latin1", "koi8-r"]) {
      const res = await fetch(`${s.url}/api/auth/login_user`, {
        method: "POST",
        headers: { "content-type": `application/json; charset=${charset}`, "x-forwarded-for": "10.4.0.1" },
        body: JSON.stringify({ username: "01011112222", password: "000000" }),
      });
      expect(await envelope(res)).toEqual([415, 415, true]);
    }
    expect(await envelope(await fetch(`${s.url}/api/auth/login_user`, { method: "OPTIONS" }))).toEqual([405, 405, true]);
    expect(await envelope(await fetch(`${s.url}/api/health`, { headers: { "x-big": "a".repeat(20_000) } }))).toEqual([431, 431, true]);
    expect((await s.call("GET", "/api/health")).code).toBe(200);
  });

  it("secrets live apart from the data (0700/0600), every data file is the owner's only, the CSP connects to this origin only", async () => {
    // An earlier version's dev-secrets.json beside app.db moves to DATA_DIR/secrets, with the same keys.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-secrets-"));
    try {
      const legacy = { keyEncryptionKey: crypto.randomBytes(32).toString("hex"), jwtSecret: crypto.randomBytes(32).toString("hex") };
      fs.writeFileSync(path.join(dir, "dev-secrets.json"), JSON.stringify(legacy), { mode: 0o644 });
      fs.chmodSync(dir, 0o755);
      const config = loadConfig({ DATA_DIR: dir }, () => undefined);
      expect(config.keyEncryptionKey.toString("hex")).toBe(legacy.keyEncryptionKey);
      expect(fs.existsSync(path.join(dir, "dev-secrets.json"))).toBe(false);
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      expect([mode(dir), mode(path.join(dir, "secrets")), mode(path.join(dir, "secrets", "dev-secrets.json"))]).toEqual([
        0o700, 0o700, 0o600,
      ]);
      // A fresh DATA_DIR gets fresh secrets there too.
      const fresh = path.join(dir, "fresh");
      loadConfig({ DATA_DIR: fresh }, () => undefined);
      expect(mode(path.join(fresh, "secrets", "dev-secrets.json"))).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The running stack's files: no group or other bits on any of them.
    const loose: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (fs.statSync(p).mode & 0o077) loose.push(`${p} ${(fs.statSync(p).mode & 0o777).toString(8)}`);
      }
    };
    walk(s.dataDir);
    expect(loose).toEqual([]);
    const csp = (await fetch(`${s.url}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/ws:|wss:/);
  });

  it("400 anonymous logins from 400 addresses do not starve a member's gift", async () => {
    const m = DEMO.members[0];
    const token = await s.loginUser(m.phonenumber, m.password);
    // Straight from custody: an earlier test used up this member's lookups for the minute.
    const recipient = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, DEMO.members[1].phonenumber))!.id))!.address;
    const gift = async () => {
      const t = performance.now();
      const r = await s.call("POST", "/api/gift/trade/address", {
        token,
        body: { opponentAddress: recipient, kind: 0, type: 1, value: 1_000, password: m.password },
      });
      expect(r.code).toBe(200);
      return performance.now() - t;
    };
    const quiet = await gift();
    const flood = Array.from({ length: 400 }, (_, i) =>
      s.call("POST", "/api/auth/login_user", {
        body: { username: `0109${String(i).padStart(7, "0")}`, password: "000000" },
        headers: from(`10.3.${i >> 8}.${i & 255}`),
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const busy = await gift();
    const answers = await Promise.all(flood);
    expect(answers.every((a) => [400, 423, 429].includes(a.status))).toBe(true);
    console.log(
      `reliability: gift ${Math.round(quiet)} ms quiet, ${Math.round(busy)} ms under 400 anonymous logins (${answers.filter((a) => a.status === 429).length} refused 429)`,
    );
    // Without the gate (issue 13) a 91 ms gift took 4.5 s; client and server share this process here.
    expect(busy).toBeLessThan(Math.max(2_500, quiet * 8));
    figures["abuse: login flood"] = { tried: 400 + 2, failed: answers.filter((a) => a.status === 429).length, lost: 0 };
  });
});
