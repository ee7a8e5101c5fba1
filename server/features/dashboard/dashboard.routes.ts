import type { Request, Router } from "express";
import { ethers } from "ethers";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { badRequest, notFound } from "../../http/errors";
import { createRoutes, withMessage } from "../../http/routes";
import { propose } from "../../dual-control/proposals";
import { chosenColumns, streamXlsx, type KeyedColumn } from "../../http/xlsx";
import {
  dashboardPage,
  dashboardPages,
  holdersPage,
  transactionDetail,
  walletDetail,
  walletHistory,
  walletHistoryPages,
} from "./dashboard.service";
import { reconcile } from "./reconcile";
import { gasStatus } from "../../money/gas";
import { recentReplacements } from "../../money/tx-replacements.repo";
import { memberWalletByPhone } from "./dashboard.repo";
import { ensureChainReadable } from "../../money/chain-status";
import { dashboardApi as api } from "../../../domain/api/dashboard";
import type { DashboardColumn, DashboardListRequest, DashboardRowDto } from "../../../domain/schemas/dashboard";
import { Msg } from "../../../domain/messages";
import { formatDateTime } from "../../../domain/format";

const TYPE_LABEL: Record<DashboardRowDto["type"], string> = {
  mint: "발행",
  transfer: "전송",
  gift: "선물",
  use: "사용",
  fee: "수수료",
  burn: "소각",
  settlement: "정산",
};

/**
 * The dashboard download's columns (also streamed by `npm run bench`'s downloads section), keyed as the list's
 * (DASHBOARD_COLUMNS): an address and its owner's name are one column on screen, so they share its key.
 */
export const ROW_FILE: KeyedColumn<DashboardRowDto, DashboardColumn>[] = [
  // Hashes, addresses, dates and wei are the server's own hex and digits ("plain"); names and labels repeat down the
  // column ("shared": written once each in the file's table). server/http/xlsx.ts, SheetColumn.text.
  { key: "hash", header: "거래 해시", value: (r) => r.hash, width: 68, text: "plain" },
  { key: "from", header: "보낸 주소", value: (r) => r.from, width: 44, text: "plain" },
  { key: "from", header: "보낸 사람", value: (r) => r.fromName, text: "shared" },
  { key: "to", header: "받는 주소", value: (r) => r.to, width: 44, text: "plain" },
  { key: "to", header: "받는 사람", value: (r) => r.toName, text: "shared" },
  { key: "value", header: "금액(원)", value: (r) => Number(r.value) },
  { key: "timestamp", header: "시간", value: (r) => formatDateTime(r.timestamp), width: 20, text: "plain" },
  { key: "block", header: "블록", value: (r) => r.block },
  { key: "gasFee", header: "가스 비용(wei)", value: (r) => r.gasFee, width: 22, text: "plain" },
  { key: "type", header: "유형", value: (r) => TYPE_LABEL[r.type], text: "shared" },
];

/** The chain dashboard for operators and auditors (spec: dashboard, dashboard/detail/{address}, dashboard/holder). */
export function dashboardRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const list = async (q: DashboardListRequest) => dashboardPage(ctx, q);

  handle(api.dashboardList, async ({ body }) => list(body));
  handle(api.dashboardTable, async ({ body }) => list(body));
  handle(api.dashboardDownload, async ({ body: q }, _req, res) => {
    await streamXlsx(res, {
      fileName: api.dashboardDownload.file,
      sheetName: "거래 내역",
      columns: chosenColumns(ROW_FILE, q.columns),
      pages: dashboardPages(ctx, q),
      emptyMessage: Msg.noResults,
    });
  });

  // A malformed hash or address is refused by the schema with its own message (txHashInvalid, addressInvalid).
  handle(api.transaction, async ({ params }) => {
    const detail = await transactionDetail(ctx, params.hash);
    if (!detail) throw notFound(Msg.txNotFound);
    return detail;
  });

  handle(api.walletDetail, async ({ params: { address } }) => {
    // The pattern passed; a mixed-case address must also carry a valid checksum.
    if (!ethers.isAddress(address)) throw badRequest(Msg.addressInvalid);
    return walletDetail(ctx, address);
  });
  handle(api.walletHistory, async ({ body: q }) => walletHistory(ctx, q.address, q.page, q.perPage));
  handle(api.walletHistoryDownload, async ({ body: q }, _req, res) => {
    await streamXlsx(res, {
      fileName: api.walletHistoryDownload.file,
      sheetName: "지갑 내역",
      columns: ROW_FILE,
      pages: walletHistoryPages(ctx, q.address),
      emptyMessage: Msg.noResults,
    });
  });

  handle(api.holders, async ({ query: q }) => holdersPage(ctx, q.page, q.perPage, q.at));
  handle(api.holdersDownload, async ({ query: q }, _req, res) => {
    const at = q.at || undefined;
    async function* all() {
      for (let page = 1; ; page++) {
        const p = await holdersPage(ctx, page, 100, at);
        yield* p.holder_list;
        if (page * 100 >= p.total || p.holder_list.length === 0) return;
      }
    }
    await streamXlsx(res, {
      fileName: api.holdersDownload.file,
      sheetName: "보유자",
      columns: [
        { header: "순위", value: (h) => h.rank },
        { header: "주소", value: (h) => h.address, width: 44 },
        { header: "보유자", value: (h) => h.name },
        { header: "보유 금액(원)", value: (h) => Number(h.balance) },
      ],
      rows: all(),
      emptyMessage: Msg.noResults,
    });
  });

  // Block or unblock a member's wallet (dual control): a proposal; its approval blocks on chain and sets the member's state.
  const blocking = async (block: boolean, phone: string, reason: string, req: Request) => {
    const wallet = await memberWalletByPhone(ctx.db, phone);
    if (!wallet) throw notFound(Msg.memberNotFoundByPhone);
    const kind = block ? "block" : "unblock";
    const proposal = await propose(ctx, authOf(req).admin!, {
      kind,
      payload: { address: wallet.address },
      reason,
    });
    return withMessage({ proposal, message: Msg.proposalCreated }, Msg.proposalCreated);
  };
  handle(api.blockWallet, async ({ body }, req) => blocking(true, body.phone, body.reason, req));
  handle(api.unblockWallet, async ({ body }, req) => blocking(false, body.phone, body.reason, req));

  // The timeline of the emergency pause: what the chain says happened, not what the proposals say was asked.
  handle(api.pauseTimeline, async () => {
    const [events, paused] = await Promise.all([ctx.view.tokenEvents({ kind: ["paused", "unpaused"], limit: 20 }), ctx.view.isPaused()]);
    return {
      paused,
      list: [...events.items]
        .sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex)
        .map((e) => ({
          kind: e.kind as "paused" | "unpaused",
          blockNumber: e.blockNumber,
          txHash: e.txHash,
          actor: e.actor,
          timestamp: e.timestamp.toISOString(),
        })),
    };
  });

  handle(api.reconcile, async () => {
    // Against a node still replaying its journal every difference would be a false alarm. A read, not a money call:
    // neither gas nor the emergency pause is asked (the books are what an operator checks during an incident).
    await ensureChainReadable(ctx);
    return reconcile({ db: ctx.db, view: ctx.view, token: ctx.chain.token, provider: ctx.chain.provider });
  });

  handle(api.gas, async () => {
    const g = await gasStatus(ctx, true);
    return { ...g, replacements: (await recentReplacements(ctx.db)).map((r) => ({ ...r, nonce: Number(r.nonce) })) };
  });

  return router;
}
