import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openJournal } from "./journal";

describe("journal", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-journal-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps a journal written by the previous version and appends after it, in order", async () => {
    const file = path.join(dir, "journal-31337.db");
    // The previous version's table, created by hand with its entries.
    const old = new Database(file);
    old.exec(`CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL CHECK (kind IN ('raw','rpc')),
      payload TEXT NOT NULL, ts INTEGER, hash TEXT, created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`);
    old
      .prepare("INSERT INTO journal (kind, payload, ts, hash) VALUES ('rpc', ?, NULL, NULL)")
      .run(JSON.stringify({ method: "hardhat_setBalance", params: [] }));
    old.prepare("INSERT INTO journal (kind, payload, ts, hash) VALUES ('raw', '0x02aa', 1700000000, '0xbb')").run();
    old.close();

    const journal = await openJournal(file);
    expect(await journal.count()).toBe(2);
    expect(await journal.lastTimestamp()).toBe(1_700_000_000);
    expect(await journal.append({ kind: "raw", payload: "0x02cc", ts: 1_700_000_005, hash: "0xdd" })).toBe(3);
    await journal.close();

    const again = await openJournal(file);
    expect((await again.entries()).map((e) => [e.seq, e.kind, e.ts, e.hash])).toEqual([
      [1, "rpc", null, null],
      [2, "raw", 1_700_000_000, "0xbb"],
      [3, "raw", 1_700_000_005, "0xdd"],
    ]);
    expect(await again.lastTimestamp()).toBe(1_700_000_005);
    await again.close();
  });

  it("pages through the journal by seq, one page at a time, from any point", async () => {
    const journal = await openJournal(path.join(dir, "paged.db"));
    for (let i = 1; i <= 12; i++)
      await journal.append({ kind: "raw", payload: `0x${i.toString(16).padStart(2, "0")}`, ts: 1_700_000_000 + i, hash: `0x${i}` });
    const sizes: number[] = [];
    const seqs: number[] = [];
    for await (const page of journal.pages({ pageSize: 5 })) {
      sizes.push(page.length);
      seqs.push(...page.map((e) => e.seq));
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // From a seq on (a replay continuing), and a page size that divides the rest exactly.
    const rest: number[][] = [];
    for await (const page of journal.pages({ afterSeq: 8, pageSize: 2 })) rest.push(page.map((e) => e.seq));
    expect(rest).toEqual([
      [9, 10],
      [11, 12],
    ]);
    // Entries appended while paging are seen by the pages after them.
    const seen: number[] = [];
    for await (const page of journal.pages({ afterSeq: 10, pageSize: 2 })) {
      seen.push(...page.map((e) => e.seq));
      if (seen.length === 2) await journal.append({ kind: "rpc", payload: "{}", ts: null, hash: null });
    }
    expect(seen).toEqual([11, 12, 13]);
    const none: unknown[] = [];
    for await (const page of journal.pages({ afterSeq: 13 })) none.push(page);
    expect(none).toEqual([]);
    await journal.close();
  });

  it("an empty journal has no last timestamp", async () => {
    const journal = await openJournal(path.join(dir, "fresh.db"));
    expect(await journal.count()).toBe(0);
    expect(await journal.lastTimestamp()).toBe(0);
    expect(await journal.entries()).toEqual([]);
    await journal.close();
  });
});
