import { formatDateTime, formatWon } from "../../../domain/format";
import type { ReconcileReportDto } from "../../../domain/schemas/dashboard";

/**
 * The Korean words of the reconciliation report (the dashboard card and `npm run reconcile` print the same lines):
 * each check's label, and each line's detail with its amounts and counts in thousands. The `check` keys stay as
 * they are, for whatever reads the report by machine.
 */
export const CHECK_LABELS = {
  "index head": "인덱스 동기화",
  "total supply": "총 발행량",
  balance: "지갑 잔액",
  balances: "모든 잔액",
  "record without transfer": "체인 이동이 없는 거래 기록",
  "record without fee leg": "수수료 이동이 없는 거래 기록",
  "records → chain": "거래 기록 → 체인",
  "transfer without record": "거래 기록이 없는 체인 이동",
  "chain → records": "체인 → 거래 기록",
  "call without outcome": "결과가 확정되지 않은 발행·소각",
  "call without transfer": "체인 이동이 없는 발행·소각",
  "calls → chain": "발행·소각 → 체인",
  "buy order": "구매 주문",
  "buy orders": "구매 주문",
  "bank credit": "은행 입금",
  "bank credits": "은행 입금 ⇄ 구매",
  "merchant payment": "가맹점 결제",
  "merchant payments": "가맹점 결제 ⇄ 이동",
  "settlement escrow": "정산 보관 지갑",
  "refund escrow": "환불 보관 지갑",
  "refund payouts": "환불 지급",
  reserves: "준비금",
} as const;
export type ReconcileCheck = keyof typeof CHECK_LABELS;

const RECORD_KINDS: Record<string, string> = {
  gift: "선물",
  use: "사용",
  buy: "구매 승인",
  settlement: "정산 신청",
  settlement_return: "정산 반환",
  admin: "운영 전송",
  seed: "데모 지급",
  payment_cancel: "가맹점 결제 취소",
  refund: "환불 신청",
  refund_return: "환불 반려",
};
const CHAIN_KINDS: Record<string, string> = { mint: "발행", transfer: "전송", fee: "수수료", burn: "소각" };
const CALL_STATES: Record<string, string> = { pending: "대기", submitted: "전송됨", confirmed: "확정", failed: "실패" };

const won = (v: bigint | number | string) => `${formatWon(v)}원`;
const count = (n: number) => formatWon(n);
const recordKind = (k: string) => RECORD_KINDS[k] ?? k;
const chainKind = (k: string) => CHAIN_KINDS[k] ?? k;

export const reconcileText = {
  indexBehind: (head: number, at: number) => `인덱스는 블록 ${head}, 체인은 블록 ${at}에 있습니다. 인덱서가 따라잡은 뒤 다시 확인해 주세요`,
  supply: (chain: bigint, index: bigint, sum: bigint) =>
    `체인 총발행량 (totalSupply) ${won(chain)}, 인덱스 집계 ${won(index)}, 인덱스 잔액 합계 ${won(sum)}`,
  balanceDiffers: (address: string, index: bigint, chain: bigint) => `${address}: 인덱스 ${won(index)}, 체인 ${won(chain)}`,
  balancesAgree: (addresses: number) => `주소 ${count(addresses)}개: 인덱스 잔액이 모두 체인 잔액 (balanceOf)과 같습니다`,
  recordWithoutTransfer: (r: {
    id: number;
    kind: string;
    value: number;
    from_address: string;
    to_address: string;
    tx_hash: string | null;
  }) =>
    `거래 기록 #${r.id} (${recordKind(r.kind)} ${won(r.value)}, ${r.from_address} → ${r.to_address}, 트랜잭션 ${r.tx_hash ?? "없음"})의 이동이 체인에 없습니다`,
  recordWithoutFee: (id: number, fee: number, from: string, hash: string) =>
    `거래 기록 #${id}: 트랜잭션 ${hash}에 ${from}의 수수료 ${won(fee)} 이동이 없습니다`,
  recordsAgree: (rows: number) => `확정된 거래 기록 ${count(rows)}건, 모두 체인에 이동이 있습니다`,
  transferWithoutRecord: (t: { kind: string; value: bigint; from: string; to: string; txHash: string; logIndex: number }) =>
    `${chainKind(t.kind)} ${won(t.value)} ${t.from} → ${t.to} (트랜잭션 ${t.txHash}, 로그 ${t.logIndex}): 거래 기록이 없습니다`,
  chainAgrees: (transfers: number) => `체인의 토큰 이동 ${count(transfers)}건, 모두 거래 기록이 있습니다`,
  callWithoutOutcome: (c: { method: string; id: number; status: string; updated_at: string; tx_hash: string | null }, value: bigint) =>
    `${chainKind(c.method)} #${c.id} (${won(value)}): ${formatDateTime(c.updated_at)}부터 ${CALL_STATES[c.status] ?? c.status} 상태${c.tx_hash ? `, 트랜잭션 ${c.tx_hash}` : ""}. 영수증으로 아직 확정되지 않았습니다`,
  callWithoutTransfer: (c: { method: string; id: number; tx_hash: string | null }, value: bigint) =>
    `${chainKind(c.method)} #${c.id} (${won(value)}): 확정으로 기록되었으나 트랜잭션 ${c.tx_hash ?? "없음"}에 그 ${chainKind(c.method)} 이동이 없습니다`,
  callsAgree: (calls: number) => `발행·소각 호출 ${count(calls)}건, 모두 체인에 이동이 있습니다`,
  strandedBuy: (transferId: number) =>
    `구매확정 주문의 이동(거래 기록 #${transferId})이 체인에서 실패했습니다. 주문은 구매대기로 돌아가야 합니다`,
  buysAgree: () => "구매확정 주문의 이동은 모두 처리 중이거나 체인에 있습니다",
  creditWithoutPurchase: (id: number, amount: number) =>
    `은행 입금 #${id} (${won(amount)})으로 확정된 주문이 그 금액의 구매확정 이동(금고 → 회원)과 맞지 않습니다`,
  purchaseWithoutCredit: (id: number, value: number) => `은행이 확정한 구매 주문 #${id} (${won(value)})에 은행 입금 기록이 없습니다`,
  paymentWithoutMove: (id: string, amount: number) =>
    `가맹점 결제 ${id} (${won(amount)})에 같은 금액의 확정된 사용 이동(회원 → 가맹점 지갑)이 없습니다`,
  paymentCancelledOff: (id: string, amount: number) => `가맹점 결제 ${id}의 취소 금액 ${won(amount)}이 취소 기록의 합과 다릅니다`,
  cancelWithoutMove: (id: number, paymentId: string, amount: number) =>
    `결제 ${paymentId}의 취소 #${id} (${won(amount)})에 같은 금액의 확정된 취소 이동(가맹점 → 회원)이 없습니다`,
  cancelMoveWithoutRecord: (id: number, value: number) => `취소 이동 #${id} (${won(value)})에 결제 취소 기록이 없습니다`,
  paymentsAgree: (n: number, paid: number, cancelled: number) =>
    `가맹점 결제 ${count(n)}건 (${won(paid)}, 취소 ${won(cancelled)}) 모두 체인의 이동과 맞습니다`,
  creditsAgree: (n: number, sum: number) => `은행 입금 ${count(n)}건 (${won(sum)}) 모두 같은 금액의 구매확정 이동과 맞습니다`,
  escrow: (address: string, held: bigint, expected: bigint) =>
    `${address} 보유 ${won(held)}, 정산 주문 기준 ${won(expected)} (신청 입금 − 소각 − 반환)`,
  refundEscrow: (address: string, held: bigint, expected: bigint) =>
    `${address} 보유 ${won(held)}, 열린 환불 기준 ${won(expected)} (신청 입금 − 지급 소각 − 반려 반환)`,
  refundPaidWithoutBurn: (ids: number[]) => `지급 완료 환불 ${ids.map((i) => `#${i}`).join(", ")}에 확정된 소각이 없습니다`,
  refundPayoutsAgree: (paid: number) =>
    `지급 완료 환불 ${count(paid)}건, 모두 확정된 소각이 있습니다 (소각은 위 발행·소각 점검에서 체인과 대조)`,
  reserves: (operator: bigint, member: bigint, outside: bigint, supply: bigint) =>
    `운영 지갑 ${won(operator)} + 회원 ${won(member)} + 외부 주소 ${won(outside)} = ${won(operator + member + outside)}, 총발행량 (totalSupply) ${won(supply)}`,
};

/** Columns of Korean text line up by display width (a Hangul syllable takes two columns of a terminal). */
const widthOf = (s: string) => [...s].reduce((w, c) => w + (/[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(c) ? 2 : 1), 0);
const padEnd = (s: string, width: number) => s + " ".repeat(Math.max(0, width - widthOf(s)));

/** The report as a person reads it, in Korean: the same lines as the dashboard card, amounts in won with thousands separators. */
export function reportLines(report: ReconcileReportDto, deployment: { token: string; chainId: number }): string[] {
  const width = Math.max(...report.lines.map((l) => widthOf(l.label)));
  const reserveWidth = Math.max(...report.reserves.map((r) => widthOf(r.label)));
  const bad = report.lines.filter((l) => !l.ok).length;
  return [
    `KRW Voucher 장부 대사 — 토큰 ${deployment.token}, 체인 ${deployment.chainId}, ${formatDateTime(report.checkedAt)}`,
    "",
    ...report.lines.map((l) => `${l.ok ? "일치  " : "불일치"}  ${padEnd(l.label, width)}  ${l.detail}`),
    "",
    "준비금 증명 (원)",
    ...report.reserves.map((r) => `  ${padEnd(r.label, reserveWidth)}  ${formatWon(r.value).padStart(16)}`),
    "",
    bad === 0 ? "모든 항목이 일치합니다." : `${formatWon(bad)}개 항목이 일치하지 않습니다.`,
  ];
}
