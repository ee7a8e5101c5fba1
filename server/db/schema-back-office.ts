import type { Generated, Selectable } from "kysely";

/** The back-office's tables (server/db/schema.ts lists every table): boards, notifications, the audit and access logs, keys, proposals, operators' views and second factors. */
export interface FavoritesTable {
  id: Generated<number>;
  member_id: number;
  nickname: string;
  address: string;
  checked: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BankAccountsTable {
  id: Generated<number>;
  bank_name: string;
  bank_account: string;
  owner_name: string;
  nickname: string | null;
  is_main: Generated<number>;
  created_at: string;
}

export interface PoliciesTable {
  id: number;
  content: string;
  state: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type BoardType = "notice" | "faq" | "event" | "inquiry";

export interface BoardsTable {
  id: Generated<number>;
  type: BoardType;
  title: string;
  content: string;
  member_id: number | null;
  category: string | null;
  state: Generated<string>;
  reply: string | null;
  start_at: string | null;
  end_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  category: string;
  type: string;
  message: string;
  ref_id: number | null;
  created_at: string;
}

/** The operator audit log: appended to, never updated or deleted. */
export interface AdminActionsTable {
  id: Generated<number>;
  admin_id: number;
  admin_login_id: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  tx_hash: string | null;
  created_at: string;
}

/** The personal-data access log (features/access-log): insert only; triggers refuse UPDATE and DELETE. */
export interface AccessLogTable {
  id: Generated<number>;
  admin_id: number;
  admin_login_id: string;
  action: "read" | "download";
  screen: string;
  endpoint: string;
  filter_json: string;
  row_count: number;
  reason: string | null;
  reason_text: string | null;
  ip: string;
  created_at: string;
}

/** Partner API keys: only the SHA-256 and the prefix; at most one without revoked_at. */
export interface ApiKeysTable {
  id: Generated<number>;
  prefix: string;
  key_hash: string;
  created_by: number;
  created_at: string;
  revoked_at: string | null;
}

/** Dual control: a move proposed by one operator, approved or rejected by another (features/proposals). */
export interface ProposalsTable {
  id: Generated<number>;
  kind: string;
  payload_json: string;
  reason: string;
  state: "pending" | "executing" | "approved" | "rejected" | "expired" | "failed";
  proposer_id: number;
  proposer_login_id: string;
  approver_id: number | null;
  approver_login_id: string | null;
  decided_at: string | null;
  expires_at: string;
  call_id: number | null;
  transfer_id: number | null;
  tx_hash: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}
export type ProposalRecord = Selectable<ProposalsTable>;
/** An operator's named view of a back-office list (features/saved-views); unique per (admin_id, list, name). */
export interface SavedViewsTable {
  id: Generated<number>;
  admin_id: number;
  list: string;
  name: string;
  /** The view's state (URL keys and columns) as JSON. */
  state_json: string;
  created_at: string;
}

/**
 * An operator's two-factor login. Secrets are sealed (custody/crypto.ts, AES-256-GCM under KEY_ENCRYPTION_KEY, bound
 * to the operator): `pending_secret` while an enrolment waits for its first code, `secret` once in force. `last_step`:
 * the last TOTP time step accepted; a code of that step or an earlier one is refused (no replay).
 */
export interface OperatorTotpTable {
  admin_id: number;
  pending_secret: string | null;
  secret: string | null;
  last_step: number | null;
  enabled_at: string | null;
  updated_at: string;
  /** Set when a super admin's reset (dual control) took the second factor away: the next login must enrol again. */
  reset_at: string | null;
}

/** One-time recovery codes: a keyed hash each (HMAC under a key derived from KEY_ENCRYPTION_KEY), used once. */
export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}
