/** Business constants shared by server, web and admin. Money is integer won. */
export const FEE_WON = 200;
export const BUY_MIN_WON = 300;
export const GIFT_MIN_WON = 300;
export const AMOUNT_UNIT_WON = 100;
export const MONTHLY_BUY_LIMIT_WON = 1_000_000;
export const AMOUNT_MAX_DIGITS = 15;
export const BUY_EXPIRY_HOURS = 24;
export const PASSWORD_LENGTH = 6;
export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_ID_MIN = 5;
export const MIN_AGE = 19;
/** Wrong passwords from one client address before that address is locked out of the login (or a member's payments) for LOCK_MINUTES. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 10;
/**
 * The account-wide bound no change of address resets: this many wrong passwords for one login (a phone or an
 * operator id), from all addresses together within ACCOUNT_LOCK_WINDOW_HOURS, stop its password login until the
 * member re-verifies identity through the password reset (operators: OPERATOR_ACCOUNT_LOCK_MINUTES, server/auth/README.md).
 * Why 7: two more than the per-address five, so a member who locks one device still has two tries after the ten
 * minutes before having to verify identity; and a guesser holding any number of addresses gets at most 6 tries a day
 * at a 6-digit PIN (1 in 166,000), where the per-address lock alone let each new address try 5 more.
 */
export const ACCOUNT_LOCK_AFTER_FAILURES = 7;
/**
 * Why a sliding day: only the wrong passwords of the last 24 hours count (a right one does not clear them), so a
 * member's occasional slip never adds up to a lock, while a guesser gets no more than 6 in any 24 hours.
 */
export const ACCOUNT_LOCK_WINDOW_HOURS = 24;
/**
 * Operators have no identity verification to re-verify through: their account-wide lock lifts by itself after an
 * hour (a lock only a super admin could lift would let a stranger shut out the super admins themselves). Their
 * passwords are 8+ characters, so 7 tries an hour stays far from a guess.
 */
export const OPERATOR_ACCOUNT_LOCK_MINUTES = 60;
export const VERIFY_KEY_TTL_MINUTES = 10;
export const REMEMBER_PHONE_DAYS = 365;
export const HISTORY_PAGE_SIZE = 7;
export const PAGE_SIZE_OPTIONS = [7, 10, 25, 50, 100] as const;
export const RECENT_LIMIT = 5;
export const NOTICE_PREVIEW_CHARS = 30;
export const QUICK_ADD_WON = [1_000, 5_000, 10_000, 30_000, 50_000] as const;
export const TIME_ZONE = "Asia/Seoul";
export const MARKET_NAME = "KRW MARKET";

/** History types of POST /api/info/history. */
export const HistoryType = { BUY: 1, USE: 2, GIFT: 3 } as const;
export type HistoryType = (typeof HistoryType)[keyof typeof HistoryType];

/** Trade type of /api/{gift,use}/trade/address. */
export const PaymentType = { USE: 0, GIFT: 1 } as const;

/** Policy ids. */
export const PolicyId = { TERMS: 1, PRIVACY: 2, VOUCHER: 3 } as const;

/** Member state and permission values as the back-office sends them. */
export const MemberState = { NORMAL: "repair", SUSPENDED: "suspension", KICKED: "kickOut" } as const;
export type MemberState = (typeof MemberState)[keyof typeof MemberState];
export const MemberPermission = { USER: "user", EXCHANGER: "exchanger", MANAGER: "manager" } as const;
export type MemberPermission = (typeof MemberPermission)[keyof typeof MemberPermission];

/** Buy order states (the user and admin labels). */
export const BuyState = { PENDING: "pending", CONFIRMED: "confirmed", CANCELLED: "cancelled" } as const;
export type BuyState = (typeof BuyState)[keyof typeof BuyState];

/** Result page types of the user app. */
export const ResultType = {
  ALREADY_REGISTERED: 1,
  UNDER_AGE: 2,
  INVALID: 3,
  SIGNUP_DONE: 4,
  PASSWORD_CHANGED: 5,
  BUY_REQUESTED: 6,
  GIFT_DONE: 7,
  USE_DONE: 8,
  ACCOUNT_CLOSED: 9,
  /** A linked-account charge confirmed (issue 51). */
  CHARGED: 10,
  /** A linked-account charge the bank has not answered yet: the notice and the history follow it. */
  CHARGE_PENDING: 11,
} as const;

/** Identity-verification result codes posted by the provider popup. */
export const VerifyCode = { OK: 0, ALREADY_MEMBER: 1417, UNDER_AGE: 1490 } as const;

/** Cookie-type marker per audience. */
export const CookieType = { WEB: "web", OPERATION: "operation" } as const;

/** Operator permission flags (spec back-office §3, §6). */
export const ADMIN_FLAGS = [
  "isAccount1",
  "isAccount2",
  "isAccount3",
  "isAccount4",
  "isBoard1",
  "isBoard2",
  "isBoard3",
  "isBoard4",
  "isBoard5",
  "isExchange1",
  "isExchange2",
  "isExchange3",
  "isExchange4",
  "isExchange5",
  "isSale1",
  "isSale2",
  "isSale3",
  "isToken1",
  "isToken2",
  "isToken3",
  "isWallet1",
  "isWallet2",
  "isWallet3",
  "isNotice1",
  "isApiKey1",
  "isApprove1",
  "isRefund1",
  /** Merchants (/admin/merchants): make a shop owner a merchant, rename, suspend (issue 52). */
  "isMerchant1",
  /** Sees members' phone numbers unmasked in lists and downloads (server/features/access-log/README.md). */
  "isPrivacy1",
] as const;
export type OperatorFlag = (typeof ADMIN_FLAGS)[number];
export type OperatorFlags = Partial<Record<OperatorFlag, boolean>>;

/**
 * Dual control (maker–checker, docs/architecture.md "Controls (operators)"): an operator wallet transfer above this many
 * won is a proposal another operator approves; at or below it, it moves at once. The auditor's default.
 */
export const DUAL_CONTROL_TRANSFER_THRESHOLD_WON = 1_000_000;
/** A proposal nobody approved or rejected within this many hours is 만료 (the expiry job); nothing moved. */
export const PROPOSAL_EXPIRY_HOURS = 24;

/** Operator permission numbers: 0 full admin, 3 shop-owner type. */
export const OperatorPermission = { SUPER: 0, SUB: 1, EXCHANGER: 3 } as const;

/**
 * Lists over long histories count at most this many matching rows: past it `total` is this number and
 * `capped` is true, shown as "총 1,000+건" (counting further would cost as much as the history is long).
 * Kept here, not with the list schemas, so the admin's login chunk (its labels) needs no zod. The chain
 * reader's COUNT_CAP (indexer/reader-types.ts) is the same number.
 */
export const LIST_COUNT_CAP = 1_000;
