import type { Move } from "../../../indexer/reader-asof";
import type { MonthEndDeps } from "./cutoff.service";
import { rowsCreatedIn } from "./month-end.repo";
import { maskName } from "../../../domain/mask";

/** The period a pack covers: blocks (fromBlock, toBlock], times [fromIso, toIso]. */
export interface Period {
  fromBlock: number;
  toBlock: number;
  fromIso: string;
  toIso: string;
}

export interface Table {
  header: string[];
  rows: string[][];
}

/** One file of the pack's money moves or logs. `table` answers null when the section has nothing to read (no such table). */
export interface PackSection {
  file: string;
  title: string;
  table(d: MonthEndDeps, period: Period, ctx: { moves: Move[]; kindOf: Map<string, string> }): Promise<Table | null>;
}

const ZERO = "0x0000000000000000000000000000000000000000";
const MOVE_HEADER = ["tx_hash", "block", "log_index", "from", "to", "value_won"];
const moveRow = (m: Move) => [m.txHash, String(m.block), String(m.logIndex), m.from, m.to, m.value.toString()];
const chainMoves = (file: string, title: string, keep: (m: Move, kindOf: Map<string, string>) => boolean): PackSection => ({
  file,
  title,
  table: async (_d, _p, c) => ({ header: MOVE_HEADER, rows: c.moves.filter((m) => keep(m, c.kindOf)).map(moveRow) }),
});

/** Every row of an app-store table created in the period, when the table exists (sections other features bring). */
export const tableSection = (file: string, title: string, candidates: string[], timeColumn = "created_at"): PackSection => ({
  file,
  title,
  async table(d, p) {
    for (const name of candidates) {
      const rows = await rowsCreatedIn(d.db, name, timeColumn, p.fromIso, p.toIso);
      if (rows === null) continue;
      const header = rows.length ? Object.keys(rows[0]) : [];
      return { header, rows: rows.map((r) => header.map((h) => (r[h] == null ? "" : String(r[h])))) };
    }
    return null;
  },
});

/**
 * The bank provider's notices of the period (issue 51): each event once, what it did and the order it touched; the
 * depositor's name masked (the pack leaves the service). Nothing when the table does not exist yet.
 */
const bankEvents: PackSection = {
  file: "moves/bank-events.csv",
  title: "은행 통지",
  async table(d, p) {
    const rows = await rowsCreatedIn(d.db, "bank_events", "received_at", p.fromIso, p.toIso);
    if (rows === null) return null;
    const header = ["received_at", "event_id", "type", "outcome", "order_id", "amount_won", "account", "depositor"];
    return {
      header,
      rows: rows.map((r) => {
        const e = JSON.parse(String(r.payload)) as { data?: { amount?: number; accountNumber?: string; depositorName?: string } };
        return [
          r.received_at,
          r.event_id,
          r.type,
          r.outcome,
          r.order_id ?? "",
          e.data?.amount ?? "",
          e.data?.accountNumber ?? "",
          maskName(e.data?.depositorName),
        ].map((v) => String(v ?? ""));
      }),
    };
  },
};

/**
 * Merchant payments of the period (issue 52): each payment paid and each cancellation given back, with its merchant,
 * amounts and the move's transaction hash (reconciled against the chain like every record). No member is named.
 */
const merchantPayments: PackSection = {
  file: "moves/merchant-payments.csv",
  title: "가맹점 결제",
  async table(d, p) {
    const paid = await d.db
      .selectFrom("payments as p")
      .innerJoin("merchants as m", "m.id", "p.merchant_id")
      .leftJoin("outbox_transfers as t", "t.id", "p.transfer_id")
      .select(["p.paid_at as at", "m.name", "p.public_id", "p.order_id", "p.amount", "p.fee", "t.tx_hash"])
      .where("p.paid_at", ">", p.fromIso)
      .where("p.paid_at", "<=", p.toIso)
      .where("p.state", "in", ["paid", "partially_cancelled", "cancelled"])
      .execute();
    const cancels = await d.db
      .selectFrom("payment_cancels as c")
      .innerJoin("payments as p", "p.id", "c.payment_id")
      .innerJoin("merchants as m", "m.id", "p.merchant_id")
      .innerJoin("outbox_transfers as t", "t.id", "c.transfer_id")
      .select(["c.created_at as at", "m.name", "p.public_id", "p.order_id", "c.amount", "t.tx_hash"])
      .where("c.created_at", ">", p.fromIso)
      .where("c.created_at", "<=", p.toIso)
      .where("c.state", "=", "sent")
      .execute();
    const rows = [
      ...paid.map((r) => [r.at ?? "", r.name, r.public_id, r.order_id, "paid", String(r.amount), String(r.fee), r.tx_hash ?? ""]),
      ...cancels.map((r) => [r.at, r.name, r.public_id, r.order_id, "cancelled", `-${r.amount}`, "0", r.tx_hash ?? ""]),
    ].sort((a, b) => a[0].localeCompare(b[0]));
    return { header: ["at", "merchant", "payment_id", "order_id", "event", "amount_won", "fee_won", "tx_hash"], rows };
  },
};

/**
 * The money moves of the period, each with its transaction hash, from the indexed transfers of the period's blocks
 * (mints, burns, settlements, operator transfers), then the other features' records (refunds when that table exists).
 * Append a section here to add a file to every pack; `verify-pack` checks whatever the manifest lists.
 */
export const MONEY_SECTIONS: PackSection[] = [
  chainMoves("moves/mints.csv", "발행", (m) => m.from === ZERO),
  chainMoves("moves/burns.csv", "소각", (m) => m.to === ZERO),
  chainMoves(
    "moves/settlements.csv",
    "정산",
    (m, k) => m.from !== ZERO && m.to !== ZERO && (k.get(m.to) === "settlement" || k.get(m.from) === "settlement"),
  ),
  chainMoves(
    "moves/operator-transfers.csv",
    "운영 지갑 이체",
    (m, k) =>
      m.kind === "transfer" &&
      m.to !== ZERO &&
      k.get(m.to) !== "settlement" &&
      k.get(m.from) !== undefined &&
      k.get(m.from) !== "member" &&
      k.get(m.from) !== "settlement",
  ),
  tableSection("moves/refunds.csv", "환불", ["refunds", "refund_orders"]),
  bankEvents,
  merchantPayments,
];

/** The logs of the period: the operators' audit log, and the personal-data access log when that table exists. */
export const LOG_SECTIONS: PackSection[] = [
  tableSection("logs/audit-log.csv", "감사 로그", ["admin_actions"]),
  tableSection("logs/access-log.csv", "개인정보 접근 기록", ["access_log", "access_logs", "pii_access_log", "personal_data_access_log"]),
];

/** CSV (RFC 4180, UTF-8 with BOM so a spreadsheet reads the Korean). */
export function toCsv(t: Table): string {
  const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${[t.header, ...t.rows].map((r) => r.map(cell).join(",")).join("\n")}\n`;
}

export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cur = "";
  let quoted = false;
  const s = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cur);
      cur = "";
    } else if (ch === "\n") {
      row.push(cur);
      out.push(row);
      row = [];
      cur = "";
    } else if (ch !== "\r") cur += ch;
  }
  if (cur !== "" || row.length) {
    row.push(cur);
    out.push(row);
  }
  return out;
}
