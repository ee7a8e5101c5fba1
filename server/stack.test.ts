import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestStack, type TestStack } from "./test/harness";
import { countMembers } from "./records/members.repo";

/** Opens a socket and resolves with "open" or the HTTP status of a refused upgrade. */
function connect(url: string): Promise<{ outcome: string; ws: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on("unexpected-response", (_req, res) => resolve({ outcome: String(res.statusCode), ws }));
    ws.on("open", () => resolve({ outcome: "open", ws }));
    ws.on("error", () => undefined);
  });
}

describe("the whole stack", () => {
  const stacks: TestStack[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop().catch(() => undefined);
  });

  it("pushes '입금' to an authenticated operator socket and refuses anonymous and member tokens", async () => {
    const s = await startTestStack();
    stacks.push(s);
    const admin = await s.loginOperator("admin", "admin1234");
    const member = await s.loginUser("01011112222", "111111");
    const wsUrl = `${s.url.replace("http", "ws")}/ws?token=`;
    expect((await connect(`${wsUrl}nope`)).outcome).toBe("401");
    expect((await connect(wsUrl + member)).outcome).toBe("401");

    const { outcome, ws } = await connect(wsUrl + admin);
    expect(outcome).toBe("open");
    const pushed = new Promise<any>((resolve) =>
      ws.on("message", (m) => {
        const msg = JSON.parse(String(m));
        if (msg.kind === "입금") resolve(msg);
      }),
    );
    const r = await s.call("POST", "/api/buy/charge", { token: member, body: { password: "111111", value: 10_000 } });
    expect(r.code).toBe(200);
    const n = await pushed;
    expect(n).toMatchObject({ kind: "입금", type: "sell", ref_id: r.data.id });
    expect(n.message).toContain("10,000");

    // A confirmed move is told too (the screens read balances again): once it is recorded and in the index.
    const frames: number[] = [];
    ws.on("message", (m) => {
      const msg = JSON.parse(String(m));
      if (msg.kind === "moved") frames.push(msg.block);
    });
    const to = (await s.ctx.custody.memberWallet(2))!.address;
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: member,
      body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(gift.code).toBe(200);
    const receipt = await s.ctx.chain.provider.getTransactionReceipt(gift.data.txHash);
    await s.waitIndexed(receipt!.blockNumber);
    // The last frame comes after both (at most a second after the first).
    await expect.poll(() => frames.at(-1) ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(receipt!.blockNumber);
    const last = frames.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(frames.length - last, "no frame without a move").toBeLessThanOrEqual(1);
    ws.close();
  });

  it("comes back after a restart with the same balances, tx hashes and records", async () => {
    const s = await startTestStack();
    const t = await s.loginUser("01011112222", "111111");
    const to = (await s.ctx.custody.memberWallet(2))!.address;
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t,
      body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(gift.code).toBe(200);
    await s.waitIndexed();
    const balance = (await s.call("GET", "/api/info/balance", { token: t })).data.balance;
    const head = await s.ctx.chain.provider.getBlockNumber();
    const token = s.ctx.chain.deployment.token;

    const again = await s.restart();
    stacks.push(again);
    expect(again.ctx.chain.deployment.token).toBe(token);
    expect(await again.ctx.chain.provider.getBlockNumber()).toBe(head);
    expect((await again.ctx.chain.provider.getTransactionReceipt(gift.data.txHash))?.status).toBe(1);
    const t2 = await again.loginUser("01011112222", "111111");
    expect((await again.call("GET", "/api/info/balance", { token: t2 })).data.balance).toBe(balance);
    const hist = await again.call("POST", "/api/info/history", { token: t2, body: { type: 3, page: 1 } });
    expect(hist.data.data_list[0]).toMatchObject({ txHash: gift.data.txHash, total: 1_200 });
    // The demo is not seeded twice.
    expect(await countMembers(again.ctx.db)).toBe(3);
  });

  it("holds a burst of 1,500 connections while its event loop is busy: none waits for the client to try again", async () => {
    const s = await startTestStack();
    stacks.push(s);
    const { hostname, port } = new URL(s.url);
    // The clients are another process: it opens 1,500 connections at once when told, and counts those the kernel
    // completed within 800 ms (a connection the server's queue had no room for is dropped, and its client tries again
    // only after a second).
    const client = spawn(
      process.execPath,
      [
        "-e",
        `const net = require("node:net");
        process.stdin.once("data", () => {
          let done = 0;
          const sockets = [];
          for (let i = 0; i < 1500; i++) {
            const c = net.connect(${port}, "${hostname}");
            c.on("connect", () => done++);
            c.on("error", () => undefined);
            sockets.push(c);
          }
          setTimeout(() => { console.log(done); process.exit(0); }, 800);
        });
        console.log("ready");`,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const lines: string[] = [];
    const next = () =>
      new Promise<string>((resolve) => {
        if (lines.length > 0) return resolve(lines.shift()!);
        client.stdout.once("data", (d: Buffer) => {
          lines.push(...String(d).trim().split("\n"));
          resolve(lines.shift()!);
        });
      });
    expect(await next()).toBe("ready");
    client.stdin.write("go\n");
    // This process (the server's) is busy for 300 ms, as under a flood: the kernel queues what it cannot accept.
    const until = Date.now() + 300;
    while (Date.now() < until);
    expect(Number(await next())).toBe(1500);
  }, 60_000);
});
