import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";

/**
 * A bank statement (거래내역) as Korean banks export it: CSV (UTF-8, or CP949 as most do) or xlsx, some title rows,
 * then a header row naming 거래일시 (or 거래일자 + 거래시간), 적요, 입금액, 출금액, 잔액 and 입금자명 (or 내용 / 기재내용),
 * then one row a transaction. Only what the matching needs is read: deposits (입금액 > 0) and the closing balance.
 */
export interface StatementLine {
  at: string;
  amount: number;
  depositor: string;
  memo: string;
  balance: number | null;
}
export interface Statement {
  deposits: StatementLine[];
  /** The balance after the last transaction of the file (by time), and its Asia/Seoul day. */
  closing: { balance: number; day: string } | null;
}

export class StatementError extends Error {}

const HEADERS = {
  at: ["거래일시", "거래일자", "거래일"],
  time: ["거래시간", "시간"],
  memo: ["적요", "거래구분", "구분"],
  in: ["입금액", "입금", "맡기신금액", "입금금액"],
  out: ["출금액", "출금", "찾으신금액", "출금금액"],
  balance: ["잔액", "거래후잔액", "거래후 잔액"],
  depositor: ["입금자명", "내용", "기재내용", "보낸분", "의뢰인"],
} as const;

const clean = (v: unknown) =>
  String(v ?? "")
    .replace(/\s+/g, " ")
    .trim();
const money = (v: string): number => {
  const digits = v.replace(/[,원\s]/g, "");
  if (digits === "" || digits === "-") return 0;
  const n = Number(digits);
  if (!Number.isSafeInteger(n)) throw new StatementError(`amount "${v}"`);
  return n;
};

/** "2026.11.28 14:03:22", "2026-11-28 14:03", "20261128" (+ a time column) → ISO, read as Asia/Seoul time. */
function seoulIso(date: string, time = ""): string {
  const d = date.replace(/[^\d]/g, "");
  const t = `${time} ${date.slice(10)}`.replace(/[^\d]/g, "").padEnd(6, "0").slice(0, 6);
  if (d.length < 8) throw new StatementError(`date "${date}"`);
  const iso = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}+09:00`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new StatementError(`date "${date}"`);
  return at.toISOString();
}

/** Bytes → text: UTF-8 (a BOM dropped) unless it does not decode, then CP949 (EUC-KR's superset). */
export function decodeText(bytes: Buffer): string {
  const utf8 = bytes.toString("utf8").replace(/^\uFEFF/, "");
  return utf8.includes("\uFFFD") ? iconv.decode(bytes, "cp949") : utf8;
}

async function rowsOf(bytes: Buffer): Promise<string[][]> {
  if (bytes.subarray(0, 2).toString("latin1") === "PK") {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    if (!sheet) return [];
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as unknown[];
      rows.push(
        values
          .slice(1)
          .map((v) => (v instanceof Date ? v.toISOString() : typeof v === "object" && v ? clean((v as { text?: string }).text) : clean(v))),
      );
    });
    return rows;
  }
  return (parse(decodeText(bytes), { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][]).map((r) => r.map(clean));
}

export async function parseStatement(bytes: Buffer): Promise<Statement> {
  let rows: string[][];
  try {
    rows = await rowsOf(bytes);
  } catch {
    throw new StatementError("unreadable");
  }
  const find = (header: string[], names: readonly string[]) =>
    header.findIndex((h) => names.includes(h.replace(/\s/g, "")) || names.includes(h));
  const headerAt = rows.findIndex((r) => find(r, HEADERS.in) >= 0 && (find(r, HEADERS.at) >= 0 || find(r, HEADERS.time) >= 0));
  if (headerAt < 0) throw new StatementError("no header");
  const header = rows[headerAt];
  const col = Object.fromEntries(Object.entries(HEADERS).map(([k, names]) => [k, find(header, names)])) as Record<
    keyof typeof HEADERS,
    number
  >;
  const deposits: StatementLine[] = [];
  let last: { at: string; balance: number } | null = null;
  for (const r of rows.slice(headerAt + 1)) {
    const date = r[col.at] ?? "";
    if (!/\d{4}/.test(date)) continue; // totals, notes, blank lines
    const at = seoulIso(date, col.time >= 0 ? r[col.time] : "");
    const balance = col.balance >= 0 && r[col.balance] ? money(r[col.balance]) : null;
    if (balance !== null && (!last || at >= last.at)) last = { at, balance };
    const amount = money(r[col.in] ?? "");
    if (amount <= 0) continue;
    deposits.push({
      at,
      amount,
      depositor: col.depositor >= 0 ? (r[col.depositor] ?? "") : "",
      memo: col.memo >= 0 ? (r[col.memo] ?? "") : "",
      balance,
    });
  }
  const closing = last && { balance: last.balance, day: new Date(Date.parse(last.at) + 9 * 3600_000).toISOString().slice(0, 10) };
  return { deposits, closing };
}
