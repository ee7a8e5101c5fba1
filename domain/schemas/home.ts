import { z } from "zod";

/** The back-office's home: the toolbar's totals and the main page's stat cards (spec §7 toolbar, maindata). */

const won = z.number().int();

/** Toolbar totals (permission 0), in won: indexed balances by owner type, then confirmed sums. */
export const toolbarData = z.object({
  masterTotal: won,
  ownerTotal: won,
  userTotal: won,
  sales: won,
  /** Members' refunds paid (환불 지급 완료), all time; settlement returns are the settlement screens'. */
  refunds: won,
  gifts: won,
  usage: won,
});
export type ToolbarData = z.infer<typeof toolbarData>;

/** Home stat cards. */
export const mainData = z.object({
  account_count: z.number().int(),
  sellSum: won,
  useSum: won,
  giftSum: won,
  exchangeSum: won,
  tokenBurnCount: z.number().int(),
  tokenMintCount: z.number().int(),
  tokenCommissionSum: won,
});
export type MainData = z.infer<typeof mainData>;
