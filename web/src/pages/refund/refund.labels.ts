/** Korean labels of the member's refund page (/info/refund). */
export const RefundLabels = {
  title: "잔액 환불",
  balance: "잔액",
  used: "사용 비율",
  required: "필요",
  rule: "적용 규정",
  refundable: "지금 환불 가능한 금액",
  deduction: "공제",
  fullRightUntil: (day: string) => `${day}까지 잔액 전액을 차감 없이 환불받을 수 있어요.`,
  fullRightLink: "고지 보기",
  open: "처리 중인 환불",
  holder: "예금주 (본인 실명)",
  bank: "은행",
  account: "계좌번호",
  check: "예금주 확인",
  checked: (name: string) => `예금주 ${name}님 본인 명의 계좌입니다.`,
  /** The rule and the amount still to use, in one sentence (공정위 선불식 상품권 표준약관). */
  notYet: (more: string, percent: number, small: boolean) =>
    `${more}원을 더 사용하면 잔액을 환불받을 수 있어요. ${small ? "1만원 이하 상품권은 " : ""}충전한 금액의 ${percent}% 이상을 사용하면 남은 잔액을 환불해 드려요.`,
  amount: "환불 신청 금액(원)",
  submit: "환불 신청",
  history: "환불 내역",
  none: "환불 내역이 없습니다.",
} as const;
