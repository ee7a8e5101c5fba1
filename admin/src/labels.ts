import { Msg } from "@domain/messages";

/** Korean labels of the admin app, in one place (messages shared with the server live in @domain/messages). */
export const L = {
  appTitle: "KRW Voucher 관리자",
  appShortTitle: "KRW Voucher",

  // login
  loginTitle: "관리자 로그인",
  loginId: "아이디",
  loginIdPlaceholder: "아이디를 입력해주세요",
  loginPassword: "패스워드",
  loginPasswordPlaceholder: "패스워드를 입력해주세요",
  loginSubmit: "로그인",
  loginIdRequired: Msg.adminIdRequired,
  loginPasswordRequired: Msg.adminPasswordRequired,
  loginFailed: Msg.adminLoginFailed,

  // layout
  openMenu: "메뉴 열기",
  closeMenu: "메뉴 닫기",
  logout: "로그아웃",
  logoutConfirm: Msg.logoutConfirmAdmin,
  cancel: "취소",
  confirm: "확인",
  close: "닫기",
  notifications: "알림",
  sessionExpired: Msg.sessionExpired,
  won: "원",
  permissionLabel: (p: number) => (p === 0 ? "최고 관리자" : p === 3 ? "점주" : "관리자"),

  // toolbar totals (permission 0)
  toolbarTotals: {
    masterTotal: "마스터 총액",
    ownerTotal: "점주 총액",
    userTotal: "사용자 총액",
    sales: "판매",
    refunds: "환불",
    gifts: "선물",
    usage: "사용",
  },

  // realtime
  notifyTitle: "새 알림",
  notifyGo: "바로가기",
  notifyKindLabel: { 입금: "입금 알림", 문의: "문의 알림", 정산: "정산 알림" },

  // home
  mainTitle: "홈",
  mainCards: {
    account_count: { label: "전체 회원 수", unit: "명" },
    sellSum: { label: "판매 금액", unit: "원" },
    useSum: { label: "사용 금액", unit: "원" },
    giftSum: { label: "선물 금액", unit: "원" },
    exchangeSum: { label: "정산 금액", unit: "원" },
    tokenBurnCount: { label: "토큰 소각", unit: "건" },
    tokenMintCount: { label: "토큰 발행", unit: "건" },
    tokenCommissionSum: { label: "수수료 수익", unit: "원" },
  },
  mainError: "현황을 불러오지 못했습니다.",
  retry: "다시 시도",

  // placeholder, not found
  preparing: "준비 중인 화면입니다",
  preparingDetail: "이 화면은 아직 준비 중입니다. 곧 이용하실 수 있습니다.",
  notFound: "페이지를 찾을 수 없습니다",
  notFoundDetail: "주소가 올바른지 확인해주세요.",
  goHome: "홈으로",
} as const;
