/**
 * Money path (issue 16, items 1 and 2), one stack (real Hardhat node, SQLite or PG_TEST_URL), figures and
 * anchors measured in the same run:
 *  - PIN check: CPU time of one member payment-PIN check (HMAC + lockout bookkeeping), and an operator
 *    password check (scrypt) beside it, to show the slow KDF stays where a person's password needs it.
 *  - raw: one account that is not the operator sends pre-signed plain transfers one after another with
 *    eth_sendRawTransaction (the node automines each) — the node's own rate for one sender, tx/s.
 *  - relayer alone: outbox rows inserted directly (no HTTP, no PIN), confirmed gifts/s ÷ raw.
 *  - HTTP: POST /api/gift/trade/address (PIN in the body) from 50 and from 200 concurrent clients, each
 *    waiting for its answer before the next request, run from a process of their own (http-load.ts);
 *    confirmed gifts/s ÷ raw (goal ≥ 1.5×), and p95 latency (goal ≤ 150 ms at 50 clients); beside each, the
 *    CPU-bound rate: cores ÷ the machine's CPU a gift over the run (server, node and clients together).
 *  - one busy wallet: 50 clients paying from the same member wallet (a shop paying out, a treasury), gifts and market
 *    uses alternating, the wallet funded with exactly what they spend: confirmed payments/s ÷ raw; then one more
 *    payment must be refused (1131) and the wallet hold 0 on chain (no overspend), the shop what it was paid.
 * Sizes: BENCH_RAW_TX, BENCH_RELAY_GIFTS, BENCH_GIFTS (per concurrency), BENCH_SENDERS, BENCH_PIN_CHECKS, BENCH_BUSY.
 */
import { ethers } from "ethers";
import { startTestStack, type TestStack } from "../../server/test/harness";
import { createMember } from "../../server/features/members/members.service";
import { checkPaymentPassword } from "../../server/money/payment-password";
import { hashPassword, verifyPassword } from "../../server/auth/passwords";
import type { MemberRow } from "../../server/auth/middleware";
import { Code } from "../../domain/codes";
import { maxRow, rateRow, timed, type BenchRow } from "./table";
import { startHttpLoad, type HttpLoad, type LoadJob } from "./http-load";
import { batchesAfter, cpuPer, fund, lastOutboxId, machineBusyMs, machineCores, members, type BenchMember } from "./money-kit";

const RAW_TX = Number(process.env.BENCH_RAW_TX ?? 500);
const RELAY_GIFTS = Number(process.env.BENCH_RELAY_GIFTS ?? 3_000);
const RELAY_WARM = Math.min(600, RELAY_GIFTS);
const HTTP_GIFTS = Number(process.env.BENCH_GIFTS ?? 1_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 50);
const PIN_CHECKS = Number(process.env.BENCH_PIN_CHECKS ?? 1_000);
/** Payments from the one busy wallet (half gifts, half market uses). */
const BUSY = Number(process.env.BENCH_BUSY ?? 1_000);
const BUSY_CLIENTS = 50;
const CONCURRENCY = [50, 200];
const GIFT = 1_000;
const FEE = 200;

const section = "money";

export async function run(): Promise<BenchRow[]> {
  const s = await startTestStack({ seedDemo: false });
  const rows: BenchRow[] = [];
  try {
    rows.push(...(await pinRows(s)));
    const senders = await members(s, "0109100", SENDERS);
    const recipients = await members(s, "0109200", 5);
    const [busy] = await members(s, "0109300", 1);
    const [shop] = await members(s, "0109400", 1, "exchanger");
    // Each sender holds enough for its share of every run below, several times over.
    const perSender = (4 * (RELAY_WARM + RELAY_GIFTS + HTTP_GIFTS * (CONCURRENCY.length + 1))) / SENDERS;
    await fund(
      s,
      senders.map((m) => m.address),
      Math.ceil(perSender) * (GIFT + FEE),
    );
    // The busy wallet holds exactly what its payments spend.
    await fund(s, [busy.address], BUSY * (GIFT + FEE));

    // The machine's load moves during a run: each figure is compared with a raw rate measured just before it.
    // The stack's indexer then reads the anchor's blocks: the figure is timed once it has (its backlog is the
    // anchor's doing, not the relayer's).
    const anchor = async () => {
      const value = await rawRate(s);
      await s.waitIndexed();
      return { what: "raw: one sender's signed txs, automined, just before", value, unit: "tx/s" };
    };
    // Warm-up (not measured): the node's first batches of a run took 3–4× as long to mine as the later ones.
    await relayerAlone(s, senders, recipients, RELAY_WARM);
    const relayAnchor = await anchor();
    rows.push(
      rateRow({
        section,
        figure: `relayer alone: ${RELAY_GIFTS} outbox rows, ${SENDERS} wallets`,
        value: await relayerAlone(s, senders, recipients, RELAY_GIFTS),
        unit: "gifts/s",
        anchor: relayAnchor,
        goal: "≥ 3× raw",
        min: 3,
      }),
    );

    // The clients run in a process of their own, as a member's phone is not the server's event loop.
    const load = startHttpLoad();
    // Sessions issued as a login would (the login route's rate limit allows 30 a minute from one address).
    const tokens = await Promise.all(senders.map(async (m) => (await s.ctx.sessions.issue("web", `m:${m.id}`)).accessToken));
    const job = (concurrency: number, total: number): LoadJob => ({
      url: s.url,
      tokens,
      pins: senders.map((m) => m.pin),
      recipients: recipients.map((r) => r.address),
      concurrency,
      total,
      value: GIFT,
    });
    const confirmed = async (concurrency: number, total: number) => {
      const r = await load.run(job(concurrency, total));
      if (r.problems.length > 0) throw new Error(`${r.problems.length} of ${total} HTTP gifts were not confirmed, e.g. ${r.problems[0]}`);
      return r;
    };
    try {
      // Warm-up (JIT, caches): not measured.
      await confirmed(50, Math.min(200, HTTP_GIFTS));
      for (const c of CONCURRENCY) {
        const httpAnchor = await anchor();
        const firstId = await lastOutboxId(s);
        const busy0 = machineBusyMs();
        const r = await confirmed(c, HTTP_GIFTS);
        // The machine's limit for this load: every core busy, at the CPU one gift cost everything (server, node, clients).
        const cpuPerGift = (machineBusyMs() - busy0) / HTTP_GIFTS;
        const cpuBound = (machineCores() * 1000) / cpuPerGift;
        console.error(`bench: HTTP gifts, ${c} clients: ${await batchesAfter(s, firstId)}; ${cpuPerGift.toFixed(2)} ms CPU a gift`);
        rows.push(
          rateRow({
            section,
            figure: `HTTP gifts (PIN checked), ${c} clients: rate`,
            value: r.rate,
            unit: "gifts/s",
            anchor: httpAnchor,
            // Issue 54: at the machine's measured limit. A gift costs the machine ~2.4 ms of CPU over server, node and
            // clients, so on 2 cores 2× raw would need both fully busy; the limit row below is measured each run.
            goal: "≥ 1.5× raw",
            min: 1.5,
          }),
          rateRow({
            section,
            figure: `HTTP gifts, ${c} clients: against the CPU-bound rate (${cpuPerGift.toFixed(2)} ms CPU a gift, every process)`,
            value: r.rate,
            unit: "gifts/s",
            anchor: { what: `${machineCores()} cores ÷ CPU a gift: every core busy`, value: cpuBound, unit: "gifts/s" },
            goal: "printed",
            min: 0,
          }),
        );
        // Issue 39: p95 ≤ 150 ms at 50 clients; at 200 clients it is printed.
        rows.push(
          maxRow({
            section,
            figure: `HTTP gifts (PIN checked), ${c} clients: p95`,
            value: r.p95,
            unit: "ms",
            goal: c === 50 ? "≤ 150 ms" : "printed",
            max: c === 50 ? 150 : Infinity,
          }),
        );
      }
      rows.push(...(await busyWallet(s, load, busy, shop, recipients)));
    } finally {
      load.close();
    }
    // Every gift above moved on chain exactly once: the recipients hold what they were sent.
    let received = 0n;
    for (const r of recipients) received += await s.ctx.chain.token.balanceOf(r.address);
    const busyGifts = Math.ceil(BUSY / 2);
    const expected = BigInt((RELAY_WARM + RELAY_GIFTS + HTTP_GIFTS * CONCURRENCY.length + Math.min(200, HTTP_GIFTS) + busyGifts) * GIFT);
    if (received !== expected) throw new Error(`recipients hold ${received}, expected ${expected}`);
    // The busy wallet spent exactly what it held, once each: nothing left, the shop paid for every use.
    const left = await s.ctx.chain.token.balanceOf(busy.address);
    if (left !== 0n) throw new Error(`the busy wallet holds ${left} after spending all of it`);
    const shopHolds = await s.ctx.chain.token.balanceOf(shop.address);
    if (shopHolds !== BigInt((BUSY - busyGifts) * GIFT))
      throw new Error(`the shop holds ${shopHolds}, expected ${(BUSY - busyGifts) * GIFT}`);
  } finally {
    await s.stop();
  }
  return rows;
}

/**
 * One member wallet paying from 50 clients at once (gifts to `recipients` and market uses at `shop`, alternating):
 * every payment contends for that wallet's lock, spendable balance and authorization nonces. The wallet holds exactly
 * what BUSY payments spend; one more is refused as over the balance.
 */
async function busyWallet(
  s: TestStack,
  load: HttpLoad,
  busy: BenchMember,
  shop: BenchMember,
  recipients: BenchMember[],
): Promise<BenchRow[]> {
  const token = (await s.ctx.sessions.issue("web", `m:${busy.id}`)).accessToken;
  const rawAnchor = await rawRate(s);
  await s.waitIndexed();
  const r = await load.run({
    url: s.url,
    tokens: [token],
    pins: [busy.pin],
    recipients: recipients.map((m) => m.address),
    shops: [shop.address],
    concurrency: BUSY_CLIENTS,
    total: BUSY,
    value: GIFT,
  });
  if (r.problems.length > 0)
    throw new Error(`${r.problems.length} of ${BUSY} busy-wallet payments were not confirmed, e.g. ${r.problems[0]}`);
  const more = await s.call("POST", "/api/gift/trade/address", {
    token,
    body: { opponentAddress: recipients[0].address, kind: 0, type: 1, value: GIFT, password: busy.pin },
  });
  if (more.code !== Code.OVER_BALANCE)
    throw new Error(`a payment past the busy wallet's balance answered ${more.code}, not ${Code.OVER_BALANCE}`);
  return [
    rateRow({
      section,
      figure: `one busy wallet: ${BUSY_CLIENTS} clients, gifts and market uses from the same wallet: rate`,
      value: r.rate,
      unit: "payments/s",
      anchor: { what: "raw: one sender's signed txs, automined, just before", value: rawAnchor, unit: "tx/s" },
      goal: "≥ 1× raw",
      min: 1,
    }),
    maxRow({
      section,
      figure: `one busy wallet, ${BUSY_CLIENTS} clients: p95`,
      value: r.p95,
      unit: "ms",
      goal: "printed",
      max: Infinity,
    }),
  ];
}

/** CPU per member PIN check (the payment dialog's check, lockout bookkeeping included) and per operator password check. */
async function pinRows(s: TestStack): Promise<BenchRow[]> {
  const m = await createMember(s.ctx, { phonenumber: "01091999999", username: "핀벤치", password: "482913" });
  const member = { id: m.id } as MemberRow;
  for (let i = 0; i < 50; i++) await checkPaymentPassword(s.ctx, member, "482913");
  const pinMs = await cpuPer(PIN_CHECKS, () => checkPaymentPassword(s.ctx, member, "482913"));
  const stored = await hashPassword("operator-password-1");
  const scryptMs = await cpuPer(20, async () => {
    if (!(await verifyPassword("operator-password-1", stored))) throw new Error("operator password check failed");
  });
  const pinAnchor = { what: "member PIN check", value: pinMs, unit: "ms CPU" };
  return [
    maxRow({ section, figure: "member PIN check (HMAC + lockout), CPU", value: pinMs, unit: "ms", goal: "≤ 2 ms", max: 2 }),
    rateRow({
      section,
      figure: "operator password check (scrypt), CPU",
      value: scryptMs,
      unit: "ms",
      anchor: pinAnchor,
      goal: "≥ 10× PIN (slow KDF)",
      min: 10,
    }),
  ];
}

/**
 * The anchor: a fresh account (not the operator: its nonce stream is the relayer's) funded with
 * hardhat_setBalance sends RAW_TX pre-signed plain transfers, each sent once the one before was
 * answered (the node has mined it then), through the same JSON-RPC provider the stack uses.
 */
async function rawRate(s: TestStack): Promise<number> {
  const provider = s.ctx.chain.provider;
  const from = ethers.Wallet.createRandom();
  const to = ethers.Wallet.createRandom().address;
  await provider.send("hardhat_setBalance", [from.address, `0x${(10n ** 24n).toString(16)}`]);
  const fee = await provider.getFeeData();
  const { chainId } = await provider.getNetwork();
  const nonce0 = await provider.getTransactionCount(from.address, "pending");
  const warm = 50;
  const signed: string[] = [];
  for (let i = 0; i < RAW_TX + warm; i++) {
    signed.push(
      await from.signTransaction({
        type: 2,
        chainId,
        nonce: nonce0 + i,
        to,
        value: 1n,
        gasLimit: 21_000n,
        maxFeePerGas: (fee.maxFeePerGas ?? 10n ** 9n) * 4n,
        maxPriorityFeePerGas: fee.maxPriorityFeePerGas ?? 0n,
      }),
    );
  }
  for (const tx of signed.slice(0, warm)) await provider.send("eth_sendRawTransaction", [tx]);
  const [, ms] = await timed(async () => {
    for (const tx of signed.slice(warm)) await provider.send("eth_sendRawTransaction", [tx]);
  });
  const last = await provider.getTransactionReceipt(ethers.keccak256(signed[signed.length - 1]));
  if (last?.status !== 1) throw new Error("raw anchor: the last transaction was not mined");
  // Blocks were mined outside the operator's sender: it reads the head again before its next send.
  s.ctx.chain.sender.resync();
  return (RAW_TX * 1000) / ms;
}

/** `count` outbox rows written in one transaction, then the relayer sends them all: confirmed gifts/s. */
async function relayerAlone(s: TestStack, senders: BenchMember[], recipients: BenchMember[], count: number): Promise<number> {
  let resolved = 0;
  let failed = 0;
  let counting = false;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((r) => (done = r));
  s.ctx.relayer.on("resolved", (row) => {
    if (!counting || row.kind !== "gift") return;
    if (row.status !== "confirmed") failed++;
    if (++resolved === count) done();
  });
  const firstId = await lastOutboxId(s);
  await s.ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const from = senders[i % senders.length];
      const to = recipients[i % recipients.length];
      await s.ctx.outbox.enqueue(trx, {
        kind: "gift",
        from: from.address,
        to: to.address,
        value: GIFT,
        fee: FEE,
        memberId: from.id,
        counterpartyMemberId: null,
      });
    }
  });
  counting = true;
  let timer: NodeJS.Timeout | undefined;
  const [, ms] = await timed(async () => {
    s.ctx.relayer.kick();
    await Promise.race([
      finished,
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`relayer alone: ${resolved} of ${count} resolved after 5 min`)), 300_000)),
      ),
    ]);
  });
  clearTimeout(timer);
  counting = false;
  if (failed > 0) throw new Error(`relayer alone: ${failed} gifts failed`);
  console.error(`bench: relayer alone: ${await batchesAfter(s, firstId)}`);
  await s.waitIndexed();
  return (count * 1000) / ms;
}
