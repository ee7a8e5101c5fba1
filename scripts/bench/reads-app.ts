/**
 * The reads bench's app-store figures (scripts/bench/reads.ts): the member app's and the back-office's lists over the
 * outbox, and the lists of the controls and the money lifecycle (issues 35–36: refunds, proposals, the personal-data
 * access log), each the route's own query function with the arguments its route builds, beside a plain indexed SQL
 * anchor on the same store in the same run.
 *
 * The generator (reads-data.ts) makes the outbox, members and wallets; the newer tables are filled here, through the
 * app store's own schema, with a year of rows ending now (the lists' default range is the last month, from today):
 * REFUNDS refund orders, PROPOSALS proposals, ACCESS_ROWS access-log rows (an operator team reading members all day).
 */
import { sql } from "kysely";
import type { AppDb } from "../../server/db/app-db";
import type { ChainReader } from "../../indexer/reader";
import { movesPage } from "../../server/features/history/history.repo";
import { HISTORY_PAGE_SIZE } from "../../domain/constants";
import { pendingOutgoing } from "../../server/money/outbox.repo";
import { listMoves } from "../../server/features/purchases/sales.repo";
import { listFees } from "../../server/features/tokens/tokens.repo";
import { listMembers } from "../../server/features/members/member-admin.repo";
import { refundsPage } from "../../server/features/refunds/refunds.repo";
import { listProposals } from "../../server/dual-control/proposals.repo";
import { listAccess } from "../../server/records/access-log.repo";
import { memberListRequest } from "../../domain/schemas/members";
import { refundSearchRequest } from "../../domain/schemas/refunds";
import { proposalListRequest } from "../../domain/schemas/proposals";
import { accessLogRequest } from "../../domain/schemas/access-log";
import type { DataFacts } from "./reads-shape";
import type { Target } from "./reads-stores";

const REFUNDS = Number(process.env.BENCH_READS_REFUNDS ?? 50_000);
const PROPOSALS = Number(process.env.BENCH_READS_PROPOSALS ?? 20_000);
const ACCESS_ROWS = Number(process.env.BENCH_READS_ACCESS ?? 300_000);
const CHUNK = 500;
const YEAR_MS = 365 * 86_400_000;

export type Sample = (label: string, fn: () => Promise<unknown>, anchor: { what: string; run: () => Promise<unknown> }) => Promise<void>;

/** Spread over the last year, oldest first, the newest a minute ago. */
const isoAt = (i: number, n: number) => new Date(Date.now() - 60_000 - YEAR_MS + Math.floor((i * YEAR_MS) / n)).toISOString();

async function inChunks(n: number, put: (from: number, to: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < n; i += CHUNK) await put(i, Math.min(n, i + CHUNK));
}

/**
 * Fills refunds, proposals and the access log (once: a reused data set keeps them). Two operators; refund orders of
 * members across the data set, each pointing at an outbox row as its escrow move; states in the proportions a live
 * service would show (most paid, some open).
 */
export async function fillAppExtras(db: AppDb, facts: DataFacts): Promise<void> {
  const had = await db
    .selectFrom("access_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(had.n) > 0) return;
  const created = new Date(Date.now() - 2 * YEAR_MS).toISOString();
  const admins: number[] = [];
  for (const login of ["bench-admin1", "bench-admin2"]) {
    const r = await db
      .insertInto("admins")
      .values({ login_id: login, password_hash: "x", member_id: null, created_at: created, deleted_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    admins.push(Number(r.id));
  }
  const members = facts.holders;
  const refundStates = ["paid", "paid", "paid", "paid", "paid", "paid", "rejected", "requested", "paying", "paid"] as const;
  await inChunks(REFUNDS, (a, b) =>
    db
      .insertInto("refund_orders")
      .values(
        Array.from({ length: b - a }, (_, k) => {
          const i = a + k;
          const at = isoAt(i, REFUNDS);
          return {
            order_no: `RF${String(i + 1).padStart(10, "0")}`,
            member_id: 1 + ((i * 7919) % members),
            kind: "balance" as const,
            buy_order_id: null,
            wallet: facts.treasury,
            value: 1_000 + (i % 50) * 1_000,
            balance: 100_000,
            deduction: 0,
            rule: "used60",
            bank_name: "국민은행",
            bank_account: "123456789012",
            holder_name: "회원",
            state: refundStates[i % refundStates.length],
            request_transfer_id: 1 + (i % facts.outbox),
            return_transfer_id: null,
            burn_call_id: null,
            proposal_id: null,
            bank_ref: null,
            reject_reason: null,
            admin_id: admins[0],
            created_at: at,
            decided_at: null,
            updated_at: at,
          };
        }),
      )
      .execute()
      .then(() => undefined),
  );
  const proposalStates = ["approved", "approved", "approved", "rejected", "expired", "pending"] as const;
  await inChunks(PROPOSALS, (a, b) =>
    db
      .insertInto("proposals")
      .values(
        Array.from({ length: b - a }, (_, k) => {
          const i = a + k;
          const at = isoAt(i, PROPOSALS);
          return {
            kind: "mint",
            payload_json: JSON.stringify({ value: 1_000_000 + i }),
            reason: "월말 발행",
            state: proposalStates[i % proposalStates.length],
            proposer_id: admins[i % 2],
            proposer_login_id: `bench-admin${1 + (i % 2)}`,
            approver_id: null,
            approver_login_id: null,
            decided_at: null,
            expires_at: at,
            call_id: null,
            transfer_id: null,
            tx_hash: null,
            error: null,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute()
      .then(() => undefined),
  );
  const screens = ["members", "member-detail", "sales", "settlement", "wallet-detail"];
  await inChunks(ACCESS_ROWS, (a, b) =>
    db
      .insertInto("access_log")
      .values(
        Array.from({ length: b - a }, (_, k) => {
          const i = a + k;
          return {
            admin_id: admins[i % 2],
            admin_login_id: `bench-admin${1 + (i % 2)}`,
            action: i % 50 === 0 ? ("download" as const) : ("read" as const),
            screen: screens[i % screens.length],
            endpoint: "/api/operation/member/search",
            filter_json: JSON.stringify({ page: 1 + (i % 20), perPage: 20 }),
            row_count: 20,
            reason: i % 50 === 0 ? "audit" : null,
            reason_text: null,
            ip: "10.0.0.1",
            created_at: isoAt(i, ACCESS_ROWS),
          };
        }),
      )
      .execute()
      .then(() => undefined),
  );
  // What autovacuum would have done by the time these lists are read: the planner's statistics.
  await sql`ANALYZE`.execute(db);
}

/** The app store's list figures: the outbox lists, the spendable check, and the newer lists (refunds, proposals, access log). */
export async function measureAppReads(target: Target, facts: DataFacts, appDb: AppDb, view: ChainReader, sample: Sample): Promise<void> {
  const PAGE = 100;
  const outboxAnchor = {
    what: "100 outbox rows by primary key",
    run: () => target.appSql(`SELECT * FROM outbox_transfers WHERE id <= ? ORDER BY id DESC LIMIT ${PAGE}`, [facts.outbox - 500]),
  };
  await sample(
    "member gift history (web): page 1 + count",
    () => movesPage(appDb, facts.typical.memberId, "gift", { limit: HISTORY_PAGE_SIZE, offset: 0, sortBy: "created_at", desc: true }),
    {
      what: "the member's rows by index",
      run: () =>
        target.appSql(`SELECT * FROM outbox_transfers WHERE member_id = ? AND kind = 'gift' ORDER BY id DESC LIMIT 10`, [
          facts.typical.memberId,
        ]),
    },
  );
  const head = facts.head.number;
  await sample(
    "spendable check of the treasury",
    async () => {
      const { balance, head: h } = await view.balanceAndHead(facts.treasury);
      return Number(balance) - (await pendingOutgoing(appDb, facts.treasury, h ?? head));
    },
    {
      what: "its pending rows by index",
      run: () =>
        target.appSql(`SELECT COALESCE(SUM(value + fee), 0) AS n FROM outbox_transfers WHERE from_address = ? AND status = 'pending'`, [
          facts.treasury,
        ]),
    },
  );
  const range30 = {
    start: new Date((facts.head.timestamp - 30 * 86_400) * 1000).toISOString(),
    end: new Date(facts.head.timestamp * 1000).toISOString(),
  };
  await sample(
    "back-office gift sales, 30 days: page 1 + count",
    () => listMoves(appDb, "gift", { ...range30, page: 1, perPage: PAGE, sortBy: "createdAt", sortDesc: true }),
    outboxAnchor,
  );
  await sample(
    "back-office fees, 30 days: page 1 + count",
    () => listFees(appDb, { ...range30, page: 1, perPage: PAGE, sortBy: "createdAt", sortDesc: true }),
    outboxAnchor,
  );
  await sample("back-office members: page 1 + count", () => listMembers(appDb, memberListRequest.parse({ perPage: PAGE })), outboxAnchor);

  // The newer lists, with their screens' default filter (the last month) as their routes parse it.
  const month = refundSearchRequest.parse({ perPage: PAGE });
  const refundFilter = { start: month.start!, end: month.end! };
  await sample(
    `back-office refunds (${REFUNDS.toLocaleString("en")}), last month: page 1 + count`,
    () => refundsPage(appDb, refundFilter, PAGE, 0),
    {
      what: "100 refund orders by the created index",
      run: () => target.appSql(`SELECT * FROM refund_orders ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`, []),
    },
  );
  await sample(
    "back-office refunds, last month, state requested: page 1 + count",
    () => refundsPage(appDb, { ...refundFilter, state: "requested" }, PAGE, 0),
    {
      what: "100 refund orders by the created index",
      run: () => target.appSql(`SELECT * FROM refund_orders ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`, []),
    },
  );
  const proposalsAnchor = {
    what: "100 proposals by the created index",
    run: () => target.appSql(`SELECT * FROM proposals ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`, []),
  };
  await sample(
    `proposals (${PROPOSALS.toLocaleString("en")}), all: page 1 + count`,
    () => listProposals(appDb, proposalListRequest.parse({ perPage: PAGE })),
    proposalsAnchor,
  );
  await sample(
    "proposals pending: page 1 + count",
    () => listProposals(appDb, proposalListRequest.parse({ perPage: PAGE, state: "pending" })),
    proposalsAnchor,
  );
  const accessAnchor = {
    what: "100 access-log rows by the created index",
    run: () => target.appSql(`SELECT * FROM access_log ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`, []),
  };
  await sample(
    `access log (${ACCESS_ROWS.toLocaleString("en")} rows), last month: page 1 + count`,
    () => listAccess(appDb, accessLogRequest.parse({ perPage: PAGE })),
    accessAnchor,
  );
  await sample(
    "access log, last month, one operator: page 1 + count",
    () => listAccess(appDb, accessLogRequest.parse({ perPage: PAGE, adminLoginId: "bench-admin2" })),
    accessAnchor,
  );
}
