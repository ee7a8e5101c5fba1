/** Korean labels of the checkout (/pay/:paymentId) and the scan page (/scan). */
export const PayLabels = {
  title: "결제",
  merchant: "가맹점",
  item: "상품",
  orderId: "주문번호",
  amount: "결제 금액",
  fee: "수수료",
  total: "총 차감 금액",
  balance: "보유 금액",
  after: "결제 후 잔액",
  expires: (min: number) => (min > 0 ? `${min}분 안에 결제해 주세요.` : "결제 시간이 곧 끝납니다."),
  feeNote: "수수료는 사용 수수료와 같고, 가맹점이 결제를 취소하면 결제 금액만 돌려받습니다.",
  pay: "결제하기",
  back: "가맹점으로 돌아가기",
  giveUp: "결제하지 않고 돌아가기",
  short: "보유 금액이 부족합니다. 충전한 뒤 다시 결제해 주세요.",
  charge: "충전하러 가기",
  done: "결제가 완료되었습니다. 가맹점으로 이동합니다.",
  doneMine: "이 결제는 이미 완료했습니다.",
  notFound: "결제 요청을 찾을 수 없습니다. 주소를 확인해 주세요.",
  won: (s: string) => `${s}원`,
  scanTitle: "결제 QR 스캔",
  scanIntro: "가맹점 화면의 결제 QR을 카메라에 비추거나, QR 이미지를 선택하세요.",
  scanStart: "카메라로 스캔",
  scanStop: "스캔 멈추기",
  scanFile: "QR 이미지 선택",
  scanPaste: "결제 주소 직접 입력",
  scanPasteHint: "결제 주소(https://…/pay/pay_…) 또는 결제 ID",
  scanGo: "결제 화면 열기",
  scanNoCamera: "카메라를 쓸 수 없습니다. 권한을 확인하거나 QR 이미지를 선택해 주세요.",
  scanNotPayment: "결제 QR이 아닙니다. 가맹점의 결제 QR을 스캔해 주세요.",
  scanUnreadable: "이미지에서 QR을 찾지 못했습니다.",
} as const;

/** The payment id a scanned or typed payload names: a checkout URL `…/pay/pay_…` or the id itself; null otherwise. */
export function paymentIdOf(payload: string): string | null {
  const m = /(?:^|\/pay\/)(pay_[A-Za-z0-9]{10,40})(?:[/?#]|$)/.exec(payload.trim());
  return m ? m[1] : null;
}
