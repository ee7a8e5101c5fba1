import { z } from "zod";
import { proposalReason } from "./proposals";
import { Msg } from "../messages";
import { listRequest, paged } from "./shared/list";

/** Back-office tokens: issuance (mint / burn journal) and the 200-won fee legs (spec §3, §5, §7 Token). */

const won = z.number().int();
const isoDate = z.string();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Issuance amount: required, digits only (no decimals), at most 11 digits (spec §5, §9). */
export const TOKEN_AMOUNT_MAX_LENGTH = 11;
export const mintBody = z.strictObject({
  value: z
    .union([z.number(), z.string().trim()], { error: Msg.required })
    .refine((v) => v !== "", { error: Msg.required })
    .refine((v) => (typeof v === "number" ? Number.isSafeInteger(v) : /^\d+$/.test(v)), { error: Msg.tokenAmountInvalid })
    .transform((v) => Number(v))
    .refine((n) => n >= 1 && String(n).length <= TOKEN_AMOUNT_MAX_LENGTH, { error: Msg.tokenAmountInvalid }),
  /** Why (dual control): the proposer's own reason, required, shown to the approver and kept in the audit log. */
  reason: proposalReason,
});
export type MintBody = z.output<typeof mintBody>;
/** A confirmed mint into the treasury (or a retry's answer, read from its call). */
export const mintResult = z.object({
  id: z.number().int(),
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  value: won,
  address: z.string(),
});

/** Count and won of a period (tabs daily / weekly / monthly). */
const periodTotal = z.object({ count: z.number().int(), value: won });
export const tokenManageData = z.object({ daily: periodTotal, weekly: periodTotal, monthly: periodTotal });

export const BURN_STATES = { mint: "발행", burn: "소각" } as const;
export const tokenListRequest = listRequest({
  sortable: ["createdAt", "id"],
  dates: true,
  filters: { type: z.enum(["all", "mint", "burn"]).optional() },
});
export type TokenListRequest = z.output<typeof tokenListRequest>;

export const tokenRow = z.object({
  id: z.number().int(),
  address: z.string(),
  date: isoDate,
  amount: won,
  burnState: z.string(),
  kind: z.enum(["mint", "burn"]),
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  operator: z.string().nullable(),
  createdAt: isoDate,
});
export type TokenRowDto = z.infer<typeof tokenRow>;
export const tokenList = paged(tokenRow);

/** Fee totals in won. */
export const feeTotals = z.object({ daily_value: won, weekly_value: won, monthly_value: won });

export const feeListRequest = listRequest({
  sortable: ["createdAt", "id"],
  dates: true,
  filters: { type: z.enum(["all", "gift", "use"]).optional() },
});
export type FeeListRequest = z.output<typeof feeListRequest>;

export const feeRow = z.object({
  id: z.number().int(),
  phonenumber: z.string().nullable(),
  username: z.string().nullable(),
  fromAddress: z.string(),
  receiver: z.string().nullable(),
  toAddress: z.string(),
  type: z.string(),
  giftValue: won,
  value: won,
  createdAt: isoDate,
  fromId: z.number().int().nullable(),
  toId: z.number().int().nullable(),
  txHash: z.string().nullable(),
});
export type FeeRowDto = z.infer<typeof feeRow>;
export const feeList = paged(feeRow);

export const tokenDetailBody = z.strictObject({ id, type: z.enum(["management", "fee"], { error: Msg.badRequest }) });
