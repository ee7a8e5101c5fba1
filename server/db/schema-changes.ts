import type { Generated } from "kysely";
import type { ChangeKind, ChangeState } from "../../domain/policy/change-notice";

/** Notices of change (issue 53 item 2; migrations-changes.ts, server/features/change-notices/README.md). */

export interface ChangeNoticesTable {
  id: Generated<number>;
  kind: ChangeKind;
  title: string;
  summary: string;
  /** A terms change: the new voucher terms (HTML, cleaned); null for a shop removal. */
  content: string | null;
  merchant_id: number | null;
  /** 'YYYY-MM-DD', a Seoul day: the change applies as it begins. */
  effective_date: string;
  state: ChangeState;
  /** 0 while a draft; each posting and each edit of a posted change adds one (members are told each once). */
  version: Generated<number>;
  posted_at: string | null;
  applied_at: string | null;
  withdrawn_at: string | null;
  withdraw_reason: string | null;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}

/** The members a posted change concerns (fixed when it is posted or edited), and when each was told which version. */
export interface ChangeNoticeMembersTable {
  change_id: number;
  member_id: number;
  told_version: number | null;
  told_at: string | null;
}

/** The tables of notices of change, as AppDatabase (server/db/schema.ts) includes them. */
export interface ChangeTables {
  change_notices: ChangeNoticesTable;
  change_notice_members: ChangeNoticeMembersTable;
}
