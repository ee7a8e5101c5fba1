import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import ExcelJS from "exceljs";
import { streamXlsx, type SheetColumn } from "./xlsx";
import { SharedStrings } from "./sheet-xml";
import { readZip } from "../features/month-end/zip-read";
import { errorHandler } from "./errors";
import { Msg } from "../../domain/messages";

interface Row {
  id: number;
  username: string;
  phonenumber: string;
  holding: number;
  createdAt: string;
}
const columns: SheetColumn<Row>[] = [
  { header: "번호", value: (r) => r.id },
  { header: "이름", value: (r) => r.username },
  { header: "휴대폰 번호", value: (r) => r.phonenumber },
  { header: "보유 금액", value: (r) => r.holding },
  { header: "가입일", value: (r) => r.createdAt },
];

/** Rows made one at a time, as a database cursor yields them: nothing is kept. */
async function* members(n: number): AsyncGenerator<Row> {
  for (let i = 1; i <= n; i++) {
    yield { id: i, username: `회원${i}`, phonenumber: `010${String(i).padStart(8, "0")}`, holding: i * 100, createdAt: "2026-05-01" };
  }
}

interface Mixed {
  i: number;
  name: string | null;
  memo: string;
  won: number;
  at: string;
}
const mixedColumns: SheetColumn<Mixed>[] = [
  { header: "번호", value: (r) => r.i, width: 8 },
  { header: "받는 사람", value: (r) => r.name },
  { header: "메모", value: (r) => r.memo, width: 40 },
  { header: "금액(원)", value: (r) => r.won },
  { header: "시간", value: (r) => r.at, width: 20 },
];
/** Korean text, XML's special characters, a control character, edge spaces, missing names, large amounts. */
async function* mixed(n: number): AsyncGenerator<Mixed> {
  for (let i = 1; i <= n; i++) {
    yield {
      i,
      name: i % 7 === 0 ? null : `수신자${i}`,
      memo: i % 5 === 0 ? ` <선물> & "감사" ${i}\u0007 ` : `메모 ${i}`,
      won: i * 1_000_000_007,
      at: `2026. 05. ${String((i % 28) + 1).padStart(2, "0")}. 12:00:00`,
    };
  }
}

interface Payment {
  i: number;
  hash: string;
  payer: string | null;
  kind: string;
}
/** A transfer list's shape: unique hex (plain), and names and labels that repeat down their columns (shared). */
const paymentColumns: SheetColumn<Payment>[] = [
  { header: "번호", value: (r) => r.i },
  { header: "거래 해시", value: (r) => r.hash, text: "plain" },
  { header: "보낸 사람", value: (r) => r.payer, text: "shared" },
  { header: "유형", value: (r) => r.kind, text: "shared" },
];
const PAYERS = ["김민준", " 이서연 ", "박<도윤> & 최", "정하은"];
const KINDS = ["선물", "사용", "수수료"];
const payment = (i: number): Payment => ({
  i,
  hash: `0x${i.toString(16).padStart(64, "0")}`,
  payer: i % 9 === 0 ? null : PAYERS[i % PAYERS.length],
  kind: KINDS[i % KINDS.length],
});

let produced = 0;
let stopped = false;

describe("xlsx download helper", () => {
  let server: http.Server;
  let url: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-xlsx-"));
  beforeAll(async () => {
    const app = express();
    app.get("/members/:n", async (req, res) => {
      await streamXlsx(res, { fileName: "회원정보.xlsx", columns, rows: members(Number(req.params.n)), emptyMessage: Msg.noMembers });
    });
    app.get("/mixed/:n", async (req, res) => {
      await streamXlsx(res, {
        fileName: "dashboard_list.xlsx",
        sheetName: "거래 내역",
        columns: mixedColumns,
        rows: mixed(Number(req.params.n)),
        maxRowsPerSheet: Number(req.query.perSheet ?? 1_048_576),
      });
    });
    // A paged read, as the dashboard's download reads its query: 100 rows a page, and now and then an empty page.
    app.get("/payments/:n", async (req, res) => {
      async function* pages() {
        for (let i = 1; i <= Number(req.params.n); i += 100) {
          if (i % 700 === 1) yield [];
          yield Array.from({ length: Math.min(100, Number(req.params.n) - i + 1) }, (_, k) => payment(i + k));
        }
      }
      await streamXlsx(res, { fileName: "payments.xlsx", columns: paymentColumns, pages: pages(), emptyMessage: Msg.noResults });
    });
    // Rows at hand (an array), read without awaiting each.
    app.get("/array/:n", async (req, res) => {
      const rows = Array.from({ length: Number(req.params.n) }, (_, k) => payment(k + 1));
      await streamXlsx(res, { fileName: "array.xlsx", columns: paymentColumns, rows, emptyMessage: Msg.noResults });
    });
    app.get("/endless", async (_req, res) => {
      async function* endless(): AsyncGenerator<Mixed> {
        try {
          for (let i = 1; ; i++) {
            produced = i;
            yield { i, name: `회원${i}`, memo: "x".repeat(200), won: i, at: "2026-05-01" };
          }
        } finally {
          stopped = true;
        }
      }
      await streamXlsx(res, { fileName: "endless.xlsx", columns: mixedColumns, rows: endless() });
    });
    app.use(errorHandler({ error: () => undefined }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers the spec's message instead of an empty file", async () => {
    const res = await fetch(`${url}/members/0`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: Msg.noMembers });
    // The same from pages that hold nothing and from an empty array.
    for (const route of ["payments", "array"]) {
      const empty = await fetch(`${url}/${route}/0`);
      expect(empty.status).toBe(404);
      expect(await empty.json()).toEqual({ code: 404, message: Msg.noResults });
    }
  });

  /** Downloads into a temp file while sampling memory; returns the file and the peak heap and RSS growth in MB. */
  async function download(n: number, route = "members", query = "") {
    global.gc?.();
    const before = process.memoryUsage();
    let heap = before.heapUsed;
    let rss = before.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      heap = Math.max(heap, m.heapUsed);
      rss = Math.max(rss, m.rss);
    }, 5);
    const res = await fetch(`${url}/${route}/${n}${query}`);
    const file = path.join(dir, `${route}-${n}${query ? "-split" : ""}.xlsx`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
    clearInterval(sampler);
    return { res, file, heapMb: (heap - before.heapUsed) / 2 ** 20, rssMb: (rss - before.rss) / 2 ** 20 };
  }

  it("streams 100,000 members in flat memory; the file opens with Korean headers and every row", async () => {
    const small = await download(10_000);
    const big = await download(100_000);
    console.log(
      `xlsx: peak heap growth 10k rows ${small.heapMb.toFixed(1)} MB, 100k rows ${big.heapMb.toFixed(1)} MB; peak RSS growth 100k ${big.rssMb.toFixed(1)} MB`,
    );
    expect(big.res.status).toBe(200);
    expect(big.res.headers.get("content-type")).toContain("spreadsheetml");
    expect(big.res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("회원정보.xlsx")}`);
    // Ten times the rows, (nearly) the same memory: nothing grows with the row count.
    expect(big.heapMb - small.heapMb).toBeLessThan(16);
    expect(big.rssMb).toBeLessThan(100);

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(big.file), { sharedStrings: "cache", worksheets: "emit" });
    let header: unknown[] = [];
    let count = 0;
    let last: unknown[] = [];
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1);
        if (row.number === 1) header = values;
        else {
          count++;
          last = values;
        }
      }
    }
    expect(header).toEqual(["번호", "이름", "휴대폰 번호", "보유 금액", "가입일"]);
    expect(count).toBe(100_000);
    expect(last).toEqual([100000, "회원100000", "01000100000", 10_000_000, "2026-05-01"]);
  }, 120_000);

  it("a few thousand mixed rows open back with exceljs: Korean sheet name and headers, widths, escaped text, numbers, blanks", async () => {
    const { res, file } = await download(3_000, "mixed");
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["거래 내역"]);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3_001);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["번호", "받는 사람", "메모", "금액(원)", "시간"]);
    expect(ws.getColumn(3).width).toBe(40);
    expect((ws.getRow(6).values as unknown[]).slice(1)).toEqual([
      5,
      "수신자5",
      ' <선물> & "감사" 5 ',
      5_000_000_035,
      "2026. 05. 06. 12:00:00",
    ]);
    expect(ws.getRow(8).getCell(2).value).toBeNull(); // i = 7: no name, no cell
    expect(ws.getRow(3_001).getCell(4).value).toBe(3_000 * 1_000_000_007);
  });

  it("names and labels that repeat are written once, in the shared-strings table; both exceljs readers read every cell back", async () => {
    const { file } = await download(5_000, "payments");
    const parts = readZip(fs.readFileSync(file));
    const table = parts.get("xl/sharedStrings.xml")?.toString("utf8");
    // The distinct payers and kinds once each (escaped, edge spaces kept), named by every cell that has one.
    expect(table).toContain('uniqueCount="7"');
    expect(table).toContain("<si><t>박&lt;도윤&gt; &amp; 최</t></si>");
    expect(table).toContain('<si><t xml:space="preserve"> 이서연 </t></si>');
    const refs = Array.from({ length: 5_000 }, (_, k) => payment(k + 1)).reduce((n, p) => n + (p.payer ? 2 : 1), 0);
    expect(table).toContain(`count="${refs}"`);
    const sheet = parts.get("xl/worksheets/sheet1.xml")!.toString("utf8");
    expect(sheet).not.toContain("김민준");
    expect(sheet).toContain('<c r="C2" t="s"><v>');
    expect(parts.get("[Content_Types].xml")!.toString("utf8")).toContain('PartName="/xl/sharedStrings.xml"');
    expect(parts.get("xl/_rels/workbook.xml.rels")!.toString("utf8")).toContain('Target="sharedStrings.xml"');

    const expected = (i: number) => {
      const p = payment(i);
      return [p.i, p.hash, p.payer, p.kind];
    };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(5_001);
    for (const i of [1, 2, 3, 4, 9, 4_999, 5_000])
      expect((ws.getRow(i + 1).values as unknown[]).slice(1)).toEqual(expected(i).map((v) => v ?? undefined));
    // The streaming reader meets the table after the sheet (as exceljs' own streaming writer puts it) and still reads it.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(file), { sharedStrings: "cache", worksheets: "emit" });
    let count = 0;
    for await (const s of reader)
      for await (const row of s as AsyncIterable<ExcelJS.Row>) {
        if (row.number === 1) continue;
        count++;
        const values = (row.values as unknown[]).slice(1);
        if (row.number % 997 === 0) expect(values).toEqual(expected(row.number - 1).map((v) => v ?? undefined));
      }
    expect(count).toBe(5_000);
  });

  it("rows at hand (an array) are written as a cursor's are", async () => {
    const { file } = await download(1_234, "array");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(1_235);
    expect((ws.getRow(1_235).values as unknown[]).slice(1)).toEqual([
      1_234,
      payment(1_234).hash,
      payment(1_234).payer,
      payment(1_234).kind,
    ]);
  });

  it("the shared-strings table is bounded: past its values or characters a value stays in its cell", () => {
    const t = new SharedStrings(3, 12);
    expect([t.index("가"), t.index("나"), t.index("가")]).toEqual([0, 1, 0]);
    expect(t.index("다다다다다다다다다다다")).toBeNull(); // 2 + 11 characters: past 12
    expect(t.index("라")).toBe(2);
    expect(t.index("마")).toBeNull(); // a fourth value
    expect(t.index("나")).toBe(1); // values already there are still named
    expect(t.values).toEqual(["가", "나", "라"]);
    expect(t.refs).toBe(5);
    expect([...t.xml()].join("")).toContain('count="5" uniqueCount="3"><si><t>가</t></si><si><t>나</t></si><si><t>라</t></si></sst>');
  });

  it("a list longer than a sheet goes on in numbered sheets, each with the header", async () => {
    const { file } = await download(2_500, "mixed", "?perSheet=1000");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["거래 내역", "거래 내역 (2)", "거래 내역 (3)"]);
    expect(wb.worksheets.map((w) => w.rowCount)).toEqual([1_000, 1_000, 503]);
    for (const ws of wb.worksheets) expect(ws.getRow(1).getCell(1).value).toBe("번호");
    expect(wb.worksheets[1].getRow(2).getCell(1).value).toBe(1_000);
    expect(wb.worksheets[2].getRow(503).getCell(1).value).toBe(2_500);
  });

  it("a client that goes away stops the rows (the query behind them) instead of filling memory", async () => {
    const abort = new AbortController();
    const res = await fetch(`${url}/endless`, { signal: abort.signal });
    const reader = res.body!.getReader();
    let bytes = 0;
    while (bytes < 256 * 1024) bytes += (await reader.read()).value!.byteLength;
    abort.abort();
    for (let i = 0; i < 200 && !stopped; i++) await new Promise((r) => setTimeout(r, 25));
    expect(stopped).toBe(true);
    const at = produced;
    await new Promise((r) => setTimeout(r, 200));
    expect(produced).toBe(at);
  });
});
