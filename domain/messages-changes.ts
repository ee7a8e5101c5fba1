import { CHANGE_POSTED_DAYS, SHOP_REMOVAL_NOTICE_DAYS, TERMS_CHANGE_NOTICE_MONTHS } from "./policy/change-notice";

/** Korean messages of the notices of change (issue 53 item 2), spread into Msg (domain/messages.ts). */
export const ChangeMsg = {
  changeShopTooSoon: `가맹점 축소는 시행일 ${SHOP_REMOVAL_NOTICE_DAYS}일 전까지 고지해야 합니다. 시행일을 다시 정해 주세요.`,
  changeTermsTooSoon: `약관 변경은 시행일 ${TERMS_CHANGE_NOTICE_MONTHS}개월 전까지 고지해야 합니다. 시행일을 다시 정해 주세요.`,
  changeNotFound: "변경 고지를 찾을 수 없습니다.",
  changeNotEditable: "이미 시행되었거나 철회된 변경은 수정할 수 없습니다.",
  changeNotDraft: "작성 중인 변경만 게시할 수 있습니다.",
  changeMerchantRequired: "사용처에서 제외할 가맹점을 골라 주세요.",
  changeMerchantGone: "이미 사용할 수 없는 가맹점입니다.",
  changeMerchantPending: "이 가맹점의 축소 고지가 이미 있습니다.",
  changeContentRequired: "새 약관 내용을 입력해 주세요.",
  changeTitleRequired: "제목을 입력해 주세요.",
  changeSummaryRequired: "회원에게 알릴 변경 내용을 입력해 주세요.",
  changeReasonRequired: "철회 사유를 입력해 주세요.",
  changeDateInvalid: "시행일은 YYYY-MM-DD 형식으로 입력해 주세요.",
  changeRightReason: "변경 고지에 따른 전액 환급",
  changePostedFor: `시행일 후 ${CHANGE_POSTED_DAYS}일까지 게시됩니다.`,
} as const;
