/** Every Korean message of the product, in one place. Spec strings are kept verbatim. */
export const Msg = {
  // generic
  required: "필수 입력 항목입니다.",
  badRequest: "요청 형식이 올바르지 않습니다.",
  unknownField: "허용되지 않은 항목이 포함되어 있습니다.",
  serverError: "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  notFound: "요청하신 정보를 찾을 수 없습니다.",
  unauthorized: "로그인이 필요합니다.",
  sessionExpired: "로그인이 만료되었습니다. 다시 로그인해 주세요.",
  forbidden: "접근 권한이 없습니다.",
  tooMany: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  chainUnavailable: "블록체인 네트워크에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.",
  idempotencyConflict: "같은 요청 키로 다른 요청이 이미 처리되었습니다.",
  requestInProgress: "이전 요청을 처리 중입니다. 잠시 후 다시 확인해 주세요.",
  pageNotFound: "페이지를 찾을 수 없습니다.",
  emptyList: "항목이 없습니다",
  loading: "불러오는 중입니다…",

  // login and accounts (user)
  loginFailed: "아이디 또는 비밀번호를 다시 확인해 주세요.",
  accountLocked: "비밀번호를 5회 잘못 입력하여 10분간 이용이 제한됩니다. 잠시 후 다시 시도해 주세요.",
  accountSuspended: "이용이 정지된 계정입니다. 고객센터로 문의해 주세요.",
  accountKicked: "탈퇴 처리된 계정입니다. 고객센터로 문의해 주세요.",
  logoutConfirm: "로그아웃 하시겠습니까?",
  phoneRequired: "핸드폰 번호를 입력해 주세요.",
  passwordRequired: "비밀번호를 입력해 주세요.",
  passwordSix: "6자리 입력이 필요합니다.",
  passwordDigits: "6자리 숫자만 입력해주세요.",
  passwordMismatch: "패스워드가 일치하지 않습니다.",
  passwordWrong: "비밀번호가 일치하지 않습니다.",
  passwordResetFailed: "비밀번호 변경에 실패했습니다. 잠시 후 다시 시도해주세요",
  passwordChanged: "비밀번호 변경이 완료되었습니다.",
  signupFailed: "계정 생성에 실패했습니다. 잠시 후 다시 시도해주세요",
  consentsRequired: "필수 약관에 모두 동의해 주세요.",
  verifyInvalid: "유효하지 않은 인증 요청입니다.",
  verifyExpired: "인증 시간이 만료되었습니다. 다시 인증해 주세요.",
  verifyBirthInvalid: "생년월일 8자리를 입력해 주세요.",
  verifyPhoneInvalid: "휴대폰 번호를 확인해 주세요.",
  verifyNameRequired: "이름을 입력해 주세요.",
  verifyNameTooLong: "이름은 30자 이내로 입력해 주세요.",
  verifyCarrierInvalid: "통신사를 선택해 주세요.",
  verifyCancelled: "본인인증이 완료되지 않았습니다. 다시 시도해 주세요.",
  popupBlocked: "팝업이 차단되었습니다. 팝업을 허용한 뒤 다시 시도해 주세요.",
  verifyPhoneMismatch: "본인인증한 휴대폰 번호와 일치하지 않습니다.",
  alreadyMember: "이미 가입된 회원입니다.",
  underAge: "만 19세 미만은 가입할 수 없습니다.",
  myInfoSaved: "내 정보 변경이 완료되었습니다.",
  myInfoFailed: "내 정보 변경 실패하였습니다.",
  emailInvalid: "이메일 형식이 올바르지 않습니다.",
  nicknameTooLong: "닉네임은 20자 이내로 입력해 주세요.",
  copiedQr: "QR 코드가 클립보드에 복사되었습니다.",
  copiedAddress: "지갑 주소가 클립보드에 복사되었습니다.",
  copied: "클립보드에 복사되었습니다.",

  // money (user)
  buyBelowMin: "최소 충전 금액보다 낮습니다.",
  amountUnit: "백원 단위로 입력해 주세요.",
  buyOverCapacity: "잔여 충전 가능 금액 넘었습니다.",
  giftBelowMin: "최소 선물 금액보다 낮습니다.",
  overBalance: "보유금액을 넘었습니다.",
  /** The amount fits the balance but amount + the 200-won fee does not. */
  overBalanceWithFee: "보유금액을 넘었습니다. (수수료 200원 포함)",
  amountTooLong: "금액은 15자리 이내로 입력해 주세요.",
  noMainBank: "입금 계좌가 등록되어 있지 않습니다. 고객센터로 문의해 주세요.",
  recipientPhoneEmpty: "핸드폰 번호를 입력해 주세요.",
  recipientAddressEmpty: "지갑 주소를 입력해 주세요",
  recipientPhoneNotFound: "핸드폰 번호를 확인해 주세요.",
  recipientAddressNotFound: "지갑 주소를 확인해 주세요.",
  notMarketAddress: "'KRW MARKET' 상품권 주소를 입력해 주세요.",
  giftToSelf: "본인에게는 선물할 수 없습니다.",
  recipientBlocked: "받는 분의 지갑이 이용 제한 상태입니다.",
  senderBlocked: "지갑이 이용 제한 상태입니다. 고객센터로 문의해 주세요.",
  paymentLocked: "결제 비밀번호를 5회 잘못 입력하여 10분간 결제가 제한됩니다.",
  treasuryShort: "발행 지갑의 잔액이 부족하여 승인할 수 없습니다.",
  orderNotPending: "입금 대기 상태의 주문만 처리할 수 있습니다.",
  buyCancelConfirm: "입금 전인 구매 신청을 취소하시겠습니까?",
  buyCancelDone: "구매 신청이 취소되었습니다.",
  buyConfirmed: "구매확정",
  buyPending: "구매대기",
  buyCancelled: "구매취소",
  emptyBuy: "구매내역이 없습니다.",
  emptyUse: "사용내역이 없습니다.",
  emptyGift: "선물내역이 없습니다.",

  // address book
  favoriteExists: "이미 즐겨찾기에 등록된 주소입니다.",
  favoriteNotVoucher: "‘KRW Voucher’ 또는 ‘KRWMARKET’ 상품권 주소를 입력해 주세요.",
  favoriteEmpty: "추가한 주소가 없습니다.",
  favoriteBlank: "별칭과 주소를 입력해 주세요.",

  // customer service
  inquiryBlank: "제목 및 내용을 입력해 주세요.",
  inquiryTooLong: "제목은 100자, 내용은 5,000자 이내로 입력해 주세요.",
  inquiryAnswered: "답변이 완료된 문의는 수정할 수 없습니다.",
  inquiryCreated: "1:1 문의가 등록되었습니다.",

  // admin
  adminIdRequired: "아이디를 입력해주세요",
  adminPasswordRequired: "패스워드를 입력해주세요",
  adminLoginFailed: "사용자 정보를 확인해주세요",
  adminIdRule: "아이디는 영문 또는 영문+숫자만 입력 가능합니다.",
  adminIdMin: "5글자 이상으로 입력해주세요",
  adminPasswordMin: "8글자 이상으로 입력해주세요",
  adminCreated: "계정 생성이 완료되었습니다",
  adminExists: "아이디가 존재합니다",
  adminCreateFailed: "계정 생성에 실패하였습니다",
  transferDone: "전송이 완료되었습니다",
  transferCheckInput: "입력 정보를 확인해주세요",
  transferBadTo: "받는 지갑을 확인해주세요",
  transferBadBalance: "잔액을 확인해주세요",
  transferBadFrom: "보내는 지갑을 확인해주세요",
  saleDeleted: "판매내역 삭제가 되었습니다.",
  requesting: "요청중",
  approveDone: "승인 완료",
  approveFailed: "승인 실패",
  deleteDone: "삭제 완료",
  deleteFailed: "삭제 실패",
  noResults: "조회 결과가 존재하지 않습니다",
  noMembers: "회원 정보가 존재하지 않습니다.",
  dateRangeTooLong: "최대 3개월 이내에서 조회하실 수 있습니다.",
  logoutConfirmAdmin: "로그아웃 하시겠습니까?",
} as const;
export type MsgKey = keyof typeof Msg;

/**
 * A password refusal with the tries left before the 10-minute lock. The same words for a member and
 * for a phone that is not one, so the count reveals nothing about membership.
 */
export function withTriesLeft(message: string, left: number): string {
  return `${message} (${left}회 더 틀리면 10분간 이용이 제한됩니다.)`;
}

/** Labels of buy states for the user app. */
export const BuyStateLabel = { pending: Msg.buyPending, confirmed: Msg.buyConfirmed, cancelled: Msg.buyCancelled } as const;

/** Result page (type → message and button). */
export const ResultPages: Record<number, { message: string; button: string; to: string }> = {
  1: { message: "이미 가입된 회원입니다.", button: "로그인", to: "/login" },
  2: { message: "만 19세 미만은 회원가입을 할 수 없습니다.", button: "홈으로", to: "/" },
  3: { message: "유효하지 않은 요청입니다.", button: "회원가입", to: "/signup" },
  4: { message: "회원가입이 완료되었습니다.", button: "로그인", to: "/login" },
  5: { message: "비밀번호 변경이 완료되었습니다.", button: "로그인", to: "/login" },
  6: { message: "상품권 구매 신청이 완료되었습니다. 24시간 이내에 입금해 주세요.", button: "홈으로", to: "/" },
  7: { message: "상품권 선물이 완료되었습니다.", button: "홈으로", to: "/" },
  8: { message: "상품권 사용이 완료되었습니다.", button: "홈으로", to: "/" },
};
