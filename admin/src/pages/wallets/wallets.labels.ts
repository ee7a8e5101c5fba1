import { DUAL_CONTROL_TRANSFER_THRESHOLD_WON } from "@domain/constants";

/** Korean labels of the operator wallets' page (지갑 관리) and its transfer form; part of `L.wallet`. */
export const WALLET_LABELS = {
  title: "지갑 관리",
  create: "지갑 생성",
  nickName: "지갑 별칭",
  id: "번호",
  wallet: "지갑",
  address: "주소",
  copy: "주소 복사",
  balance: "잔액",
  daily: "일간 보낸 금액",
  weekly: "주간 보낸 금액",
  monthly: "월간 보낸 금액",
  transfer: "전송",
  from: "보내는 지갑",
  to: "받는 지갑 또는 주소",
  toPlaceholder: "0x로 시작하는 주소",
  reason: "사유",
  reasonHint: `${DUAL_CONTROL_TRANSFER_THRESHOLD_WON.toLocaleString("ko-KR")}원 초과는 승인 요청이 되어 사유가 필요합니다`,
  pick: "지갑을 선택해주세요",
  amount: "금액",
  send: "전송",
} as const;
