import { OperatorPermission, type OperatorFlag, type OperatorFlags } from "./constants";

/**
 * Who may do what in the back-office: one table of areas (spec §6, docs/architecture.md "Back-office").
 * The admin app's screens and the server's operator endpoints (their `access`, domain/api/) both name an
 * area, so the menu, the client gate, the server and the websocket read the same rule.
 */

/**
 * - `staff`: any operator but permission 3 (the shop owner is sent to its settlement pages);
 * - `super`: permission 0 only;
 * - `shop`: permission 3 only (settlement request and wallet gift history);
 * - `any`: every operator.
 */
export type Who = "staff" | "super" | "shop" | "any";

export interface AccessRule {
  who: Who;
  /** At least one of these flags; permission 0 holds every flag. Absent: no flag needed. */
  anyOf?: readonly OperatorFlag[];
}

export interface OperatorLike {
  permission: number;
  flags: OperatorFlags;
}

const staff = (...anyOf: OperatorFlag[]): AccessRule => ({ who: "staff", anyOf });

export const AREAS = {
  /** Logout and the operator's own session. */
  session: { who: "any" },
  toolbar: { who: "super" },
  home: staff("isAccount1"),
  members: staff("isAccount1"),
  memberState: staff("isAccount2"),
  memberGrade: staff("isAccount3"),
  operators: staff("isAccount4"),
  auditLog: { who: "super" },
  /** The personal-data access log (server/features/access-log): permission 0 only, like the audit log. */
  accessLog: { who: "super" },
  dashboard: { who: "staff" },
  /** Blocking a member's wallet changes the member's state too. */
  walletBlock: staff("isAccount2"),
  notify: { who: "staff" },
  saleSell: staff("isSale1"),
  saleUse: staff("isSale2"),
  saleGift: staff("isSale3"),
  settlementManagement: staff("isExchange1", "isExchange2"),
  settlementApprove: staff("isExchange2"),
  settlementRequest: { who: "shop", anyOf: ["isExchange3"] },
  settlementStatus: staff("isExchange4"),
  settlementWallet: { who: "shop", anyOf: ["isExchange5"] },
  boardInquiry: staff("isBoard1"),
  boardFaq: staff("isBoard2"),
  // The spec does not show the event board's flag; isBoard3 is the one left unassigned.
  boardEvent: staff("isBoard3"),
  boardNotice: staff("isNotice1"),
  policyTerms: staff("isBoard4"),
  policyPrivacy: staff("isBoard5"),
  /** The board calls' gate: any board flag; each call then checks its type's area (domain/schemas/boards.ts). */
  boards: staff("isBoard1", "isBoard2", "isBoard3", "isNotice1"),
  /** The policy calls' gate: either policy flag; writing checks the policy's own area. */
  policies: staff("isBoard4", "isBoard5"),
  tokenView: staff("isToken1"),
  tokenMint: staff("isToken2"),
  tokenFee: staff("isToken3"),
  walletBank: staff("isWallet1"),
  walletManage: staff("isWallet2", "isWallet3"),
  walletTransfer: staff("isWallet3"),
  apiKey: staff("isApiKey1"),
  /** Sales calls that name their type in the body; the handler checks the type's own flag. */
  saleAny: staff("isSale1", "isSale2", "isSale3"),
  /** Token detail names its list (issuance or fees) in the body; the handler checks that list's flag. */
  tokenAny: staff("isToken1", "isToken3"),
  /** Creating an operator wallet (isWallet2); the list is walletManage, transfers walletTransfer. */
  walletCreate: staff("isWallet2"),
  /** Dual control: the list of proposals (any staff; each proposes through its own area's call). */
  proposals: { who: "staff" },
  /** Approving or rejecting another operator's proposal (never one's own: the server refuses it). */
  proposalApprove: staff("isApprove1"),
  /** Proposals of kinds no older call makes: burn, allowance, pause/unpause. Super admins only. */
  proposalControl: { who: "super" },
  /** Refunds (/admin/refund): the list, payout (burn; above the threshold a proposal) and rejection (return). */
  refund: staff("isRefund1"),
  /** Merchants of the payment API (issue 52): make, rename, suspend. */
  merchants: staff("isMerchant1"),
  /**
   * Notices of change (issue 53 item 2): the gate is either flag; a terms change then needs the voucher terms' flag
   * (isBoard4, as policyTerms) and a shop removal the merchants' (isMerchant1).
   */
  changes: staff("isBoard4", "isMerchant1"),
  /** A shop-owner operator's own merchant (its linked member's): keys, webhook, payments, deliveries. */
  merchantOwn: { who: "shop" },
  /** The log of outbound messages (SMS / 알림톡) to members: a members' matter (isAccount1), phones masked. */
  outboundMessages: staff("isAccount1"),
  /** Balances expiring and expired (validity): members' balances (isAccount1). */
  validityReport: staff("isAccount1"),
  /** The auditor's month-end: cut-offs, their packs and published roots (issue 37). */
  monthEnd: { who: "super" },
  /** Safeguarded customer money (선불충전금 별도관리): the daily table and recording an amount (the bank-account flag). */
  safeguarding: staff("isWallet1"),
  /** A shortfall's notification and approving an entry: super admins. */
  safeguardingAlert: { who: "super" },
} as const satisfies Record<string, AccessRule>;

export type AdminArea = keyof typeof AREAS;

/** Whether an operator passes a rule. */
export function allows(rule: AccessRule, op: OperatorLike): boolean {
  const { permission, flags } = op;
  if (rule.who === "super" && permission !== OperatorPermission.SUPER) return false;
  if (rule.who === "staff" && permission === OperatorPermission.EXCHANGER) return false;
  if (rule.who === "shop" && permission !== OperatorPermission.EXCHANGER) return false;
  if (!rule.anyOf || rule.anyOf.length === 0) return true;
  if (permission === OperatorPermission.SUPER) return true;
  return rule.anyOf.some((f) => flags[f] === true);
}

/**
 * Whether an operator sees phone numbers unmasked in lists and downloads: the isPrivacy1 flag, which permission 0
 * holds implicitly (as every flag; server/features/access-log/README.md).
 */
export const mayUnmask = (op: OperatorLike): boolean => allows({ who: "any", anyOf: ["isPrivacy1"] }, op);

export const allowsArea = (area: AdminArea, op: OperatorLike): boolean => allows(AREAS[area], op);

/**
 * What a session limited to enrolling in two-factor login (OPERATOR_2FA=required, not enrolled yet) reaches:
 * logout and the operator's own security settings. Every other call answers 1202 until it enrols.
 */
export const ENROL_ONLY_AREAS: readonly AdminArea[] = ["session"];

/** The area a realtime notification belongs to: only operators who may open it receive the push. */
export const NOTIFY_AREA = {
  입금: "saleSell",
  확인: "saleSell",
  문의: "boardInquiry",
  정산: "settlementManagement",
  승인: "proposalApprove",
  환불: "refund",
  보전: "safeguardingAlert",
  /** The gas-paying account running low (server/money/gas-watch.ts): whoever sees the dashboard's gas card. */
  가스: "dashboard",
  /** Outstanding balance or yearly issuance at 80 % / 100 % of a registration threshold (issue 53): the dashboard's card. */
  한도: "dashboard",
} as const satisfies Record<string, AdminArea>;
