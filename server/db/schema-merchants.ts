import type { Generated } from "kysely";

/** Tables of merchant payments (issue 52; migrations-merchants.ts). */

export type MerchantState = "active" | "suspended";

export interface MerchantsTable {
  id: Generated<number>;
  member_id: number;
  name: string;
  state: MerchantState;
  webhook_url: string | null;
  /** Sealed with KEY_ENCRYPTION_KEY (server/custody/crypto.ts). */
  webhook_secret: string | null;
  webhook_secret_prefix: string | null;
  created_by: number | null;
  created_at: string;
}

export interface MerchantKeysTable {
  id: Generated<number>;
  merchant_id: number;
  prefix: string;
  key_hash: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type PaymentStateName = "pending" | "paid" | "partially_cancelled" | "cancelled" | "expired";

export interface PaymentsTable {
  id: Generated<number>;
  public_id: string;
  merchant_id: number;
  order_id: string;
  item_name: string;
  amount: number;
  fee: number;
  return_url: string;
  cancel_url: string;
  state: PaymentStateName;
  cancelled_amount: Generated<number>;
  member_id: number | null;
  transfer_id: number | null;
  expires_at: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentCancelsTable {
  id: Generated<number>;
  payment_id: number;
  amount: number;
  reason: string;
  transfer_id: number;
  state: "sent" | "failed";
  created_at: string;
}

export type WebhookEventState = "pending" | "delivered" | "failed" | "void";

export interface WebhookEventsTable {
  id: Generated<number>;
  public_id: string;
  merchant_id: number;
  type: string;
  payment_id: number | null;
  transfer_id: number | null;
  payload: string;
  state: WebhookEventState;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  lease_owner: string | null;
  last_status: number | null;
  delivered_at: string | null;
  created_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  event_id: number;
  url: string;
  status: number | null;
  latency_ms: number;
  excerpt: string | null;
  error: string | null;
  attempted_at: string;
}

/** The tables of merchant payments, as AppDatabase (server/db/schema.ts) includes them. */
export interface MerchantTables {
  merchants: MerchantsTable;
  merchant_keys: MerchantKeysTable;
  payments: PaymentsTable;
  payment_cancels: PaymentCancelsTable;
  webhook_events: WebhookEventsTable;
  webhook_attempts: WebhookAttemptsTable;
}
