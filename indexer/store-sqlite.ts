import type Database from "better-sqlite3";
import { syncStateOf, type SyncState } from "./db";
import type { DecodedRange } from "./decode";
import { StaleHeadError } from "./errors";
import { TRANSFER_COLUMNS } from "./schema";
import { effects, nowIso } from "./store-effects";

const q = (c: string) => `"${c}"`;
/** INSERT of these columns, one row of positional parameters. */
const insertSql = (table: string, columns: readonly string[], conflict: string) =>
  `INSERT INTO ${q(table)} (${columns.map(q).join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ${conflict}`;
const upsert = (keys: readonly string[], columns: readonly string[]) =>
  `ON CONFLICT (${keys.map(q).join(", ")}) DO UPDATE SET ${columns
    .filter((c) => !keys.includes(c))
    .map((c) => `${q(c)} = excluded.${q(c)}`)
    .join(", ")}`;

const BLOCK_COLUMNS = ["number", "hash", "parent_hash", "timestamp"] as const;
const TX_COLUMNS = [
  "hash",
  "block_number",
  "tx_index",
  "from",
  "to",
  "status",
  "gas_used",
  "gas_price",
  "method",
  "value",
  "timestamp",
] as const;
const EVENT_COLUMNS = ["block_number", "tx_hash", "log_index", "kind", "actor", "account", "nonce", "amount", "data", "timestamp"] as const;
const TRANSFER_ROW_COLUMNS = [...TRANSFER_COLUMNS, "from_seq", "to_seq"] as const;

type SyncStateRow = {
  chain_id: number;
  genesis_hash: string;
  token: string;
  deploy_block: number;
  last_block: number | null;
  last_hash: string | null;
  total_supply: string;
  holder_count: number;
};

/**
 * applyRange on SQLite: the same rows and counters as the Kysely path (PostgreSQL), written through statements
 * prepared once and run row by row in one transaction on the writer's connection (better-sqlite3 is synchronous:
 * building and compiling 500-row INSERTs cost more than the rows). Seqs, counts, balances and the supply are
 * summed in memory per range; each changed address is read once and written once.
 */
export function sqliteRangeWriter(d: Database.Database) {
  const st = {
    claim: d.prepare(`UPDATE sync_state SET updated_at = ? WHERE id = 1 AND last_hash IS ?`),
    block: d.prepare(insertSql("blocks", BLOCK_COLUMNS, upsert(["number"], BLOCK_COLUMNS))),
    tx: d.prepare(insertSql("transactions", TX_COLUMNS, upsert(["hash"], TX_COLUMNS))),
    event: d.prepare(insertSql("token_events", EVENT_COLUMNS, `ON CONFLICT ("tx_hash", "log_index") DO NOTHING`)),
    transfer: d.prepare(insertSql("transfers", TRANSFER_ROW_COLUMNS, `ON CONFLICT ("tx_hash", "log_index") DO NOTHING`)),
    count: d.prepare(`SELECT transfers FROM address_stats WHERE address = ?`).pluck(),
    setCount: d.prepare(insertSql("address_stats", ["address", "transfers"], upsert(["address"], ["address", "transfers"]))),
    balance: d.prepare(`SELECT balance FROM balances WHERE address = ?`).pluck(),
    setBalance: d.prepare(insertSql("balances", ["address", "balance"], upsert(["address"], ["address", "balance"]))),
    state: d.prepare(
      `SELECT chain_id, genesis_hash, token, deploy_block, last_block, last_hash, total_supply, holder_count FROM sync_state WHERE id = 1`,
    ),
    setState: d.prepare(
      `UPDATE sync_state SET last_block = ?, last_hash = ?, updated_at = ?, total_supply = ?, holder_count = ? WHERE id = 1`,
    ),
  };

  const apply = d.transaction((range: DecodedRange, head: { number: number; hash: string }, from: string | null): SyncState => {
    if (st.claim.run(nowIso(), from).changes !== 1)
      throw new StaleHeadError(from, (st.state.get() as SyncStateRow | undefined)?.last_hash ?? null);
    for (const b of range.blocks) st.block.run(b.number, b.hash, b.parent_hash, b.timestamp);
    for (const t of range.transactions)
      st.tx.run(t.hash, t.block_number, t.tx_index, t.from, t.to, t.status, t.gas_used, t.gas_price, t.method, t.value, t.timestamp);
    for (const e of range.tokenEvents)
      st.event.run(e.block_number, e.tx_hash, e.log_index, e.kind, e.actor, e.account, e.nonce, e.amount, e.data, e.timestamp);
    // Each new transfer takes the next place in the history of each of its addresses (once for a self-transfer).
    const counts = new Map<string, number>();
    /** Each changed address's count before this range. */
    const before = new Map<string, number>();
    const next = (a: string) => {
      let n = counts.get(a);
      if (n === undefined) {
        n = (st.count.get(a) as number | undefined) ?? 0;
        before.set(a, n);
      }
      counts.set(a, n + 1);
      return n + 1;
    };
    const takeBack = (a: string, place: number) => {
      if (place - 1 === before.get(a)) counts.delete(a);
      else counts.set(a, place - 1);
    };
    // A (tx_hash, log_index) already present means the range was indexed before: never count it twice. The insert
    // says so (nothing inserted), and the places it took are given back; a read of each row first cost a twentieth
    // of a catch-up's writes (docs/bench.md).
    const fresh: DecodedRange["transfers"] = [];
    const ordered = [...range.transfers].sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
    for (const t of ordered) {
      const fromSeq = next(t.from);
      const toSeq = t.to === t.from ? fromSeq : next(t.to);
      if (
        st.transfer.run(t.tx_hash, t.log_index, t.block_number, t.from, t.to, t.value, t.kind, t.timestamp, t.gas_fee, fromSeq, toSeq)
          .changes === 1
      ) {
        fresh.push(t);
        continue;
      }
      if (t.to !== t.from) takeBack(t.to, toSeq);
      takeBack(t.from, fromSeq);
    }
    for (const [address, n] of counts) st.setCount.run(address, n);
    // Balances (decimal text, summed in BigInt) and holders = non-zero balances.
    const { deltas, supply } = effects(fresh, 1n);
    let holders = 0;
    for (const [address, delta] of deltas) {
      if (delta === 0n) continue;
      const before = BigInt((st.balance.get(address) as string | undefined) ?? "0");
      const after = before + delta;
      holders += Number(after !== 0n) - Number(before !== 0n);
      st.setBalance.run(address, after.toString());
    }
    const s = st.state.get() as SyncStateRow;
    st.setState.run(head.number, head.hash, nowIso(), (BigInt(s.total_supply) + supply).toString(), Number(s.holder_count) + holders);
    return syncStateOf({ ...s, last_block: head.number, last_hash: head.hash, total_supply: (BigInt(s.total_supply) + supply).toString() });
  });
  return { applyRange: apply };
}
