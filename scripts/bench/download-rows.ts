/**
 * The rows and the CSV anchor of the downloads bench (scripts/bench/downloads.ts, downloads-server.ts).
 */
import crypto from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";
import type { SheetColumn } from "../../server/http/xlsx";
import type { DashboardRowDto } from "../../domain/schemas/dashboard";

const SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황"];
const GIVEN = ["민준", "서연", "도윤", "지우", "하준", "서윤", "시우", "하은", "주원", "지유", "예준", "수아", "건우", "지안"];
const TYPES: DashboardRowDto["type"][] = ["gift", "gift", "gift", "use", "use", "fee", "fee", "mint", "settlement", "transfer", "burn"];

/**
 * A day's worth of dashboard traffic, a row at a time as the dashboard's query yields them: unique random
 * transaction hashes, 5,000 member wallets with Korean names (some unnamed), amounts in won, ISO timestamps
 * seconds apart, gas fees in wei. Nothing is kept between rows.
 */
export function* dashboardRows(n: number): Generator<DashboardRowDto> {
  const wallets = Array.from({ length: 5_000 }, (_, i) => ({
    address: `0x${crypto.randomBytes(20).toString("hex")}`,
    name: i % 23 === 0 ? null : `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
  }));
  let pool = Buffer.alloc(0);
  let t = Date.UTC(2026, 4, 1, 0, 0, 0);
  for (let i = 0; i < n; i++) {
    if (i % 1_000 === 0) pool = crypto.randomBytes(32 * 1_000);
    const from = wallets[(i * 7919) % wallets.length];
    const to = wallets[(i * 104_729 + 1) % wallets.length];
    t += 500 + ((i * 2_654_435_761) % 4_000);
    yield {
      hash: `0x${pool.toString("hex", (i % 1_000) * 32, (i % 1_000) * 32 + 32)}`,
      logIndex: i % 3,
      from: from.address,
      to: to.address,
      value: String(1_000 * (1 + ((i * 31) % 500))),
      timestamp: new Date(t).toISOString(),
      block: 1_000_000 + Math.floor(i / 40),
      gasFee: i % 50 === 0 ? null : String(21_000n * BigInt(1_000_000_000 + (i % 977) * 1_000)),
      type: TYPES[i % TYPES.length],
      fromName: from.name,
      toName: to.name,
    };
  }
}

/** The same rows a page of 100 at a time from an async generator, as the dashboard's download reads its query. */
export async function* dashboardPages(n: number): AsyncGenerator<DashboardRowDto[]> {
  let page: DashboardRowDto[] = [];
  for (const row of dashboardRows(n)) {
    page.push(row);
    if (page.length === 100) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

const quote = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The anchor: the same cells as RFC 4180 CSV (UTF-8 with BOM, for Excel), encoded row by row into 64 KB buffers. */
export async function streamCsv<T>(
  res: Writable & { setHeader(name: string, value: string): unknown },
  columns: SheetColumn<T>[],
  rows: Iterable<T>,
): Promise<void> {
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", 'attachment; filename="dashboard_list.csv"');
  let buf = Buffer.allocUnsafe(64 * 1024);
  let used = buf.write(`\ufeff${columns.map((c) => quote(c.header)).join(",")}\r\n`);
  for (const row of rows) {
    const line = `${columns.map((c) => quote(c.value(row))).join(",")}\r\n`;
    if (used + line.length * 3 > buf.length) {
      const full = buf.subarray(0, used);
      buf = Buffer.allocUnsafe(64 * 1024);
      used = 0;
      if (!res.write(full)) await once(res, "drain");
    }
    used += buf.write(line, used);
  }
  res.end(buf.subarray(0, used));
}
