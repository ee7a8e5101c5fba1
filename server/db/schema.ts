import type { CutoffBalancesTable, CutoffsTable, SafeguardsTable } from "./schema-month-end";
import type {
  FavoritesTable,
  BankAccountsTable,
  PoliciesTable,
  BoardsTable,
  NotificationsTable,
  AdminActionsTable,
  AccessLogTable,
  ApiKeysTable,
  ProposalsTable,
  SavedViewsTable,
  OperatorTotpTable,
  OperatorRecoveryCodesTable,
} from "./schema-back-office";
import type { BankDepositsTable, BankEventsTable, LinkedAccountsTable } from "./schema-money-in";
import type { MerchantTables } from "./schema-merchants";
import type { ChangeTables } from "./schema-changes";
import type { MemberNoticesTable, OutboundMessagesTable, ValidityExtensionsTable } from "./schema-lifecycle";
import type { Generated, Insertable, Selectable, Updateable, Kysely, Transaction } from "kysely";

/**
 * app.db (or the `app` schema in PostgreSQL): business records, custody, the outbox. Times are ISO-8601
 * UTC strings, money is integer won (INTEGER / bigint), flags are 0/1 integers on both dialects.
 */
export interface AppDatabase extends MerchantTables, ChangeTables {
  members: MembersTable;
  admins: AdminsTable;
  wallets: WalletsTable;
  wallet_nonces: WalletNoncesTable;
  lockouts: LockoutsTable;
  account_lockouts: AccountLockoutsTable;
  verifications: VerificationsTable;
  revoked_tokens: RevokedTokensTable;
  outbox_transfers: OutboxTransfersTable;
  chain_calls: ChainCallsTable;
  tx_replacements: TxReplacementsTable;
  buy_orders: BuyOrdersTable;
  bank_events: BankEventsTable;
  bank_deposits: BankDepositsTable;
  linked_accounts: LinkedAccountsTable;
  idempotency: IdempotencyTable;
  session_cutoffs: SessionCutoffsTable;
  favorites: FavoritesTable;
  bank_accounts: BankAccountsTable;
  policies: PoliciesTable;
  boards: BoardsTable;
  notifications: NotificationsTable;
  meta: MetaTable;
  admin_actions: AdminActionsTable;
  access_log: AccessLogTable;
  api_keys: ApiKeysTable;
  settlement_orders: SettlementOrdersTable;
  refund_orders: RefundOrdersTable;
  proposals: ProposalsTable;
  saved_views: SavedViewsTable;
  operator_totp: OperatorTotpTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  member_notices: MemberNoticesTable;
  outbound_messages: OutboundMessagesTable;
  validity_extensions: ValidityExtensionsTable;
  cutoffs: CutoffsTable;
  cutoff_balances: CutoffBalancesTable;
  safeguards: SafeguardsTable;
}

export type * from "./schema-back-office";
export type * from "./schema-merchants";
export type * from "./schema-changes";
export type * from "./schema-lifecycle";

export type AppDb = Kysely<AppDatabase>;
/** A query context: the store itself or an open transaction on it. */
export type AppTx = Kysely<AppDatabase> | Transaction<AppDatabase>;

export type MemberState = "repair" | "suspension" | "kickOut";
export type MemberPermission = "user" | "exchanger" | "manager";

export interface MembersTable {
  id: Generated<number>;
  phonenumber: string;
  username: string;
  birth: string | null;
  carrier: string | null;
  password_hash: string;
  nickname: string | null;
  email: string | null;
  home_address: string | null;
  state: Generated<MemberState>;
  permission: Generated<MemberPermission>;
  is_app: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 회원 탈퇴: when the account was closed (its personal data minimised then); null while open. */
  closed_at: Generated<string | null>;
  /** A closed account: HMAC-SHA256 (PIN_KEY) of its former phone, to tell a login with it that the account is closed. */
  closed_phone_hash: Generated<string | null>;
}

export interface AdminsTable {
  id: Generated<number>;
  login_id: string;
  password_hash: string;
  permission: Generated<number>;
  /** JSON object of the 25 flags. */
  flags: Generated<string>;
  member_id: number | null;
  created_at: string;
  deleted_at: string | null;
}

export type WalletKind = "member" | "treasury" | "fee" | "settlement" | "operator" | "custom" | "sender" | "refund";

export interface WalletsTable {
  id: Generated<number>;
  address: string;
  encrypted_key: string;
  kind: WalletKind;
  member_id: number | null;
  nickname: string | null;
  created_at: string;
}

/** The next authorization nonce of each custodial wallet (sequential, so a wallet's nonces share bitmap words). */
export interface WalletNoncesTable {
  address: string;
  next_nonce: number;
}

export interface LockoutsTable {
  subject: string;
  failures: Generated<number>;
  locked_until: string | null;
}

/** One login's wrong passwords from every address (auth/lockout.ts): their times (a JSON array of ISO instants, the window's only) and the lock. */
export interface AccountLockoutsTable {
  subject: string;
  failed_at: Generated<string>;
  locked_at: string | null;
}

export interface VerificationsTable {
  key: string;
  purpose: "signup" | "reauth";
  status: Generated<"issued" | "verified" | "used">;
  code: number | null;
  name: string | null;
  birth: string | null;
  phone: string | null;
  carrier: string | null;
  expires_at: string;
  created_at: string;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

export type OutboxKind =
  | "gift"
  | "use"
  | "buy"
  | "settlement"
  | "settlement_return"
  | "admin"
  | "seed"
  | "refund"
  | "refund_return"
  | "payment_cancel";
export type OutboxStatus = "pending" | "submitted" | "confirmed" | "failed";

/** The outbox: one row per money move the relayer sends as a signed authorization. */
export interface OutboxTransfersTable {
  id: Generated<number>;
  kind: OutboxKind;
  from_address: string;
  to_address: string;
  value: number;
  fee: Generated<number>;
  nonce: string;
  valid_before: number;
  status: Generated<OutboxStatus>;
  tx_hash: string | null;
  block_number: number | null;
  error: string | null;
  member_id: number | null;
  counterparty_member_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ChainCallsTable {
  id: Generated<number>;
  method: string;
  /** JSON array. */
  args: string;
  status: Generated<OutboxStatus>;
  tx_hash: string | null;
  block_number: number | null;
  error: string | null;
  admin_id: number | null;
  /** The operator account's nonce of its transaction (recorded with tx_hash); null before 2026-12-07-chain-call-nonce. */
  nonce: number | string | null;
  created_at: string;
  updated_at: string;
}

/** A replacement of a pending transaction of the operator account (chain/tx-lifecycle.ts). */
export interface TxReplacementsTable {
  id: Generated<number>;
  account: string;
  nonce: number;
  /** The hash replaced; null for a filler of a nonce gap. */
  old_hash: string | null;
  new_hash: string;
  reason: "stuck" | "dropped" | "gap";
  /** wei, decimal. */
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: string;
}

export interface BuyOrdersTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  value: number;
  state: Generated<"pending" | "confirmed" | "cancelled">;
  bank_name: string | null;
  bank_account: string | null;
  owner_name: string | null;
  transfer_id: number | null;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  /** How it is paid (issue 51): the main account (an operator approves), its own virtual account, a linked account. */
  method: Generated<"deposit" | "virtual" | "linked">;
  confirmed_by: "auto" | "manual" | "linked" | null;
  /** A linked-account charge's debit id (the provider's idempotency key and the callback's reference). */
  debit_id: string | null;
}

/** pending 승인 대기 → approving (burn under way) → approved 승인, or pending → deleted 삭제 (returned). */
export type SettlementState = "pending" | "approving" | "approved" | "deleted";

export interface SettlementOrdersTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  admin_id: number;
  wallet: string;
  value: number;
  state: SettlementState;
  request_transfer_id: number;
  return_transfer_id: number | null;
  burn_call_id: number | null;
  created_at: string;
  approved_at: string | null;
  deleted_at: string | null;
}
export type SettlementOrder = Selectable<SettlementOrdersTable>;

/** requested 환불 대기 → paying (burn under way or awaiting a second approval) → paid 지급 완료; requested → rejected 반려 (returned); failed 실패 (the request's move failed: nothing moved). */
export type RefundState = "requested" | "paying" | "paid" | "rejected" | "failed";
/** balance 잔액 환불, withdrawal 청약철회 (one purchase), closing 탈퇴 환불. */
export type RefundKind = "balance" | "withdrawal" | "closing";

export interface RefundOrdersTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  kind: RefundKind;
  buy_order_id: number | null;
  wallet: string;
  value: number;
  /** The balance when requested, and what the rule deducted from it. */
  balance: number;
  deduction: Generated<number>;
  rule: string;
  bank_name: string;
  bank_account: string;
  holder_name: string;
  state: RefundState;
  request_transfer_id: number;
  return_transfer_id: number | null;
  burn_call_id: number | null;
  proposal_id: number | null;
  bank_ref: string | null;
  reject_reason: string | null;
  admin_id: number | null;
  created_at: string;
  decided_at: string | null;
  updated_at: string;
  /** A closing refund: the closed member's phone, kept until the refund's outcome was sent to it (then null). */
  notify_phone: Generated<string | null>;
}
export type RefundOrder = Selectable<RefundOrdersTable>;

export interface IdempotencyTable {
  scope: string;
  key: string;
  request_hash: string;
  status: number | null;
  response: string | null;
  created_at: string;
  /** The outbox row the request wrote (money calls), to resolve a key whose request died. */
  transfer_id: number | null;
  /** The token call the request recorded (a mint), likewise. */
  call_id: Generated<number | null>;
}

/** Sessions of `subject` ('m:1', 'a:2') issued at or before `valid_after_ms` are no longer valid. */
export interface SessionCutoffsTable {
  subject: string;
  valid_after_ms: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export type Member = Selectable<MembersTable>;
export type Admin = Selectable<AdminsTable>;
export type WalletRecord = Selectable<WalletsTable>;
export type OutboxRow = Selectable<OutboxTransfersTable>;
export type NewOutboxRow = Insertable<OutboxTransfersTable>;
export type BuyOrder = Selectable<BuyOrdersTable>;
export type Board = Selectable<BoardsTable>;
export type BoardUpdate = Updateable<BoardsTable>;
export type Favorite = Selectable<FavoritesTable>;
export type Notification = Selectable<NotificationsTable>;
export type BankAccount = Selectable<BankAccountsTable>;
export type ChainCall = Selectable<ChainCallsTable>;
export type SavedView = Selectable<SavedViewsTable>;
