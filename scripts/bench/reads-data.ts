/**
 * The data set of the reads bench: a year of token history at the size (2,000,000 transfers over
 * 50,000 holders, the fee collector in about half of them), the blocks, transactions and token events that go
 * with it, and the app store's side (1,000,000 outbox rows, the members and wallets behind the addresses).
 * Rows are generated in one pass, in block order, into a sink (SQLite prepared statements in one
 * transaction, or PostgreSQL batches of unnest(...) arrays); the stores are created by the project's own
 * migrations first, and the counters the indexer keeps (balances, address_stats, holder_count, the seqs)
 * are computed here the way the indexer computes them.
 */
import crypto from "node:crypto";
import { ethers } from "ethers";
import type { DataFacts, Sink } from "./reads-shape";

/** Every generated transaction's gas (its transfers keep the product, as the indexer writes them). */
const GAS_USED = 60_000n;
const GAS_PRICE = 1_000_000_000n;

const DAY = 86_400;

/** A small deterministic PRNG (mulberry32): the same data set every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addressOf = (label: string) => ethers.getAddress(`0x${crypto.createHash("sha1").update(label).digest("hex")}`);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export async function generate(sink: Sink, opts: { transfers: number; holders: number; now?: number }): Promise<DataFacts> {
  const rand = prng(17);
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const H = opts.holders;
  const token = addressOf("token");
  const treasury = addressOf("treasury");
  const feeCollector = addressOf("fee-collector");
  const relayer = addressOf("relayer");
  const admin = addressOf("admin");
  const holders = Array.from({ length: H }, (_, i) => addressOf(`holder-${i}`));
  const markets = holders.slice(0, 5);
  const memberOf = new Map(holders.map((a, i) => [a, i + 1]));
  const phoneOf = (i: number) => `010${String(10_000_000 + i)}`;
  const created = iso(now - 400 * DAY);

  for (let i = 0; i < H; i++) {
    sink.put("members", [i + 1, phoneOf(i), `회원${i}`, "x", i < markets.length ? "exchanger" : "user", created, created]);
    sink.put("wallets", [holders[i], "x", "member", i + 1, created]);
  }
  sink.put("wallets", [treasury, "x", "treasury", null, created]);
  sink.put("wallets", [feeCollector, "x", "fee", null, created]);

  // A year of blocks, about three token transactions per block, the last one a minute ago.
  const txEstimate = Math.ceil(opts.transfers / 1.9);
  const blocksEstimate = Math.ceil(txEstimate / 3);
  const step = Math.max(1, Math.floor((365 * DAY) / blocksEstimate));
  const firstTimestamp = now - 60 - step * blocksEstimate;
  const deployBlock = 1_000;

  const balance = new Map<string, number>();
  const seq = new Map<string, number>();
  const next = (a: string) => {
    const n = (seq.get(a) ?? 0) + 1;
    seq.set(a, n);
    return n;
  };
  let supply = 0;
  let transfers = 0;
  let transactions = 0;
  let outbox = 0;
  let blockNumber = deployBlock;
  let blockTime = firstTimestamp;
  let blockHash = `0x${crypto.randomBytes(32).toString("hex")}`;
  let txInBlock = 0;
  let sampleTxHash = "";
  let nonce = 0;
  const hashes = () => `0x${crypto.randomBytes(32).toString("hex")}`;

  const newBlock = () => {
    const parent = blockHash;
    blockNumber += 1 + (rand() < 0.3 ? 1 : 0);
    blockTime += step;
    blockHash = hashes();
    txInBlock = 0;
    sink.put("blocks", [blockNumber, blockHash, parent, blockTime]);
  };
  const tx = (
    method: string,
    legs: { from: string; to: string; value: number; kind: string }[],
    ob?: { kind: string; from: string; to: string; value: number; fee: number; member: number | null; counterparty: number | null },
  ) => {
    if (txInBlock >= 3 || blockNumber === deployBlock) newBlock();
    const hash = hashes();
    const txIndex = txInBlock++;
    transactions++;
    sink.put("transactions", [hash, blockNumber, txIndex, relayer, token, 1, String(GAS_USED), String(GAS_PRICE), method, "0", blockTime]);
    legs.forEach((l, i) => {
      const logIndex = txIndex * 4 + i;
      const fromSeq = next(l.from);
      const toSeq = l.to === l.from ? fromSeq : next(l.to);
      sink.put("transfers", [
        hash,
        logIndex,
        blockNumber,
        l.from,
        l.to,
        String(l.value),
        l.kind,
        blockTime,
        String(GAS_USED * GAS_PRICE),
        fromSeq,
        toSeq,
      ]);
      if (l.from === ethers.ZeroAddress) supply += l.value;
      else balance.set(l.from, (balance.get(l.from) ?? 0) - l.value);
      if (l.to === ethers.ZeroAddress) supply -= l.value;
      else balance.set(l.to, (balance.get(l.to) ?? 0) + l.value);
      transfers++;
      if (l.kind === "mint" || l.kind === "burn") {
        sink.put("token_events", [
          blockNumber,
          hash,
          logIndex + 2,
          l.kind,
          admin,
          l.kind === "mint" ? l.to : l.from,
          null,
          String(l.value),
          null,
          blockTime,
        ]);
      }
    });
    if (ob) {
      outbox++;
      sink.put("outbox_transfers", [
        ob.kind,
        ob.from,
        ob.to,
        ob.value,
        ob.fee,
        `0x${(nonce++).toString(16)}`,
        blockTime + 3600,
        "confirmed",
        hash,
        blockNumber,
        ob.member,
        ob.counterparty,
        iso(blockTime - 2),
        iso(blockTime),
      ]);
    }
    if (transactions === Math.floor(txEstimate / 2)) sampleTxHash = hash;
    return hash;
  };

  // The mint to the treasury, the fee collector's appointment, one buy per holder to start with.
  const first = tx("mint", [{ from: ethers.ZeroAddress, to: treasury, value: 1e14, kind: "mint" }]);
  sink.put("token_events", [blockNumber, first, 9, "fee_collector", admin, feeCollector, null, null, null, blockTime]);
  for (let i = 0; i < H && transfers < opts.transfers; i++) {
    tx("transferWithAuthorization", [{ from: treasury, to: holders[i], value: 1e9, kind: "transfer" }], {
      kind: "buy",
      from: treasury,
      to: holders[i],
      value: 1e9,
      fee: 0,
      member: i + 1,
      counterparty: null,
    });
    if (i % 1000 === 0) await sink.tick();
  }
  while (transfers < opts.transfers) {
    const r = rand();
    const n = transactions;
    if (n % 2000 === 0) tx("mint", [{ from: ethers.ZeroAddress, to: treasury, value: 1e10, kind: "mint" }]);
    else if (n % 5000 === 2500) tx("burn", [{ from: treasury, to: ethers.ZeroAddress, value: 1e6, kind: "burn" }]);
    else if (r < 0.03) {
      const to = holders[Math.floor(rand() * H)];
      tx("transferWithAuthorization", [{ from: treasury, to, value: 10_000, kind: "transfer" }], {
        kind: "buy",
        from: treasury,
        to,
        value: 10_000,
        fee: 0,
        member: memberOf.get(to)!,
        counterparty: null,
      });
    } else {
      const from = holders[markets.length + Math.floor(rand() * (H - markets.length))];
      const use = r < 0.33;
      const to = use ? markets[Math.floor(rand() * markets.length)] : holders[markets.length + Math.floor(rand() * (H - markets.length))];
      const value = 1_000 + Math.floor(rand() * 50) * 100;
      const fee = Math.ceil(value / 100);
      tx(
        "transferWithAuthorization",
        [
          { from, to, value, kind: "transfer" },
          { from, to: feeCollector, value: fee, kind: "fee" },
        ],
        { kind: use ? "use" : "gift", from, to, value, fee, member: memberOf.get(from)!, counterparty: use ? null : memberOf.get(to)! },
      );
    }
    if (n % 1000 === 0) await sink.tick();
  }

  // Outbox rows the index does not show yet: a few of the treasury's buys and members' gifts.
  for (let i = 0; i < 40; i++) {
    const to = holders[markets.length + i];
    const status = i % 4 === 0 ? "submitted" : "pending";
    outbox++;
    sink.put("outbox_transfers", [
      "buy",
      treasury,
      to,
      10_000,
      0,
      `0x${(nonce++).toString(16)}`,
      now + 3600,
      status,
      status === "submitted" ? hashes() : null,
      null,
      memberOf.get(to)!,
      null,
      iso(now - 5),
      iso(now - 5),
    ]);
    outbox++;
    sink.put("outbox_transfers", [
      "gift",
      to,
      holders[markets.length + i + 1],
      1_000,
      10,
      `0x${(nonce++).toString(16)}`,
      now + 3600,
      "pending",
      null,
      null,
      memberOf.get(to)!,
      memberOf.get(to)! + 1,
      iso(now - 5),
      iso(now - 5),
    ]);
  }

  let holderCount = 0;
  for (const [address, b] of balance) {
    sink.put("balances", [address, String(b)]);
    if (b !== 0) holderCount++;
  }
  for (const [address, n] of seq) sink.put("address_stats", [address, n]);
  await sink.tick();

  const typicalIndex = markets.length + 17;
  return {
    transfers,
    transactions,
    outbox,
    holders: H,
    token,
    treasury,
    feeCollector,
    feeCollectorTransfers: seq.get(feeCollector) ?? 0,
    markets,
    typical: {
      memberId: typicalIndex + 1,
      phone: phoneOf(typicalIndex),
      address: holders[typicalIndex],
      transfers: seq.get(holders[typicalIndex]) ?? 0,
    },
    head: { number: blockNumber, hash: blockHash, timestamp: blockTime },
    firstTimestamp,
    sampleTxHash,
    supply: String(supply),
    holderCount,
    syncState: {
      chain_id: 31337,
      genesis_hash: `0x${"00".repeat(32)}`,
      token,
      deploy_block: deployBlock,
      last_block: blockNumber,
      last_hash: blockHash,
      total_supply: String(supply),
      holder_count: holderCount,
    },
  };
}
