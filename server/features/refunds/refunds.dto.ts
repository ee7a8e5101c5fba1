import type { RefundListRow, RefundRow } from "./refunds.repo";
import { RefundKindLabel, RefundRuleLabel, RefundStateLabel } from "../../../domain/state-labels";
import type { RefundAdminRow, RefundDto } from "../../../domain/schemas/refunds";

/** The account number shown: all but its last four digits masked. */
export const maskAccount = (a: string) => `${"*".repeat(Math.max(0, a.length - 4))}${a.slice(-4)}`;

export function refundDto(r: RefundRow & { request_tx_hash?: string | null; burn_tx_hash?: string | null }): RefundDto {
  return {
    id: Number(r.id),
    orderNo: r.order_no,
    kind: r.kind,
    kindLabel: RefundKindLabel[r.kind],
    value: Number(r.value),
    balance: Number(r.balance),
    deduction: Number(r.deduction),
    rule: r.rule,
    ruleLabel: RefundRuleLabel[r.rule as keyof typeof RefundRuleLabel] ?? r.rule,
    bankName: r.bank_name,
    bankAccount: maskAccount(r.bank_account),
    holderName: r.holder_name,
    state: r.state,
    stateLabel: RefundStateLabel[r.state],
    bankRef: r.bank_ref,
    rejectReason: r.reject_reason,
    requestTxHash: r.request_tx_hash ?? null,
    burnTxHash: r.burn_tx_hash ?? null,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  };
}

/** The operators see the whole account number (they pay into it). */
export function refundAdminDto(r: RefundListRow): RefundAdminRow {
  return {
    ...refundDto(r),
    bankAccount: r.bank_account,
    id: Number(r.id),
    username: r.username,
    phonenumber: r.phonenumber,
    closedAt: r.closed_at,
    proposalId: r.proposal_id === null ? null : Number(r.proposal_id),
  };
}
