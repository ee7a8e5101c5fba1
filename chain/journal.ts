import Database from "better-sqlite3";

/**
 * Write-ahead journal of every raw transaction the project sends (and the few node RPCs that change
 * state, like hardhat_setBalance). A Hardhat node keeps state in memory only; replaying the journal
 * against a fresh node, in order and with the same block timestamps, brings back the same chain.
 */
export interface JournalEntry {
  seq: number;
  kind: "raw" | "rpc";
  /** raw: the signed transaction; rpc: JSON {method, params}. */
  payload: string;
  /** Block timestamp the entry was sent for (seconds), or null. */
  ts: number | null;
  hash: string | null;
}

export interface Journal {
  append(e: Omit<JournalEntry, "seq">): number;
  entries(): JournalEntry[];
  lastTimestamp(): number;
  count(): number;
  close(): void;
}

export function openJournal(file: string): Journal {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // Durable before the transaction leaves the process.
  db.pragma("synchronous = FULL");
  db.exec(`CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('raw','rpc')),
    payload TEXT NOT NULL,
    ts INTEGER,
    hash TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
  )`);
  const ins = db.prepare("INSERT INTO journal (kind, payload, ts, hash) VALUES (@kind, @payload, @ts, @hash)");
  return {
    append(e) {
      return Number(ins.run(e).lastInsertRowid);
    },
    entries() {
      return db.prepare("SELECT seq, kind, payload, ts, hash FROM journal ORDER BY seq").all() as JournalEntry[];
    },
    lastTimestamp() {
      const row = db.prepare("SELECT MAX(ts) AS ts FROM journal").get() as { ts: number | null };
      return row.ts ?? 0;
    },
    count() {
      return (db.prepare("SELECT COUNT(*) AS n FROM journal").get() as { n: number }).n;
    },
    close() {
      db.close();
    },
  };
}
