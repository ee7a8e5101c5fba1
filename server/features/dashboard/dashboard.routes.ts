import { Router } from "express";
import { z } from "zod";
import { ethers } from "ethers";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { AppError, badRequest, notFound, ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import { streamXlsx, type SheetColumn } from "../../http/xlsx";
import { dashboardPage, dashboardRows, holdersPage, indexReached, transactionDetail, walletDetail, walletHistory, walletHistoryRows } from "./dashboard.service";
import { reconcile } from "./reconcile";
import { memberWalletByPhone } from "./dashboard.repo";
import { setMemberState } from "../members/members.repo";
import { appendAction } from "../audit/audit.repo";
import { callToken } from "../../money/chain-calls";
import { ensureChainUp } from "../../money/chain-status";
import {
  blockBody, dashboardListRequest, holdersRequest, txHash, walletAddress, walletHistoryRequest,
  type DashboardListRequest, type DashboardRowDto, type WalletHistoryRequest,
} from "../../../domain/schemas/dashboard";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { formatDateTime } from "../../../domain/format";

const TYPE_LABEL: Record<DashboardRowDto["type"], string> = { mint: "발행", transfer: "전송", gift: "선물", use: "사용", fee: "수수료", burn: "소각", settlement: "정산" };

/** The dashboard download's columns (also streamed by `npm run bench`'s downloads section). */
export const ROW_FILE: SheetColumn<DashboardRowDto>[] = [
  { header: "거래 해시", value: (r) => r.hash, width: 68 },
  { header: "보낸 주소", value: (r) => r.from, width: 44 },
  { header: "보낸 사람", value: (r) => r.fromName },
  { header: "받는 주소", value: (r) => r.to, width: 44 },
  { header: "받는 사람", value: (r) => r.toName },
  { header: "금액(원)", value: (r) => Number(r.value) },
  { header: "시간", value: (r) => formatDateTime(r.timestamp), width: 20 },
  { header: "블록", value: (r) => r.block },
  { header: "가스 비용(wei)", value: (r) => r.gasFee, width: 22 },
  { header: "유형", value: (r) => TYPE_LABEL[r.type] },
];

/** The chain dashboard for operators and auditors (spec: dashboard, dashboard/detail/{address}, dashboard/holder). */
export function dashboardRoutes(ctx: AppContext): Router {
  const r = Router();
  const gate = adminGate(ctx);
  const list = async (q: DashboardListRequest) => dashboardPage(ctx, q);

  r.post("/api/dashboard/list", gate, validate(dashboardListRequest), async (req, res) => ok(res, await list(valid<DashboardListRequest>(req).body)));
  r.post("/api/dashboard/table", gate, validate(dashboardListRequest), async (req, res) => ok(res, await list(valid<DashboardListRequest>(req).body)));
  r.post("/api/dashboard/download", gate, validate(dashboardListRequest), async (req, res) => {
    const q = valid<DashboardListRequest>(req).body;
    await streamXlsx(res, { fileName: "dashboard_list.xlsx", sheetName: "거래 내역", columns: ROW_FILE, rows: dashboardRows(ctx, q), emptyMessage: Msg.noResults });
  });

  r.get("/api/dashboard/transaction/:hash", gate, async (req, res) => {
    const parsed = txHash.safeParse(req.params.hash);
    if (!parsed.success) throw badRequest(Msg.txHashInvalid);
    const detail = await transactionDetail(ctx, parsed.data);
    if (!detail) throw notFound(Msg.txNotFound);
    ok(res, detail);
  });

  r.get("/api/dashboard/detail/:address", gate, async (req, res) => {
    const parsed = walletAddress.safeParse(req.params.address);
    if (!parsed.success || !ethers.isAddress(parsed.data)) throw badRequest(Msg.addressInvalid);
    ok(res, await walletDetail(ctx, parsed.data));
  });
  r.post("/api/dashboard/detail_table", gate, validate(walletHistoryRequest), async (req, res) => {
    const q = valid<WalletHistoryRequest>(req).body;
    ok(res, await walletHistory(ctx, q.address, q.page, q.perPage));
  });
  r.post("/api/dashboard/detail_download", gate, validate(walletHistoryRequest), async (req, res) => {
    const q = valid<WalletHistoryRequest>(req).body;
    await streamXlsx(res, { fileName: "wallet_history_list.xlsx", sheetName: "지갑 내역", columns: ROW_FILE, rows: walletHistoryRows(ctx, q.address), emptyMessage: Msg.noResults });
  });

  r.get("/api/dashboard/holder", gate, validate(holdersRequest, "query"), async (req, res) => {
    const q = valid<unknown, unknown, z.output<typeof holdersRequest>>(req).query;
    ok(res, await holdersPage(ctx, q.page, q.perPage));
  });
  r.get("/api/dashboard/holder/download", gate, async (_req, res) => {
    async function* all() {
      for (let page = 1; ; page++) {
        const p = await holdersPage(ctx, page, 100);
        yield* p.holder_list;
        if (page * 100 >= p.total || p.holder_list.length === 0) return;
      }
    }
    await streamXlsx(res, {
      fileName: "holder_list.xlsx",
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

  // Block or unblock a member's wallet: the contract's block list on chain, and the member's state.
  const blocking = (block: boolean) => async (req: import("express").Request, res: import("express").Response) => {
    const { phone } = valid<z.infer<typeof blockBody>>(req).body;
    const admin = authOf(req).admin!;
    const wallet = await memberWalletByPhone(ctx.db, phone);
    if (!wallet) throw notFound(Msg.memberNotFoundByPhone);
    await ensureChainUp(ctx);
    const call = await callToken(ctx, block ? "blockAccount" : "unblockAccount", [wallet.address], admin.id);
    if (call.status !== "confirmed") throw new AppError(Code.SERVER_ERROR, block ? Msg.walletBlockFailed : Msg.walletUnblockFailed, { error: call.error });
    const state = block ? "suspension" : "repair";
    await setMemberState(ctx.db, wallet.member_id, state);
    await appendAction(ctx.db, {
      adminId: admin.id,
      adminLoginId: admin.login_id,
      action: block ? "wallet.block" : "wallet.unblock",
      targetType: "member",
      targetId: wallet.member_id,
      before: { state: wallet.state, address: wallet.address },
      after: { state, address: wallet.address },
      txHash: call.tx_hash,
    });
    // The detail reloads from the index: answer once the index shows the block (or after 10 s).
    if (call.block_number !== null) await indexReached(ctx, call.block_number);
    ok(res, { address: wallet.address, txHash: call.tx_hash, blockNumber: call.block_number, message: block ? Msg.walletBlocked : Msg.walletUnblocked });
  };
  r.post("/api/dashboard/block", gate, validate(blockBody), blocking(true));
  r.post("/api/dashboard/unblock", gate, validate(blockBody), blocking(false));

  r.get("/api/dashboard/reconcile", gate, async (_req, res) => {
    // Against a node still replaying its journal every difference would be a false alarm.
    await ensureChainUp(ctx);
    ok(res, await reconcile({ db: ctx.db, view: ctx.view, token: ctx.chain.token, provider: ctx.chain.provider }));
  });

  return r;
}
