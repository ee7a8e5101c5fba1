import type { Generated } from "kysely";

/** Tables of money coming in through the bank (issue 51; migrations-money-in.ts). */

export interface BankEventsTable {
  id: Generated<number>;
  event_id: string;
  type: string;
  payload: string;
  /** What it did: confirmed, queued, debitFailed, known (already confirmed), ignored. */
  outcome: string;
  order_id: number | null;
  received_at: string;
}

export type BankDepositState = "confirmed" | "review" | "matched" | "returned" | "held" | "known";

export interface BankDepositsTable {
  id: Generated<number>;
  source: "callback" | "statement";
  event_id: string | null;
  statement_key: string | null;
  account_number: string | null;
  amount: number;
  depositor_name: string;
  deposited_at: string;
  state: BankDepositState;
  reason: string | null;
  order_id: number | null;
  note: string | null;
  admin_id: number | null;
  decided_at: string | null;
  created_at: string;
}

export interface LinkedAccountsTable {
  id: Generated<number>;
  member_id: number;
  bank_name: string;
  account_masked: string;
  link_id: string;
  created_at: string;
  removed_at: string | null;
}
