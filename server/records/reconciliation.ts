import type { AppTx } from "../db/schema";
import { getMeta, setMeta } from "../db/app-db";

/**
 * The last reconciliation's outcome (docs/architecture.md "Reconciliation"), kept by whoever ran it (the dashboard,
 * `npm run reconcile`, the hourly job) for the public transparency page: whether the books agreed with the chain,
 * when, and how many checks failed. No detail leaves here: the lines stay on the operators' screens.
 */
export interface ReconciliationOutcome {
  ok: boolean;
  checkedAt: string;
  checks: number;
  failed: number;
  /** The chain block it was checked at. */
  block: number;
}

const KEY = "last_reconciliation";

export async function recordReconciliation(db: AppTx, r: ReconciliationOutcome): Promise<void> {
  await setMeta(db, KEY, JSON.stringify(r));
}

export async function lastReconciliation(db: AppTx): Promise<ReconciliationOutcome | null> {
  const v = await getMeta(db, KEY);
  return v ? (JSON.parse(v) as ReconciliationOutcome) : null;
}
