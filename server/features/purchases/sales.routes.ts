import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { forbidden, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { eachItem } from "../../http/bulk";
import { chosenColumns, streamXlsx, type KeyedColumn } from "../../http/xlsx";
import * as repo from "./sales.repo";
import { idempotent } from "../../money/idempotency";
import { acceptBuy, cancelBuy } from "./purchases.service";
import { salesApi as api } from "../../../domain/api/purchases";
import { closedAt } from "./purchases.repo";
import { allPages } from "../../db/paged";
import { allowsArea } from "../../../domain/admin-access";
import { Msg } from "../../../domain/messages";
import { CONFIRMED_BY_LABEL } from "../../../domain/policy/bank";
import { PHONE_HEADER } from "../../../domain/access-log";
import { formatDate, formatDateTime } from "../../../domain/format";
import {
  MOVE_STATE_LABEL,
  SALE_TYPES,
  SELL_STATE_LABEL,
  type MoveColumn,
  type MoveRowDto,
  type SaleListRequest,
  type SaleTotals,
  type SaleType,
  type SellColumn,
  type SellRowDto,
} from "../../../domain/schemas/purchases";
import { seoulPeriods } from "../../../domain/schemas/shared/periods";

/** Each type's totals and download, on paths of their own (`/api/sale/{type}`, `/api/sale/{type}/download`). */
const BY_TYPE = {
  sell: { totals: api.saleTotalsSell, download: api.saleSellDownload },
  use: { totals: api.saleTotalsUse, download: api.saleUseDownload },
  gift: { totals: api.saleTotalsGift, download: api.saleGiftDownload },
} as const;

/** The list and detail calls carry the type in the body: the gate admits any sales flag, this checks the type's own (its totals' area). */
function requireSaleType(req: Request, type: SaleType): void {
  if (!allowsArea(BY_TYPE[type].totals.access.area, authOf(req).admin!)) throw forbidden();
}

const sellDto = (r: repo.SellDbRow): SellRowDto => ({
  id: Number(r.id),
  orderNo: r.order_no,
  type: SELL_STATE_LABEL[r.state],
  state: r.state,
  confirmedBy: r.confirmed_by ? CONFIRMED_BY_LABEL[r.confirmed_by] : null,
  bank: [r.bank_name, r.bank_account, r.owner_name].filter(Boolean).join(" "),
  username: r.username,
  phone: r.phonenumber,
  address: r.address ?? null,
  createdAt: r.created_at,
  // Spec: accepting changes type and expiredAt. An order's expiredAt is its deadline while it waits, then the
  // moment it closed (accepted or cancelled).
  expiredAt: closedAt(r),
  value: Number(r.value),
  fromId: null,
  toId: Number(r.member_id),
  txHash: r.tx_hash ?? null,
});

const moveDto = (r: repo.MoveDbRow): MoveRowDto => ({
  id: Number(r.id),
  type: MOVE_STATE_LABEL[r.status],
  senderAddress: r.from_address,
  receiverAddress: r.to_address,
  username: r.from_username ?? null,
  toUsername: r.to_username ?? null,
  value: Number(r.value),
  fee: Number(r.fee),
  createdAt: r.created_at,
  expiredAt: null,
  fromId: r.member_id === null ? null : Number(r.member_id),
  toId: r.counterparty_member_id === null ? null : Number(r.counterparty_member_id),
  txHash: r.tx_hash,
});

/** Day / week / month totals of one sale type around `now` (Asia/Seoul). */
export async function saleTotals(ctx: Pick<AppContext, "db">, type: SaleType, now: Date | number = Date.now()): Promise<SaleTotals> {
  const p = seoulPeriods(now);
  const sum = (r: { start: Date; end: Date }) =>
    type === "sell"
      ? repo.sumSell(ctx.db, r.start.toISOString(), r.end.toISOString())
      : repo.sumMoves(ctx.db, type, r.start.toISOString(), r.end.toISOString());
  const [daily_value, weekly_value, monthly_value] = await Promise.all([sum(p.day), sum(p.week), sum(p.month)]);
  return { daily_value, weekly_value, monthly_value };
}

async function salePage(
  ctx: AppContext,
  req: SaleListRequest,
): Promise<{ list: (SellRowDto | MoveRowDto)[]; total: number; page: number; perPage: number }> {
  // The schema checked the range and added its Asia/Seoul bounds.
  const q = { ...req, start: req.start!, end: req.end! };
  if (q.type === "sell") {
    const page = await repo.listSell(ctx.db, q);
    return { ...page, list: page.list.map(sellDto) };
  }
  const page = await repo.listMoves(ctx.db, q.type, q);
  return { ...page, list: page.list.map(moveDto) };
}

/** The files' columns, keyed as the lists' (SALE_COLUMNS); a download's `columns` picks and orders them. */
export const SELL_FILE: KeyedColumn<SellRowDto, SellColumn>[] = [
  { key: "id", header: "번호", value: (r) => r.id },
  { key: "orderNo", header: "주문번호", value: (r) => r.orderNo },
  { key: "status", header: "상태", value: (r) => r.type },
  { key: "confirmedBy", header: "확인 방법", value: (r) => r.confirmedBy ?? "" },
  { key: "bank", header: "입금 계좌", value: (r) => r.bank, width: 30 },
  { key: "username", header: "이름", value: (r) => r.username },
  { key: "phone", header: PHONE_HEADER, value: (r) => r.phone },
  { key: "address", header: "지갑 주소", value: (r) => r.address ?? "", width: 46 },
  { key: "createdAt", header: "신청일", value: (r) => formatDateTime(r.createdAt) },
  { key: "expiredAt", header: "마감일", value: (r) => formatDateTime(r.expiredAt) },
  { key: "value", header: "금액", value: (r) => r.value },
  { key: "txHash", header: "트랜잭션", value: (r) => r.txHash ?? "", width: 68 },
];
export const moveFile = (gift: boolean): KeyedColumn<MoveRowDto, MoveColumn>[] => [
  { key: "id", header: "번호", value: (r) => r.id },
  { key: "status", header: "상태", value: (r) => r.type },
  { key: "sender", header: "보낸 주소", value: (r) => r.senderAddress, width: 46 },
  { key: "receiver", header: "받는 주소", value: (r) => r.receiverAddress, width: 46 },
  { key: "from", header: "보낸 사람", value: (r) => r.username ?? "" },
  { key: "to", header: "받는 사람", value: (r) => r.toUsername ?? "" },
  { key: "value", header: "금액", value: (r) => r.value },
  ...(gift ? [{ key: "fee" as const, header: "수수료", value: (r: MoveRowDto) => r.fee }] : []),
  { key: "createdAt", header: "일시", value: (r) => formatDateTime(r.createdAt) },
  { key: "txHash", header: "트랜잭션", value: (r) => r.txHash ?? "", width: 68 },
];

/** Sales (spec §7 "Sales"): totals, list, detail and the sale_{type}.xlsx download. Accept and delete live with the buy routes. */
export function salesRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  for (const type of SALE_TYPES) {
    const { totals, download } = BY_TYPE[type];
    handle(totals, async () => saleTotals(ctx, type));

    handle(download, async ({ query: q }, _req, res) => {
      const h = { ...q, start: q.start!, end: q.end!, sortBy: "id" as const, sortDesc: false };
      const name = download.file;
      if (type === "sell") {
        const rows = allPages(async (page, perPage) => ({
          list: (await repo.listSell(ctx.db, { ...h, page, perPage })).list.map(sellDto),
        }));
        await streamXlsx(res, { fileName: name, sheetName: "판매 내역", columns: chosenColumns(SELL_FILE, q.columns), rows });
      } else {
        const rows = allPages(async (page, perPage) => ({
          list: (await repo.listMoves(ctx.db, type, { ...h, page, perPage })).list.map(moveDto),
        }));
        await streamXlsx(res, {
          fileName: name,
          sheetName: type === "use" ? "사용 내역" : "선물 내역",
          columns: chosenColumns(moveFile(type === "gift"), q.columns),
          rows,
        });
      }
    });
  }

  handle(api.saleList, async ({ body: q }, req) => {
    requireSaleType(req, q.type);
    return salePage(ctx, q);
  });

  handle(api.saleDetail, async ({ body: { id, type } }, req) => {
    requireSaleType(req, type);
    const row =
      type === "sell"
        ? await repo.sellById(ctx.db, id).then((x) => x && sellDto(x))
        : await repo.moveById(ctx.db, type, id).then((x) => x && moveDto(x));
    if (!row) throw notFound();
    return { ...row, date: formatDate(row.createdAt) };
  });

  // Operator: approve a deposit (treasury → buyer on-chain) or cancel a pending order.
  handle(api.saleAccept, { use: [idempotent(ctx)] }, async ({ body: { id } }, req) => {
    const order = await acceptBuy(ctx, id, new Date(), authOf(req).admin!);
    return {
      id: order.id,
      orderNo: order.order_no,
      type: "입금 완료",
      value: order.value,
      expiredAt: closedAt(order),
      txHash: order.txHash,
      status: order.status,
    };
  });

  handle(api.saleDelete, async ({ params: { id } }, req) => {
    await cancelBuy(ctx, id, authOf(req).admin!);
    return "OK" as const;
  });

  // Several at once: each order through the single call's service (its own transaction, audit and wait), in turn.
  handle(api.saleAcceptBulk, { use: [idempotent(ctx)] }, async ({ body: { ids } }, req, res) =>
    eachItem(ctx, res, ids, async (id) => ({
      message: Msg.saleApproved,
      txHash: (await acceptBuy(ctx, id, new Date(), authOf(req).admin!)).txHash,
    })),
  );
  handle(api.saleDeleteBulk, { use: [idempotent(ctx)] }, async ({ body: { ids } }, req, res) =>
    eachItem(ctx, res, ids, async (id) => {
      await cancelBuy(ctx, id, authOf(req).admin!);
      return { message: Msg.saleDeleted };
    }),
  );

  return router;
}
