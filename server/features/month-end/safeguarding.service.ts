import type { ethers } from "ethers";
import type { AppDb } from "../../db/schema";
import type { SafeguardsTable } from "../../db/schema-month-end";
import type { ChainReader } from "../../../indexer/reader";
import { claimMeta, getMeta, nowIso } from "../../db/app-db";
import { badRequest, notFound, AppError } from "../../http/errors";
import { Msg } from "../../../domain/messages";
import { formatDate, formatWon } from "../../../domain/format";
import { Code } from "../../../domain/codes";
import { holderClasses, reservesOf, resolveAt, stateAt } from "../../money/as-of";
import type { Notifier } from "../../records/operator-notices/notifier";
import { appendAction } from "../../records/audit.repo";
import type { AppContext } from "../../context";
import type { Job } from "../../job";

/**
 * Customer money safeguarded (선불충전금 별도관리, 전자금융거래법 as amended in 2024: 100% of customers' prepaid
 * funds kept apart by trust, deposit or payment guarantee). An operator records a day's safeguarded balance with its
 * statement reference (or imports a bank statement CSV); a different operator approves it (maker–checker); each day's
 * outstanding customer balance (members and shops, operator wallets excluded) as of 23:59:59 Seoul time is set
 * against the approved amounts of that day.
 */
export interface SafeguardDeps {
  db: AppDb;
  view: ChainReader;
  provider: ethers.Provider;
}

export type SafeguardInput = Pick<SafeguardsTable, "day" | "method" | "institution" | "statement_ref"> & { amount: string | number };
type Operator = { id: number; login_id: string };

export async function recordSafeguard(db: AppDb, by: Operator, e: SafeguardInput) {
  return db
    .insertInto("safeguards")
    .values({
      day: e.day,
      amount: BigInt(e.amount).toString(),
      method: e.method,
      institution: e.institution,
      statement_ref: e.statement_ref,
      state: "pending",
      maker_id: by.id,
      maker_login_id: by.login_id,
      checker_id: null,
      checker_login_id: null,
      decided_at: null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const METHODS: Record<string, SafeguardsTable["method"]> = {
  trust: "trust",
  신탁: "trust",
  deposit: "deposit",
  예치: "deposit",
  guarantee: "guarantee",
  지급보증: "guarantee",
};

/** A bank statement CSV: `date,balance,institution,reference[,method]` (a header line is skipped); each line a pending entry. */
export function parseStatementCsv(text: string): SafeguardInput[] {
  const out: SafeguardInput[] = [];
  for (const [i, line] of text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .entries()) {
    const cells = line.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
    if (cells.length < 4 || (i === 0 && !/^\d{4}-\d{2}-\d{2}$/.test(cells[0]))) continue;
    const [day, balance, institution, ref, method] = cells;
    const amount = balance.replace(/[,원\s]/g, "");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d+$/.test(amount)) throw badRequest(Msg.statementLineInvalid(i + 1));
    out.push({ day, amount, institution, statement_ref: ref, method: METHODS[method ?? "deposit"] ?? "deposit" });
  }
  return out;
}

/** The `meta` key that says a closed day's end position was looked at (and told, if short). */
const dayEndKey = (day: string) => `safeguard-day-end:${day}`;

/** The checker's decision; never the maker's own. An approved day found short notifies super admins at once. */
export async function decideSafeguard(
  d: SafeguardDeps & { notifier: Notifier },
  by: Operator,
  id: number,
  approve: boolean,
): Promise<{ state: string; position: DayPosition | null }> {
  const row = await d.db.selectFrom("safeguards").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(Msg.safeguardNotFound);
  if (Number(row.maker_id) === by.id) throw new AppError(Code.FORBIDDEN, Msg.proposalSelfApproval);
  const r = await d.db
    .updateTable("safeguards")
    .set({ state: approve ? "approved" : "rejected", checker_id: by.id, checker_login_id: by.login_id, decided_at: nowIso() })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .where("maker_id", "<>", by.id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError(Code.CONFLICT, Msg.safeguardDecided);
  await appendAction(d.db, {
    adminId: by.id,
    adminLoginId: by.login_id,
    action: approve ? "safeguard.approve" : "safeguard.reject",
    targetType: "safeguard",
    targetId: id,
    after: { day: row.day, amount: row.amount, maker: row.maker_login_id, statement_ref: row.statement_ref },
  });
  if (!approve) return { state: "rejected", position: null };
  const [position] = await positions(d, [row.day]);
  // A day already over: this is its end's position, told here, not again by the day-end check.
  if (position && row.day < formatDate(new Date())) await claimMeta(d.db, dayEndKey(row.day), position.short ? "short" : "covered");
  if (position?.short)
    await d.notifier.notify("보전", Msg.safeguardShortfall(row.day, formatWon(position.outstanding), formatWon(position.safeguarded)), id);
  return { state: "approved", position: position ?? null };
}

export interface DayPosition {
  day: string;
  /** Customers' balances at 23:59:59 Seoul time of the day (or now, for today). */
  outstanding: bigint;
  safeguarded: bigint;
  short: boolean;
  block: number;
  entries: { id: number; amount: string; institution: string; statement_ref: string; method: string }[];
}

/** Outstanding against safeguarded, per day (days not yet indexed are left out). */
export async function positions(d: SafeguardDeps, days: string[]): Promise<DayPosition[]> {
  const classOf = await holderClasses(d.db);
  const head = (await d.view.indexedHead())?.number ?? -1;
  const out: DayPosition[] = [];
  for (const day of [...new Set(days)].sort()) {
    const point = await resolveAt(d.provider, `${day} 23:59:59`).catch(() => null);
    if (!point || point.block > head) continue;
    const held = reservesOf(await stateAt(d, point.block), classOf);
    const entries = await d.db
      .selectFrom("safeguards")
      .select(["id", "amount", "institution", "statement_ref", "method"])
      .where("day", "=", day)
      .where("state", "=", "approved")
      .orderBy("id")
      .execute();
    const safeguarded = entries.reduce((s, e) => s + BigInt(e.amount), 0n);
    out.push({ day, outstanding: held.member, safeguarded, short: safeguarded < held.member, block: point.block, entries });
  }
  return out;
}

/** How far back the day-end check looks (a day's end is looked at once; these are the days a stopped service catches up). */
const DAY_END_LOOKBACK_DAYS = 7;

/** The days from `from` to `to`, both included (YYYY-MM-DD; [] when `to` is before `from` or either is no date). */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * Each closed day (Seoul) of the last DAY_END_LOOKBACK_DAYS, looked at once after its end (once the index reaches its
 * 23:59:59): short then, super admins are told ('보전'). A day with no approved entry at all while customers held
 * money is short by the whole of it (0원 kept apart): the law asks for every day, not only the days someone
 * recorded. The approval's notice said what was known when it was approved; a day approved as covered turns short by
 * its end when customers' money grew after it with no new entry, and this says so too. Days that ended before the
 * token's deployment held no customer money and are resolved without asking the chain. Once per day whichever process
 * runs it (a claim in `meta`). Returns the days found short.
 */
export async function checkDayEnds(d: SafeguardDeps & { notifier: Notifier }, now: Date): Promise<DayPosition[]> {
  const yesterday = formatDate(now.getTime() - 86_400_000);
  const open: string[] = [];
  for (const day of daysFrom(formatDate(now.getTime() - DAY_END_LOOKBACK_DAYS * 86_400_000), yesterday))
    if ((await getMeta(d.db, dayEndKey(day))) === null) open.push(day);
  if (open.length === 0) return [];
  const sync = await d.view.syncState();
  if (!sync) return [];
  const deployed = await d.provider.getBlock(sync.deployBlock);
  if (!deployed) return [];
  const deployDay = formatDate(deployed.timestamp * 1000);
  const toLook: string[] = [];
  for (const day of open) {
    if (day < deployDay) await claimMeta(d.db, dayEndKey(day), "covered");
    else toLook.push(day);
  }
  const short: DayPosition[] = [];
  // A day the index has not reached to its end is left out by positions(): looked at on a later run.
  for (const p of await positions(d, toLook)) {
    if (!(await claimMeta(d.db, dayEndKey(p.day), p.short ? "short" : "covered")) || !p.short) continue;
    await d.notifier.notify(
      "보전",
      Msg.safeguardShortfall(p.day, formatWon(p.outstanding), formatWon(p.safeguarded)),
      p.entries.at(-1)?.id,
    );
    short.push(p);
  }
  return short;
}

export const safeguardDayEndJob: Job = {
  name: "safeguarding day ends",
  everyMs: 3_600_000,
  run: async (ctx: AppContext) =>
    void (await checkDayEnds({ db: ctx.db, view: ctx.view, provider: ctx.chain.provider, notifier: ctx.notifier }, ctx.clock.now())),
};

/** The safeguarding table of a pack: each day of the period with an entry, and the cut-off's own day. */
export async function safeguardingTable(d: SafeguardDeps, period: { fromIso: string; toIso: string }) {
  const seoulDay = (iso: string) => new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  const from = seoulDay(period.fromIso);
  const to = seoulDay(period.toIso);
  const recorded = await d.db.selectFrom("safeguards").select("day").distinct().where("day", ">=", from).where("day", "<=", to).execute();
  const rows = await positions(d, [...recorded.map((r) => r.day), to]);
  return {
    header: ["day", "block", "outstanding_customers_won", "safeguarded_won", "difference_won", "status", "statement_refs"],
    rows: rows.map((p) => [
      p.day,
      String(p.block),
      p.outstanding.toString(),
      p.safeguarded.toString(),
      (p.safeguarded - p.outstanding).toString(),
      p.short ? "부족" : "충족",
      p.entries.map((e) => `${e.institution}:${e.statement_ref}`).join(" | "),
    ]),
  };
}
