import type { Generated, Selectable } from "kysely";

/** The member lifecycle's tables (server/db/schema.ts lists every table): notices, outbound messages, validity extensions. */
/** A notice in a member's notification center (server/features/member-notices/). */
export interface MemberNoticesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  title: string;
  body: string;
  ref_type: string | null;
  ref_id: string | null;
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}
export type MemberNotice = Selectable<MemberNoticesTable>;

/** A message handed to the outbound provider (SMS / 알림톡), the phone masked. */
export interface OutboundMessagesTable {
  id: Generated<number>;
  member_id: number | null;
  notice_id: number | null;
  channel: string;
  template: string;
  to_masked: string;
  body: string;
  provider: string;
  provider_ref: string | null;
  status: string;
  created_at: string;
}

/** A validity extension a member asked for (server/features/validity/). */
export interface ValidityExtensionsTable {
  id: Generated<number>;
  member_id: number;
  valid_until: string;
  created_at: string;
}
