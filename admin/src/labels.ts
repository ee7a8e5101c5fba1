import { AUDIT_LABELS } from "./pages/audit/audit.labels";
import { WALLET_LABELS } from "./pages/wallets/wallets.labels";
import { DASHBOARD_LABELS } from "./pages/dashboard/dashboard.labels";
import { SECURITY_LABELS } from "./pages/operator-security/security.labels";
import { Msg } from "@domain/messages";
import { MemberPermissionLabel, MemberStateLabel } from "@domain/state-labels";
import { LIST_COUNT_CAP, type OperatorFlag } from "@domain/constants";
import type { PermissionGroup, OperatorPreset } from "@domain/schemas/operators";

/** Korean labels of the admin app, in one place (messages shared with the server live in @domain/messages). */
const MEMBER_STATES: Record<string, string> = MemberStateLabel;
const MEMBER_PERMISSIONS: Record<string, string> = MemberPermissionLabel;

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
  loginOtp: "인증 코드",
  loginOtpPlaceholder: "6자리 코드 또는 복구 코드",
  loginOtpHint: "인증 앱에 표시된 6자리 코드를 입력해 주세요. 인증 앱을 쓸 수 없으면 복구 코드를 입력하세요.",
  loginOtpRequired: Msg.otpRequired,
  loginBack: "다른 계정으로 로그인",

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
  toolbarTotalsLabel: "총액 요약",
  toolbarTotals: {
    masterTotal: "마스터 총액",
    ownerTotal: "점주 총액",
    userTotal: "사용자 총액",
    sales: "판매",
    refunds: "환불 지급 (누적)",
    gifts: "선물",
    usage: "사용",
  },

  // realtime
  notifyTitle: "새 알림",
  notifyGo: "바로가기",
  notifyKindLabel: {
    입금: "입금 알림",
    문의: "문의 알림",
    정산: "정산 알림",
    승인: "승인 요청 알림",
    확인: "입금 확인 필요",
    보전: "선불충전금 보전 부족",
    가스: "가스 잔액 부족",
    한도: "등록 기준 근접",
  },

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
  forbidden: Msg.forbidden,

  // members
  member: {
    title: "회원 관리",
    detailTitle: "회원 상세",
    searchPlaceholder: "이름, 휴대폰 번호, 지갑 주소",
    id: "번호",
    username: "이름",
    nickname: "닉네임",
    phonenumber: "휴대폰 번호",
    email: "이메일",
    address: "주소",
    permission: "등급",
    state: "상태",
    holding: "보유 금액",
    wallets: "지갑 주소",
    createdAt: "가입일",
    updatedAt: "수정일",
    closedAt: "탈퇴일",
    expiredAt: "만료일",
    at: "일시",
    orderNo: "주문번호",
    type: "구분",
    value: "금액",
    history: "지갑 내역",
    changeState: "상태 변경",
    changePermission: "등급 변경",
    states: MEMBER_STATES,
    permissions: MEMBER_PERMISSIONS,
    totals: { totalUsed: "총 사용 금액", totalPurchased: "총 구매 금액", purchasable: "이번 달 구매 가능 금액" },
  },

  // operators
  operator: {
    createTitle: "관리자 계정 생성",
    listTitle: "관리자 목록",
    detailTitle: "관리자 상세",
    id: "번호",
    loginId: "아이디",
    password: "패스워드",
    permission: "구분",
    linkedMember: "연결 회원 계정",
    chooseMember: "회원 계정을 선택해주세요",
    createdAt: "생성일",
    presets: "권한 프리셋",
    create: "계정 생성",
    delete: "삭제",
    presetNames: { admin: "관리자", subAdmin: "서브 관리자", exchanger: "점주" } satisfies Record<OperatorPreset, string>,
    groups: {
      accountManage: "회원 관리",
      saleManage: "판매 관리",
      exchangeManage: "정산 관리",
      boardManage: "게시판·정책 관리",
      notifyManage: "공지사항 관리",
      tokenManage: "토큰 관리",
      walletManage: "지갑 관리",
      apiKeyManage: "API 키 관리",
      approveManage: "승인 관리",
      refundManage: "환불 관리",
      merchantManage: "가맹점 관리",
      privacyManage: "개인정보",
    } satisfies Record<PermissionGroup, string>,
    flags: {
      isAccount1: "회원 조회·홈",
      isAccount2: "회원 상태 변경",
      isAccount3: "회원 등급 변경",
      isAccount4: "관리자 계정 관리",
      isSale1: "판매 내역(승인·취소)",
      isSale2: "사용 내역",
      isSale3: "선물 내역",
      isExchange1: "정산 조회",
      isExchange2: "정산 승인·삭제",
      isExchange3: "정산 신청(점주)",
      isExchange4: "정산 현황",
      isExchange5: "지갑 선물 내역(점주)",
      isBoard1: "1:1 문의",
      isBoard2: "FAQ",
      isBoard3: "이벤트",
      isBoard4: "이용약관·상품권 약관",
      isBoard5: "개인정보처리방침",
      isNotice1: "공지사항",
      isToken1: "토큰 발행 조회",
      isToken2: "토큰 발행",
      isToken3: "수수료 내역",
      isWallet1: "입금 계좌",
      isWallet2: "지갑 관리",
      isWallet3: "지갑 전송",
      isApiKey1: "API 키",
      isApprove1: "승인 요청 승인·거절",
      isRefund1: "환불 관리",
      isMerchant1: "가맹점 관리",
      isPrivacy1: "개인정보 전체 보기(마스킹 해제)",
    } satisfies Record<OperatorFlag, string>,
  },

  // notifications
  notify: { title: "알림 내역", id: "번호", category: "분류", message: "내용", createdAt: "일시" },

  // API key
  apiKey: { title: "API 키", key: "API 키", createdAt: "생성일", create: "API 키 생성", copy: "복사" },

  // 내 보안 설정 (two-factor login)
  security: SECURITY_LABELS,

  // personal-data access log (server/features/access-log)
  accessLog: {
    title: "개인정보 접근기록",
    createdAt: "일시",
    admin: "관리자",
    action: "구분",
    actions: { read: "조회", download: "다운로드" },
    screen: "화면",
    filter: "조건",
    rows: "건수",
    reason: "사유",
    ip: "접속 IP",
    adminPlaceholder: "관리자 아이디",
  },

  // audit log
  audit: { ...AUDIT_LABELS, values: { ...MEMBER_STATES, ...MEMBER_PERMISSIONS, ...AUDIT_LABELS.statusValues } as Record<string, string> },

  // lists
  ...DASHBOARD_LABELS,

  list: {
    empty: Msg.noResults,
    total: (n: string) => `총 ${n}건`,
    /** A count that stopped at the cap: at least n rows match. */
    totalCapped: (n: string) => `총 ${n}+건`,
    cappedHint: `일치하는 행이 많아 ${LIST_COUNT_CAP.toLocaleString("ko-KR")}건까지만 셉니다. 기간이나 조건을 좁히면 정확한 건수가 표시됩니다.`,
    perPage: "페이지당 행 수",
    perPageOption: (n: number) => `${n}개씩`,
    prev: "이전 페이지",
    next: "다음 페이지",
    all: "전체",
    search: "검색",
    searchPlaceholder: "검색어를 입력해주세요",
    from: "시작일",
    to: "종료일",
    query: "조회",
    excel: "엑셀 다운로드",
    downloading: (bytes: number) =>
      `다운로드 중 ${bytes < 2 ** 20 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`}`,
    downloadCancel: "다운로드 취소",
    reasonTitle: "다운로드 사유",
    reason: "사유",
    reasonChoose: "사유를 선택해주세요",
    reasonText: "상세 사유",
    reasonHint: "기타를 선택한 경우 반드시 입력해주세요. 다운로드 기록은 개인정보 접근기록에 남습니다.",
    downloadFailed: Msg.downloadFailed,
    columns: "표시 항목",
    columnsReset: "기본 항목으로",
    views: "저장된 보기",
    viewSave: "현재 보기 저장",
    viewSaveTitle: "보기 저장",
    viewName: "보기 이름",
    viewsEmpty: "저장된 보기가 없습니다",
    viewDelete: (name: string) => `‘${name}’ 보기 삭제`,
  },

  // sales (sell / use / gift)
  sale: {
    titles: { sell: "판매 내역", use: "사용 내역", gift: "선물 내역" },
    totals: { daily_value: "일간", weekly_value: "주간 (일~토)", monthly_value: "월간" },
    id: "번호",
    orderNo: "주문번호",
    confirmedBy: "확인 방법",
    status: "상태",
    bank: "입금 계좌",
    username: "이름",
    phone: "휴대폰 번호",
    address: "지갑 주소",
    createdAt: "신청일",
    // The deadline while the order waits, the moment it closed once accepted or cancelled.
    expiredAt: "마감일",
    value: "금액",
    sender: "보낸 주소",
    receiver: "받는 주소",
    from: "보낸 사람",
    to: "받는 사람",
    fee: "수수료",
    date: "일시",
    txHash: "트랜잭션",
    detailTitle: "상세 정보",
    approve: "승인",
    delete: "삭제",
  },

  // deposit bank accounts
  bank: {
    title: "입금 계좌 관리",
    id: "번호",
    bankName: "은행명",
    bankAccount: "계좌번호",
    ownerName: "예금주",
    nickname: "별칭",
    isMain: "대표 계좌",
    setMain: "대표 계좌 설정",
    add: "계좌 추가",
    remove: "계좌 삭제",
    addTitle: "입금 계좌 추가",
    bankPlaceholder: "은행명을 입력해주세요",
    accountPlaceholder: "숫자와 하이픈(-)만 입력해주세요",
    namePlaceholder: "예금주를 입력해주세요",
    nicknamePlaceholder: "별칭 (선택)",
  },

  // tokens: issuance and fees
  token: {
    managementTitle: "토큰 발행 관리",
    feeTitle: "수수료 내역",
    periods: { daily: "일간", weekly: "주간", monthly: "월간" },
    countUnit: "건",
    mint: "토큰 발행",
    mintTitle: "토큰 발행",
    mintAmount: "발행 금액",
    mintPlaceholder: "발행할 금액을 입력해주세요 (원)",
    mintReason: "사유",
    minted: "발행",
    burned: "소각",
    refresh: "새로고침",
    id: "번호",
    address: "주소",
    date: "일시",
    amount: "수량",
    burnState: "구분",
    operator: "처리자",
    block: "블록",
    txHash: "트랜잭션",
    detailTitle: "상세 정보",
    phonenumber: "보낸 사람",
    receiver: "받는 사람",
    receiverAddress: "받는 주소",
    sender: "보낸 주소",
    type: "구분",
    giftValue: "거래 금액",
    fee: "수수료",
    gift: "선물",
    use: "사용",
  },

  // operator wallets
  wallet: WALLET_LABELS,
} as const;
