import type { SettlementListRow } from "./settlement.repo";
import type * as repo from "./settlement.repo";
import { SettlementStateLabel } from "../../../domain/state-labels";
import type { SettlementHistoryDto, SettlementOrderDetailDto, SettlementOrderDto } from "../../../domain/schemas/settlement";

/** A settlement order's rows as the back-office and the shop owner see them. */
export function orderDto(r: SettlementListRow): SettlementOrderDto {
  return {
    id: r.id,
    orderNo: r.order_no,
    phonenumber: r.phonenumber,
    username: r.username,
    wallet: r.wallet,
    value: Number(r.value),
    state: SettlementStateLabel[r.state],
    createdAt: r.created_at,
    approvedAt: r.approved_at,
    deletedAt: r.deleted_at,
  };
}

/** The detail of an order (`settlementOrderDetail`). */
export function orderDetailDto(r: NonNullable<Awaited<ReturnType<typeof repo.settlementDetail>>>): SettlementOrderDetailDto {
  return {
    ...orderDto(r),
    type: "정산 신청",
    requestPhonenumber: r.phonenumber,
    adminPhonenumber: r.admin_phonenumber ?? null,
    requestAddress: r.wallet,
    adminAddress: r.escrow ?? null,
    requestValue: Number(r.value),
    adminValue: r.state === "approved" ? Number(r.value) : null,
    expiredAt: r.approved_at ?? r.deleted_at ?? null,
    requestTxHash: r.request_tx_hash ?? null,
    burnTxHash: r.burn_tx_hash ?? null,
    returnTxHash: r.return_tx_hash ?? null,
  };
}

export function historyDto(r: SettlementListRow): SettlementHistoryDto {
  return {
    exchangeNo: r.order_no,
    balance: Number(r.value),
    createdAt: r.created_at,
    exchangeAccept: SettlementStateLabel[r.state],
    wallet: r.wallet,
  };
}
