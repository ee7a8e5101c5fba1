import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { AdminArea } from "@domain/admin-access";

/**
 * Every back-office screen, declared once: path (below /admin), Korean title, the area whose rule
 * (domain/admin-access.ts, the same table the server enforces) opens it, its menu group, and its
 * component. Routes, menu, page titles and the client gate (screen-gates.ts) are all derived from this list.
 */
export interface Screen {
  path: string;
  title: string;
  area: AdminArea;
  /** Menu group; absent for screens reached from another (details, holders). */
  menu?: MenuGroup;
  /** Absent: the "준비 중" placeholder. */
  component?: LazyExoticComponent<ComponentType>;
}

export const MENU_GROUPS = ["홈", "회원", "판매", "정산", "게시판", "정책", "토큰", "지갑"] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** A lazily loaded page module's named export. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const SCREENS: Screen[] = [
  { path: "main", title: "홈", area: "home", menu: "홈", component: page(() => import("./pages/main/MainPage"), "MainPage") },
  {
    path: "dashboard",
    title: "대시보드",
    area: "dashboard",
    menu: "홈",
    component: page(() => import("./pages/dashboard/DashboardPage"), "DashboardPage"),
  },
  {
    path: "proposals",
    title: "승인 요청",
    area: "proposals",
    menu: "홈",
    component: page(() => import("./pages/proposals/ProposalsPage"), "ProposalsPage"),
  },
  {
    path: "proposals/:id",
    title: "승인 요청 상세",
    area: "proposals",
    component: page(() => import("./pages/proposals/ProposalsPage"), "ProposalDetailPage"),
  },
  {
    path: "notify",
    title: "알림 내역",
    area: "notify",
    menu: "홈",
    component: page(() => import("./pages/notifications/NotificationsPage"), "NotificationsPage"),
  },
  {
    path: "dashboard/detail/:address",
    title: "지갑 상세",
    area: "dashboard",
    component: page(() => import("./pages/dashboard/WalletDetailPage"), "WalletDetailPage"),
  },
  {
    path: "month-end",
    title: "월말 마감",
    area: "monthEnd",
    menu: "홈",
    component: page(() => import("./pages/month-end/MonthEndPage"), "MonthEndPage"),
  },
  {
    path: "safeguarding",
    title: "선불충전금 별도관리",
    area: "safeguarding",
    menu: "홈",
    component: page(() => import("./pages/month-end/SafeguardingPage"), "SafeguardingPage"),
  },
  {
    path: "dashboard/holder",
    title: "보유자 목록",
    area: "dashboard",
    component: page(() => import("./pages/dashboard/HoldersPage"), "HoldersPage"),
  },
  {
    path: "account",
    title: "회원 관리",
    area: "members",
    menu: "회원",
    component: page(() => import("./pages/members/MembersPage"), "MembersPage"),
  },
  {
    path: "messages",
    title: "메시지 발송 내역",
    area: "outboundMessages",
    menu: "회원",
    component: page(() => import("./pages/member-notices/OutboundMessagesPage"), "OutboundMessagesPage"),
  },
  {
    path: "validity",
    title: "유효기간 만료 현황",
    area: "validityReport",
    menu: "회원",
    component: page(() => import("./pages/member-notices/ValidityReportPage"), "ValidityReportPage"),
  },
  {
    path: "account/create",
    title: "관리자 계정 생성",
    area: "operators",
    menu: "회원",
    component: page(() => import("./pages/operators/OperatorCreatePage"), "OperatorCreatePage"),
  },
  {
    path: "account/adminlist",
    title: "관리자 목록",
    area: "operators",
    menu: "회원",
    component: page(() => import("./pages/operators/OperatorListPage"), "OperatorListPage"),
  },
  {
    path: "account/actions",
    title: "관리 이력",
    area: "auditLog",
    menu: "회원",
    component: page(() => import("./pages/audit/AuditLogPage"), "AuditLogPage"),
  },
  {
    path: "account/access-log",
    title: "개인정보 접근기록",
    area: "accessLog",
    menu: "회원",
    component: page(() => import("./pages/access-log/AccessLogPage"), "AccessLogPage"),
  },
  {
    path: "sale/sell",
    title: "판매 내역",
    area: "saleSell",
    menu: "판매",
    component: page(() => import("./pages/sales/SalesPage"), "SaleSellPage"),
  },
  {
    path: "sale/deposits",
    title: "입금 확인 필요",
    area: "saleSell",
    menu: "판매",
    component: page(() => import("./pages/sales/DepositsPage"), "DepositsPage"),
  },
  {
    path: "sale/use",
    title: "사용 내역",
    area: "saleUse",
    menu: "판매",
    component: page(() => import("./pages/sales/SalesPage"), "SaleUsePage"),
  },
  {
    path: "sale/gift",
    title: "선물 내역",
    area: "saleGift",
    menu: "판매",
    component: page(() => import("./pages/sales/SalesPage"), "SaleGiftPage"),
  },
  {
    path: "refund",
    title: "환불 관리",
    area: "refund",
    menu: "정산",
    component: page(() => import("./pages/refund/RefundPage"), "RefundPage"),
  },
  {
    path: "calc/management",
    title: "정산 관리",
    area: "settlementManagement",
    menu: "정산",
    component: page(() => import("./pages/settlement/SettlementManagementPage"), "SettlementManagementPage"),
  },
  {
    path: "calc/request",
    title: "정산 신청",
    area: "settlementRequest",
    menu: "정산",
    component: page(() => import("./pages/settlement/SettlementRequestPage"), "SettlementRequestPage"),
  },
  {
    path: "calc/status",
    title: "정산 현황",
    area: "settlementStatus",
    menu: "정산",
    component: page(() => import("./pages/settlement/SettlementStatusPage"), "SettlementStatusPage"),
  },
  {
    path: "calc/wallet",
    title: "지갑 선물 내역",
    area: "settlementWallet",
    menu: "정산",
    component: page(() => import("./pages/settlement/SettlementWalletPage"), "SettlementWalletPage"),
  },
  {
    path: "merchants",
    title: "가맹점 관리",
    area: "merchants",
    menu: "정산",
    component: page(() => import("./pages/merchants/MerchantsPage"), "MerchantsPage"),
  },
  // A shop-owner operator's own merchant (permission 3, any flag): its keys, webhook, payments and deliveries.
  {
    path: "merchant",
    title: "결제 연동",
    area: "merchantOwn",
    menu: "정산",
    component: page(() => import("./pages/merchants/MerchantOwnPage"), "MerchantOwnPage"),
  },
  {
    path: "board/inquiry",
    title: "1:1 문의",
    area: "boardInquiry",
    menu: "게시판",
    component: page(() => import("./pages/boards/BoardPage"), "InquiryBoardPage"),
  },
  {
    path: "board/faq",
    title: "FAQ",
    area: "boardFaq",
    menu: "게시판",
    component: page(() => import("./pages/boards/BoardPage"), "FaqBoardPage"),
  },
  {
    path: "board/notice",
    title: "공지사항",
    area: "boardNotice",
    menu: "게시판",
    component: page(() => import("./pages/boards/BoardPage"), "NoticeBoardPage"),
  },
  {
    path: "board/event",
    title: "이벤트",
    area: "boardEvent",
    menu: "게시판",
    component: page(() => import("./pages/boards/BoardPage"), "EventBoardPage"),
  },
  {
    path: "policy/clause",
    title: "이용약관",
    area: "policyTerms",
    menu: "정책",
    component: page(() => import("./pages/policies/PolicyPage"), "ClausePolicyPage"),
  },
  {
    path: "policy/personal",
    title: "개인정보처리방침",
    area: "policyPrivacy",
    menu: "정책",
    component: page(() => import("./pages/policies/PolicyPage"), "PersonalPolicyPage"),
  },
  {
    path: "policy/giftcard",
    title: "상품권 이용약관",
    area: "policyTerms",
    menu: "정책",
    component: page(() => import("./pages/policies/PolicyPage"), "GiftcardPolicyPage"),
  },
  // Notices of change (issue 53): a voucher-terms change (isBoard4) or a shop removal (isMerchant1), told before it applies.
  {
    path: "changes",
    title: "변경 고지",
    area: "changes",
    menu: "정책",
    component: page(() => import("./pages/changes/ChangesPage"), "ChangesPage"),
  },
  {
    path: "token/management",
    title: "토큰 발행 관리",
    area: "tokenView",
    menu: "토큰",
    component: page(() => import("./pages/tokens/TokenPages"), "TokenManagementPage"),
  },
  {
    path: "token/fee",
    title: "수수료 내역",
    area: "tokenFee",
    menu: "토큰",
    component: page(() => import("./pages/tokens/TokenPages"), "TokenFeePage"),
  },
  {
    path: "token/roles",
    title: "토큰 역할",
    area: "tokenView",
    menu: "토큰",
    component: page(() => import("./pages/tokens/TokenRolesPage"), "TokenRolesPage"),
  },
  {
    path: "address/bank",
    title: "입금 계좌 관리",
    area: "walletBank",
    menu: "지갑",
    component: page(() => import("./pages/deposit-accounts/DepositAccountsPage"), "DepositAccountsPage"),
  },
  {
    path: "address/wallet",
    title: "지갑 관리",
    area: "walletManage",
    menu: "지갑",
    component: page(() => import("./pages/wallets/WalletsPage"), "WalletsPage"),
  },
  { path: "key", title: "API 키", area: "apiKey", menu: "지갑", component: page(() => import("./pages/apikey/ApiKeyPage"), "ApiKeyPage") },
  // Every operator's own settings, reached from the toolbar (and the only screen of a session limited to enrolling).
  {
    path: "security",
    title: "내 보안 설정",
    area: "session",
    component: page(() => import("./pages/operator-security/SecurityPage"), "SecurityPage"),
  },
];
