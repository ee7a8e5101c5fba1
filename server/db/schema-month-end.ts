import type { Generated } from "kysely";

/** A month-end cut-off (features/month-end): its block, totals, Merkle root of customer balances and where it was published. */
export interface CutoffsTable {
  id: Generated<number>;
  /** '2026-10' (or the cut-off's date when not a month end). */
  label: string;
  /** The cut-off asked for (ISO, with its offset). */
  at_time: string;
  block_number: number;
  block_hash: string;
  block_time: number;
  total_supply: string;
  customer_total: string;
  holder_count: number;
  merkle_root: string;
  root_tx_hash: string | null;
  signer: string | null;
  pack_sha256: string | null;
  created_by: string;
  created_at: string;
}

export type HolderClass = "operator" | "member" | "outside";

/** Every non-zero balance at a cut-off, with its holder class (members and shops are `member`). */
export interface CutoffBalancesTable {
  cutoff_id: number;
  address: string;
  balance: string;
  class: HolderClass;
}

/** Safeguarded customer money of a day (선불충전금 별도관리), entered by a maker, approved by a different checker. */
export interface SafeguardsTable {
  id: Generated<number>;
  /** Seoul date, YYYY-MM-DD. */
  day: string;
  /** Won. */
  amount: string;
  method: "trust" | "deposit" | "guarantee";
  institution: string;
  statement_ref: string;
  state: "pending" | "approved" | "rejected";
  maker_id: number;
  maker_login_id: string;
  checker_id: number | null;
  checker_login_id: string | null;
  decided_at: string | null;
  created_at: string;
}
