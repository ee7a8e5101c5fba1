import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import ExcelJS from "exceljs";
import { streamXlsx, type SheetColumn } from "./xlsx";
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

describe("xlsx download helper", () => {
  let server: http.Server;
  let url: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-xlsx-"));
  beforeAll(async () => {
    const app = express();
    app.get("/members/:n", async (req, res) => {
      await streamXlsx(res, { fileName: "회원정보.xlsx", columns, rows: members(Number(req.params.n)), emptyMessage: Msg.noMembers });
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
  });

  /** Downloads into a temp file while sampling memory; returns the file and the peak heap and RSS growth in MB. */
  async function download(n: number) {
    global.gc?.();
    const before = process.memoryUsage();
    let heap = before.heapUsed;
    let rss = before.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      heap = Math.max(heap, m.heapUsed);
      rss = Math.max(rss, m.rss);
    }, 5);
    const res = await fetch(`${url}/members/${n}`);
    const file = path.join(dir, `${n}.xlsx`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
    clearInterval(sampler);
    return { res, file, heapMb: (heap - before.heapUsed) / 2 ** 20, rssMb: (rss - before.rss) / 2 ** 20 };
  }

  it("streams 100,000 members in flat memory; the file opens with Korean headers and every row", async () => {
    const small = await download(10_000);
    const big = await download(100_000);
    console.log(`xlsx: peak heap growth 10k rows ${small.heapMb.toFixed(1)} MB, 100k rows ${big.heapMb.toFixed(1)} MB; peak RSS growth 100k ${big.rssMb.toFixed(1)} MB`);
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
});
