import http from "node:http";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { generate } from "otplib";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalNodeOnFreePort, type LocalNode } from "../chain/node";
import { voucherArtifact } from "../chain/artifacts";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "../db/testing";
import { openAppStore, type AppStore } from "./db/app-db";
import { memberByPhone } from "./records/members.repo";
import { Msg } from "../domain/messages";
import { Code } from "../domain/codes";
import { externalChainEnv, setBalanceOn, startApiProcess, type ApiProcess } from "./test/api-process";
import { insertOperator } from "./test/operators";
import type { AppContext } from "./context";
import { OperatorPermission } from "../domain/constants";
import { bankSetting } from "./providers/bank";
import { signBody, SIGNATURE_HEADER } from "./providers/bank/signature";

/**
 * Several API processes behind one database and one chain (docs/operations.md, "Several API processes behind a load balancer"): two
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

  async function call(
    p: ApiProcess,
    pathname: string,
    body: unknown,
    token?: string,
    marker: "web" | "operation" = "web",
    method = "POST",
  ) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, "cookie-type": marker });
    const res = await fetch(p.url + pathname, { method, headers, body: method === "DELETE" ? undefined : JSON.stringify(body) });
    return (await res.json()) as { code: number; message?: string; data: any };
  }
  const operatorByLoginId = async (p: ApiProcess, username: string, password: string) => {
    const r = await call(p, "/api/auth/login_admin", { username, password });
    expect(r.code, r.message).toBe(200);
    return r.data.accessToken as string;
  };
  /** An operator's socket on `p`, open (its hello heard): what it hears, and when it closes. */
  async function operatorSocket(p: ApiProcess, token: string) {
    const ws = new WebSocket(`${p.url.replace("http", "ws")}/ws?token=${token}`);
    const heard: { at: number; msg: any }[] = [];
    let wake: () => void = () => undefined;
    ws.on("message", (data) => {
      heard.push({ at: Date.now(), msg: JSON.parse(String(data)) });
      wake();
    });
    const closed = new Promise<{ code: number; at: number }>((r) => ws.once("close", (code) => r({ code, at: Date.now() })));
    /** The first frame `match` accepts, heard within `ms` (null when none was). */
    const hear = async (match: (m: any) => boolean, ms: number, since = 0) => {
      const until = Date.now() + ms;
      for (;;) {
        const hit = heard.find((h) => h.at >= since && match(h.msg));
        if (hit || Date.now() >= until) return hit ?? null;
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, until - Date.now());
        });
      }
    };
    expect(await hear((m) => m.kind === "hello", 5_000)).not.toBeNull();
    return { ws, hear, closed };
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
    node = await startLocalNodeOnFreePort();
    databaseUrl = (await freshTestDatabase())!;
    const provider = new ethers.JsonRpcProvider(node.rpcUrl);
    Object.assign(env, await externalChainEnv({ rpcUrl: node.rpcUrl, fund: setBalanceOn(provider), databaseUrl }), {
      WEBHOOK_RETRY_BASE_MS: "200",
    });
    provider.destroy();
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

  // Realtime pushes and rate limits across processes (db/bus.ts, server/http/rate-limit.ts): before the SIGKILL below.
  it("an operator's socket on one process hears a deposit request made through the other within a second, and its confirmed moves", async () => {
    const [a, b] = procs;
    const sock = await operatorSocket(b, await operatorByLoginId(b, "admin", "admin1234"));
    const member = await login(a, "01055556666", "333333");
    const order = await call(a, "/api/buy/charge", { password: "333333", value: 10_000 }, member);
    const answeredAt = Date.now();
    expect(order.code, order.message).toBe(200);
    const heard = await sock.hear((m) => m.kind === "입금" && m.ref_id === order.data.id, 1_000);
    expect(heard, "B's socket never heard A's deposit request").not.toBeNull();
    expect(heard!.at - answeredAt).toBeLessThan(1_000);
    expect(heard!.msg.message).toContain("10,000원");
    // A move relayed and indexed by A (the leader) has B's operators read their money again too.
    const [memberToken, to] = [await login(a, "01011112222", "111111"), await walletOf("01033334444")];
    const giftAt = Date.now();
    const sent = await gift(a, memberToken, to, 300, "111111");
    expect(sent.code, sent.message).toBe(200);
    // At most one frame a second per socket, a quarter second's coalescing between processes.
    const moved = await sock.hear((m) => m.kind === "moved", 2_500, giftAt);
    expect(moved, "B's socket never heard that A confirmed a move").not.toBeNull();
    sock.ws.close();
  });

  it("a session ended, or an operator deleted, on one process closes that operator's socket on the other at once", async () => {
    const [a, b] = procs;
    const asOperator = { db: store.db } as unknown as AppContext;
    await insertOperator(asOperator, "mp-enrolled", OperatorPermission.SUB, { isSale1: true });
    const deleted = await insertOperator(asOperator, "mp-deleted", OperatorPermission.SUB, { isSale1: true });
    const enrolled = await operatorSocket(b, await operatorByLoginId(b, "mp-enrolled", "operator1234"));
    const gone = await operatorSocket(b, await operatorByLoginId(b, "mp-deleted", "operator1234"));
    const [onA, adminOnA] = [await operatorByLoginId(a, "mp-enrolled", "operator1234"), await operatorByLoginId(a, "admin", "admin1234")];
    /** B's socket closes (4401) within 500 ms of `act` on A. */
    const closesAtOnce = async (sock: Awaited<ReturnType<typeof operatorSocket>>, act: () => Promise<void>, what: string) => {
      await act();
      const doneAt = Date.now();
      const closed = await Promise.race([sock.closed, new Promise<null>((r) => setTimeout(() => r(null), 500))]);
      expect(closed, `B's socket was still open 500 ms after ${what} on A`).not.toBeNull();
      expect(closed!.code).toBe(4401);
      expect(closed!.at - doneAt).toBeLessThan(500);
    };
    // Enrolling in two-factor login on A ends every other session of the operator (sessions.endSessions).
    await closesAtOnce(
      enrolled,
      async () => {
        const setup = await call(a, "/api/operation/security/totp/setup", {}, onA, "operation");
        expect(setup.code, setup.message).toBe(200);
        const otp = await generate({ secret: setup.data.secret });
        const on = await call(a, "/api/operation/security/totp/enable", { otp }, onA, "operation");
        expect(on.code, on.message).toBe(200);
      },
      "the session ended",
    );
    expect(gone.ws.readyState).toBe(WebSocket.OPEN);
    // B's sockets are also checked again every 5 s: two events 2.5 s apart cannot both fall just after such a check,
    // so only the fan-out passes both.
    await new Promise((r) => setTimeout(r, 2_500));
    await closesAtOnce(
      gone,
      async () => {
        const del = await call(a, `/api/operation/admin_delete/${deleted}`, undefined, adminOnA, "operation", "DELETE");
        expect(del.code, del.message).toBe(200);
      },
      "the operator was deleted",
    );
  });

  it("30 logins a minute from one address is the limit of both processes together", async () => {
    const [a, b] = procs;
    // An address of its own (trust proxy: loopback), so the other tests' logins do not count.
    const attempt = async (p: ApiProcess) => {
      const res = await fetch(`${p.url}/api/auth/login_user`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.30" },
        body: JSON.stringify({ username: "01033334444", password: "222222" }),
      });
      return {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        body: (await res.json()) as { code: number; message: string },
      };
    };
    const first = [];
    for (let i = 0; i < 30; i++) first.push((await attempt(i % 2 ? b : a)).status);
    expect(first).toEqual(Array(30).fill(200));
    for (const p of [a, b]) {
      const over = await attempt(p);
      expect([over.status, over.body.code, over.body.message]).toEqual([429, Code.TOO_MANY, Msg.tooMany]);
      expect(Number(over.retryAfter)).toBeGreaterThan(0);
      expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Per address: another still logs in, on either process.
    const other = await fetch(`${b.url}/api/auth/login_user`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.31" },
      body: JSON.stringify({ username: "01033334444", password: "222222" }),
    });
    expect(other.status).toBe(200);
  });

  it("a bank notice delivered to both processes at once confirms its order once", async () => {
    const [a, b] = procs;
    const member = await login(a, "01033334444", "222222");
    const order = (await call(a, "/api/buy/charge", { value: 4_400, password: "222222", method: "virtual" }, member)).data;
    const wallet = await walletOf("01033334444");
    const before = Number(await token().balanceOf(wallet));
    // Every process of the store derives the callback secret from the same KEY_ENCRYPTION_KEY; the test is the bank.
    const secret = bankSetting({}, Buffer.from(env.KEY_ENCRYPTION_KEY, "hex")).callbackSecret;
    const body = JSON.stringify({
      eventId: `evt_${crypto.randomUUID()}`,
      type: "deposit",
      occurredAt: new Date().toISOString(),
      data: { accountNumber: order.bankInfo.bankAccount, amount: 4_400, depositorName: "이서연" },
    });
    const deliver = async (p: ApiProcess) => {
      const res = await fetch(`${p.url}/api/bank/callback`, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(secret, body) },
        body,
      });
      return ((await res.json()) as { outcome: string }).outcome;
    };
    const outcomes = await Promise.all([deliver(a), deliver(b)]);
    expect(outcomes.sort()).toEqual(["confirmed", "duplicate"]);
    const moves = await store.db
      .selectFrom("outbox_transfers")
      .selectAll()
      .where("kind", "=", "buy")
      .where("to_address", "=", wallet)
      .execute();
    expect(moves.length).toBe(1);
    const end = Date.now() + 30_000;
    while (Number(await token().balanceOf(wallet)) !== before + 4_400 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(Number(await token().balanceOf(wallet))).toBe(before + 4_400);
  });

  it("the relaying process is killed with SIGKILL mid-burst: the other takes over, every answered gift is on chain exactly once", async () => {
    const [a, b] = procs;
    const from = await walletOf("01011112222"); // 김민준
    const to = await walletOf("01055556666");
    const start = Number(await token().balanceOf(from));
    // This burst's rows only (the realtime test above gave from this wallet too).
    const before = await store.db
      .selectFrom("outbox_transfers")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
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
      if (Date.now() > deadline) throw new Error(`${open.length} rows never resolved`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const rows = await store.db
      .selectFrom("outbox_transfers")
      .selectAll()
      .where("from_address", "=", from)
      .where("kind", "=", "gift")
      .where("id", ">", Number(before?.id ?? 0))
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
  it("merchant webhooks: each event delivered once by one of the processes; one killed mid-delivery leaves it to the other", async () => {
    // The test before killed the first process: a fresh one joins the survivor.
    const live = [procs[1], await startProcess()];
    const seen = new Map<string, number>();
    let hang: string | null = null;
    const hung: http.ServerResponse[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const id = (JSON.parse(body) as { id: string }).id;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (id === hang && seen.get(id) === 1) return void hung.push(res);
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    try {
      const op = await operatorByLoginId(live[0], "admin", "admin1234");
      expect(
        (await call(live[0], "/api/operation/merchants", { phone: "01055556666", name: "두 프로세스 가게" }, op, "operation")).code,
      ).toBe(200);
      const shop = await operatorByLoginId(live[1], "shop01", "shop1234");
      expect((await call(live[1], "/api/merchant/webhook", { url: hookUrl }, shop, "operation", "PUT")).code).toBe(200);
      const pings = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(live[i % 2], "/api/merchant/webhook/test", {}, shop, "operation")),
      );
      const ids = pings.map((r) => r.data.eventId as string);
      const end = Date.now() + 30_000;
      while (ids.some((id) => !seen.has(id)) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      expect(ids.map((id) => seen.get(id))).toEqual(ids.map(() => 1));

      // One more, whose first attempt hangs: the process holding it is killed; the other delivers it once its lease ends.
      const last = await call(live[0], "/api/merchant/webhook/test", {}, shop, "operation");
      hang = last.data.eventId as string;
      const row = () => store.db.selectFrom("webhook_events").selectAll().where("public_id", "=", hang!).executeTakeFirstOrThrow();
      while (hung.length === 0 && Date.now() < end + 30_000) await new Promise((r) => setTimeout(r, 50));
      const owner = (await row()).lease_owner!;
      const holder = live.find((p) => owner.endsWith(`:${p.child.pid}`))!;
      expect(holder).toBeDefined();
      holder.child.kill("SIGKILL");
      await holder.exited;
      const until = Date.now() + 60_000;
      while ((await row()).state !== "delivered" && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
      const done = await row();
      expect(done.state).toBe("delivered");
      expect(seen.get(hang)).toBe(2);
      expect(done.lease_owner).not.toBe(owner);
    } finally {
      for (const res of hung) res.destroy();
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  }, 180_000);
});
