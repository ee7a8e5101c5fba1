/**
 * Start-up: the journal replay against the machine's raw speed, and how a restart grows with the journal.
 *
 * The journals are real: a stack deploys KRWVoucher (its own journal: setBalance, deploy, roles), then the bench
 * signs mint transactions with the operator's key, nonce after nonce, one block a second later each, and appends
 * them to the journal as the sender would (stack stopped). A restart replays them for real; the end is verified.
 * Sizes: BENCH_REPLAY_SIZES (default "1000,10000") transactions in the journal.
 *
 * Figures (each with its anchor from this run):
 * - replay rate on a fresh node against "raw": the same raw transactions sent to another fresh node, one
 *   eth_sendRawTransaction per request, waiting for each answer (what the node can take in order); alternated
 *   rounds (BENCH_REPLAY_ROUNDS, default 2) on fresh nodes, the best of each;
 * - restart at each size: when the first money call is accepted (a member's gift with the PIN, sent again every 50 ms
 *   while it answers 503; accepted = its outbox row's creation, from the start of startStack), against when the
 *   replay is done; it must not grow with the journal; the gift must land once, after the journal (checked). When
 *   a read first answers; the replay's time per 1,000 entries, from the smallest size to the largest, against linear;
 * - JS heap the background replay keeps in the server process (measured after full collections every 500 ms;
 *   the peak as used, garbage included, is printed beside it), at the largest size against the smallest
 *   (constant memory: the journal is read a page at a time).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import os from "node:os";
import path from "node:path";
import { startStack, type Stack } from "../../server/stack";
import { freePort } from "../../chain/ports";
import { startLocalNodeOnFreePort } from "../../chain/node";
import { openJournal } from "../../chain/journal";
import { rawRpc, replayJournal } from "../../chain/replay";
import { appendMints } from "../../chain/test-journal";
import { createMember } from "../../server/features/members/members.service";
import { callToken } from "../../server/money/chain-calls";
import { rateRow, type BenchRow } from "./table";

const SIZES = (process.env.BENCH_REPLAY_SIZES ?? "1000,10000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_REPLAY_ROUNDS ?? 2);
/** The issue's bound: money calls accepted within 5 s of the start, whatever the journal's length. */
const ACCEPT_GOAL_MS = 5_000;
const PIN = "482913";
const GIFT = 1_000;

const sleep = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms));

/**
 * A member's gift over HTTP from the start of a restart, sent again every 50 ms while it is refused (503): the first
 * one not refused within 250 ms (it waits for its move) or answered otherwise was accepted. Returns when its outbox
 * row was written (ms after `wall0`, a Date.now()), and its answer.
 */
async function firstGiftAccepted(stack: Stack, memberId: number, to: string, afterRow: number, wall0: number) {
  const { accessToken } = await stack.ctx.sessions.issue("web", `m:${memberId}`);
  const gift = async () => {
    const res = await fetch(`${stack.url}/api/gift/trade/address`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "cookie-type": "web", "content-type": "application/json" },
      body: JSON.stringify({ opponentAddress: to, kind: 0, type: 1, value: GIFT, password: PIN }),
    });
    return { status: res.status, body: (await res.json()) as { code: number; message?: string; data?: { status?: string } } };
  };
  let refused = 0;
  for (;;) {
    const answer = gift();
    const early = await Promise.race([answer, sleep(250)]);
    if (early?.status === 503) {
      refused++;
      await sleep(50);
      continue;
    }
    const row = await stack.ctx.db
      .selectFrom("outbox_transfers")
      .select(["id", "created_at"])
      .where("id", ">", afterRow)
      .orderBy("id")
      .executeTakeFirst();
    if (!row) throw new Error(`the gift was not recorded: ${JSON.stringify(early ?? (await answer))}`);
    const duringReplay = stack.ctx.chain.replaying();
    const done = await answer;
    return {
      acceptedMs: Date.parse(row.created_at) - wall0,
      answeredMs: Date.now() - wall0,
      answer: done,
      rowId: row.id,
      refused,
      duringReplay,
    };
  }
}

/** A full (mark-compact) collection: --expose-gc set at run time, the gc function taken from a fresh context. */
function fullGc(): void {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-replay-"));
  const env = {
    DATA_DIR: dataDir,
    KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    JWT_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  const start = async () =>
    startStack(
      { dataDir, port: 0, chainPort: await freePort(), rpcUrl: null, databaseUrl: null, seedDemo: false, logLevel: "silent" },
      env,
    );
  try {
    // A deployed stack: its journal, the operator's key and nonce.
    let stack: Stack = await start();
    await stack.ready();
    const { chain, custody } = stack.ctx;
    const operator = await custody.signerFor(chain.senders.minter.address);
    const token = chain.deployment.token;
    // A member who gifts during each restart (funded here: mint to the treasury, then an outbox move, indexed).
    const sender = await createMember(stack.ctx, { phonenumber: "01093000001", username: "재시작벤치", password: PIN });
    const recipient = (await createMember(stack.ctx, { phonenumber: "01093000002", username: "재시작수신", password: PIN })).address;
    const treasury = (await custody.byKind("treasury"))!.address;
    const funds = 100 * (GIFT + 200);
    await callToken(stack.ctx, "mint", [treasury, BigInt(funds)]);
    const seed = await stack.ctx.outbox.send({ kind: "seed", from: treasury, to: sender.address, value: funds });
    stack.ctx.relayer.kick();
    if ((await stack.ctx.relayer.waitFor(seed.id, 60_000)).status !== "confirmed") throw new Error("funding failed");
    await stack.waitIndexed();
    let nonce = await chain.provider.getTransactionCount(operator.address, "latest");
    let lastRow = seed.id;
    let recipientBalance: bigint = await chain.token.balanceOf(recipient);
    const journalFile = path.join(dataDir, `journal-${chain.deployment.chainId}.db`);
    await stack.stop();

    const restarts: { size: number; upMs: number; firstReadMs: number; acceptedMs: number; syncedMs: number; heapMb: number }[] = [];
    for (const size of SIZES) {
      nonce = await appendMints(journalFile, operator.privateKey, chain.deployment.chainId, token, nonce, size);
      const wall0 = Date.now();
      const t0 = performance.now();
      stack = await start();
      const upMs = performance.now() - t0;
      // Memory the replay keeps in this process (the server is up; the replay runs in the background): the JS heap
      // left after a full collection, every 500 ms, above its level when the server answered. The peak of the heap
      // as used (garbage not yet collected included) is printed beside it: it moves with when V8 collects, not with
      // what the replay holds. (RSS stays at the high-water mark of the start itself.)
      fullGc();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      let retainedPeak = heapBefore;
      const peakSampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
      const gcSampler = setInterval(() => {
        fullGc();
        retainedPeak = Math.max(retainedPeak, process.memoryUsage().heapUsed);
      }, 500);
      const sampler = { close: () => (clearInterval(peakSampler), clearInterval(gcSampler)) };
      // A read while the replay runs: the health answer shows the progress.
      const health = await (await fetch(`${stack.url}/api/health`)).json();
      const firstReadMs = performance.now() - t0;
      // A money call while the replay runs (or as soon as it is accepted).
      const gift = await firstGiftAccepted(stack, sender.id, recipient, lastRow, wall0);
      if (!(await stack.ctx.chain.synced())) throw new Error("replay did not finish");
      const syncedMs = performance.now() - t0;
      sampler.close();
      // The gift landed once, after every journaled transaction (one a block: the replay's head is block `size`).
      const landed = await stack.ctx.relayer.waitFor(gift.rowId, 60_000);
      if (landed.status !== "confirmed") throw new Error(`the gift accepted during the replay is ${landed.status}`);
      const block = (await stack.ctx.chain.provider.getTransactionReceipt(landed.tx_hash!))?.blockNumber;
      const received: bigint = await stack.ctx.chain.token.balanceOf(recipient);
      if (received !== recipientBalance + BigInt(GIFT) || block === undefined || block <= size)
        throw new Error(`the gift: block ${block} (replayed head ${size}), recipient +${received - recipientBalance}`);
      recipientBalance = received;
      lastRow = gift.rowId;
      const mb = (n: number) => (n - heapBefore) / 2 ** 20;
      console.error(
        `bench: replay: ${size} entries: answering after ${upMs.toFixed(0)} ms (${health.data.status}, ${health.data.replay?.done ?? "-"} / ${health.data.replay?.total ?? "-"}), first money call accepted after ${gift.acceptedMs} ms (${gift.refused} refused before it${gift.duringReplay ? ", during the replay" : "; the replay was done by then"}) and answered after ${gift.answeredMs} ms (${gift.answer.status}, ${gift.answer.body.data?.status ?? gift.answer.body.message}), replay done after ${syncedMs.toFixed(0)} ms, heap retained +${mb(retainedPeak).toFixed(1)} MB (peak as used +${mb(heapPeak).toFixed(1)} MB)`,
      );
      restarts.push({ size, upMs, firstReadMs, acceptedMs: gift.acceptedMs, syncedMs, heapMb: mb(retainedPeak) });
      nonce = await stack.ctx.chain.provider.getTransactionCount(operator.address, "latest");
      await stack.stop();
    }

    // Replay against raw on fresh nodes, the whole (largest) journal.
    const journal = await openJournal(journalFile);
    const entries = await journal.count();
    const raws: string[] = [];
    const rpcs: { method: string; params: unknown[] }[] = [];
    for await (const page of journal.pages())
      for (const e of page) e.kind === "raw" ? raws.push(e.payload) : rpcs.push(JSON.parse(e.payload));
    // Alternated rounds on fresh nodes, the best of each (the machine is shared: the least disturbed run).
    let rawMs = Infinity;
    let replayMs = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const rawNode = await startLocalNodeOnFreePort();
      try {
        const rpc = rawRpc(rawNode.rpcUrl);
        for (const r of rpcs) await rpc.call(r.method, r.params);
        const t = performance.now();
        for (const raw of raws) await rpc.request("eth_sendRawTransaction", `["${raw}"]`);
        rawMs = Math.min(rawMs, performance.now() - t);
        const head = parseInt(await rpc.call("eth_blockNumber"), 16);
        if (head !== raws.length) throw new Error(`raw anchor: ${head} blocks for ${raws.length} transactions`);
        rpc.close();
      } finally {
        await rawNode.stop();
      }
      const replayNode = await startLocalNodeOnFreePort();
      try {
        const r = await replayJournal(replayNode.rpcUrl, journal);
        replayMs = Math.min(replayMs, r.ms);
        if (!r.finished || r.mined !== raws.length) throw new Error(`replay mined ${r.mined} of ${raws.length}`);
      } finally {
        await replayNode.stop();
      }
    }
    await journal.close();
    rows.push(
      rateRow({
        section: "replay",
        figure: `journal replay, ${entries.toLocaleString("en-US")} entries`,
        value: (entries * 1000) / replayMs,
        unit: "entries/s",
        anchor: { what: "raw eth_sendRawTransaction, fresh node", value: (raws.length * 1000) / rawMs, unit: "tx/s" },
        goal: "≥ 0.8× raw",
        min: 0.8,
      }),
    );

    for (const r of restarts) {
      // Money calls are accepted within ACCEPT_GOAL_MS of the start, long before the replay is done.
      rows.push({
        section: "replay",
        figure: `restart, ${r.size.toLocaleString("en-US")} tx: first money call accepted`,
        value: r.acceptedMs,
        unit: "ms",
        anchor: { what: "replay done", value: r.syncedMs, unit: "ms" },
        ratio: r.syncedMs / r.acceptedMs,
        goal: `≤ ${ACCEPT_GOAL_MS.toLocaleString("en-US")} ms`,
        met: r.acceptedMs <= ACCEPT_GOAL_MS,
      });
      // Reads answer long before the replay ends (the ratio: replay-done time over first-read time).
      rows.push({
        section: "replay",
        figure: `restart, ${r.size.toLocaleString("en-US")} tx: a read answers`,
        value: r.firstReadMs,
        unit: "ms",
        anchor: { what: "replay done", value: r.syncedMs, unit: "ms" },
        ratio: r.syncedMs / r.firstReadMs,
        goal: "reads answer while replaying",
        met: r.firstReadMs < r.syncedMs,
      });
    }
    const [small, large] = [restarts[0], restarts[restarts.length - 1]];
    if (large !== small) {
      // Linear growth would be large.size / small.size (10×); the start's own cost is noisy on a shared machine.
      rows.push({
        section: "replay",
        figure: `restart until the first money call is accepted, ${large.size.toLocaleString("en-US")} tx`,
        value: large.acceptedMs,
        unit: "ms",
        anchor: { what: `${small.size.toLocaleString("en-US")} tx`, value: small.acceptedMs, unit: "ms" },
        ratio: small.acceptedMs / large.acceptedMs,
        goal: "does not grow with history (≤ 1.5× the smaller)",
        met: large.acceptedMs <= small.acceptedMs * 1.5,
      });
      const perK = (r: typeof small) => (r.syncedMs * 1000) / r.size;
      rows.push({
        section: "replay",
        figure: `restart until the replay is done, per 1,000 tx at ${large.size.toLocaleString("en-US")}`,
        value: perK(large),
        unit: "ms",
        anchor: { what: `per 1,000 tx at ${small.size.toLocaleString("en-US")}`, value: perK(small), unit: "ms" },
        ratio: perK(small) / perK(large),
        goal: "grows at most linearly (≥ 1×)",
        met: perK(large) <= perK(small) * 1.1,
      });
      rows.push({
        section: "replay",
        figure: `JS heap retained while replaying (after full GC), ${large.size.toLocaleString("en-US")} tx`,
        value: large.heapMb,
        unit: "MB",
        anchor: { what: `${small.size.toLocaleString("en-US")} tx`, value: small.heapMb, unit: "MB" },
        ratio: Math.max(small.heapMb, 1) / Math.max(large.heapMb, 1),
        goal: "constant memory (≤ +16 MB over smaller)",
        met: large.heapMb <= small.heapMb + 16,
      });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
