/** Korean labels of the public notices of change (/changes, /changes/:id). */
export const ChangesLabels = {
  title: "변경 고지",
  intro:
    "가맹점 축소와 약관 변경은 시행 전에 미리 알려 드리며, 시행 후에도 일정 기간 이곳에 게시합니다. 변경으로 불리해지는 회원은 잔액 전액을 차감 없이 환불받을 수 있습니다.",
  empty: "지금 게시 중인 변경 고지가 없습니다.",
  effective: "시행일",
  posted: "게시일",
  postedUntil: "게시 종료",
  merchant: "가맹점",
  rights: "회원의 권리",
  newTerms: "변경되는 약관 전문",
  refund: "잔액 환불 신청",
  back: "변경 고지 목록",
} as const;
