/** Korean labels of the member's 회원 탈퇴 page (/info/close). */
export const CloseLabels = {
  title: "회원 탈퇴",
  intro:
    "탈퇴하면 이 계정으로 다시 로그인할 수 없고, 이름·연락처·주소 등 개인정보는 지워집니다. 거래 기록은 관련 법령(전자금융거래법)에 따라 5년간 보관됩니다. 같은 휴대폰 번호로 새로 가입할 수 있습니다.",
  stepVerify: "1. 본인 확인",
  verifyHint: "탈퇴하려면 먼저 본인 인증을 다시 해 주세요.",
  verify: "본인 인증",
  verified: "본인 확인이 완료되었습니다.",
  stepBalance: "2. 남은 잔액",
  balance: "보유 잔액",
  refundable: "환불 금액",
  fee: "환불 수수료",
  noBalance: "남은 잔액이 없습니다.",
  fullRight: (title: string) => `'${title}' 고지 기간이라 잔액 전액이 차감 없이 환불됩니다 (변경에 동의하지 않는 회원의 전액 환급).`,
  expired: (won: string) => `유효기간이 지난 잔액이라 약관에 따라 ${won}원을 공제한 금액이 환불됩니다.`,
  refundHint: (name: string) =>
    `남은 잔액은 본인(${name}) 명의 계좌로 환불된 뒤 탈퇴가 완료됩니다. 운영자가 이체한 뒤 지급 완료 문자로 알려드립니다.`,
  bank: "은행",
  account: "계좌번호",
  check: "예금주 확인",
  checked: (name: string) => `예금주 ${name}님 본인 명의 계좌입니다.`,
  forfeit: (won: string) => `잔액 ${won}원은 환불될 금액이 없어 환불되지 않습니다. 잔액 포기에 동의합니다.`,
  agree: "위 안내를 모두 확인했으며 탈퇴에 동의합니다.",
  stepConfirm: "3. 탈퇴",
  submit: "탈퇴하기",
  confirm: (refund: string | null) =>
    refund
      ? `정말 탈퇴하시겠습니까? 잔액 ${refund}원은 입력한 계좌로 환불 신청되며, 탈퇴는 되돌릴 수 없습니다.`
      : "정말 탈퇴하시겠습니까? 탈퇴는 되돌릴 수 없습니다.",
  refundOpen: "처리 중인 환불이 있어 지금은 탈퇴할 수 없습니다. 환불이 처리된 뒤 다시 시도해 주세요.",
  toRefund: "환불 내역 보기",
  buyPending: "입금 대기 중인 구매 신청이 있어 지금은 탈퇴할 수 없습니다. 구매 신청을 취소하거나 입금이 확인된 뒤 다시 시도해 주세요.",
  toHistory: "구매 내역 보기",
  link: "회원 탈퇴",
  linkHint: "더 이상 서비스를 이용하지 않으려면 탈퇴할 수 있습니다. 남은 잔액은 환불받을 수 있습니다.",
} as const;
