import type { QueryClient } from "@tanstack/react-query";
import { accountKeys } from "./accountQueries";
import { balanceKey } from "./balance";
import { moneyKeys } from "./moneyQueries";

/**
 * After the member's own gift, use, buy or cancel: every read that shows their money is read again (the header
 * balance, the history, the buy page's room this month, my info's balance), without a reload.
 */
export function refreshMoney(qc: QueryClient): void {
  for (const queryKey of [balanceKey, moneyKeys.historyAll, moneyKeys.buyInfo, accountKeys.myInfo]) void qc.invalidateQueries({ queryKey });
}
