import { z } from "zod";
import { Msg } from "../messages";
import { seoulMonthRange } from "../format";
import { columnChoice, listRequest, paged } from "./list";
import { idParam } from "./common";
import { bulkAnswer, bulkIds } from "./bulk";

/** Back-office money: sales (sell / use / gift) and deposit bank accounts (spec §3, §5, §7). */

const won = z.number().int();
const isoDate = z.string();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const SALE_TYPES = ["sell", "use", "gift"] as const;
export const saleType = z.enum(SALE_TYPES, { error: Msg.badRequest });
export type SaleType = z.infer<typeof saleType>;
export const saleTypeParams = z.strictObject({ type: saleType });

/** Day / week (Sunday–Saturday) / month totals in won (spec §3 "Day totals"). */
export const saleTotals = z.object({ daily_value: won, weekly_value: won, monthly_value: won });
export type SaleTotals = z.infer<typeof saleTotals>;

export const saleListRequest = listRequest({ sortable: ["createdAt", "id", "value"], dates: true, filters: { type: saleType } });
export type SaleListRequest = z.output<typeof saleListRequest>;
/** Each type's columns (on screen and in the file), by key: a download's `columns` names them. */
export const SALE_COLUMNS = {
  sell: ["id", "orderNo", "status", "bank", "username", "phone", "address", "createdAt", "expiredAt", "value", "txHash"],
  use: ["id", "status", "sender", "receiver", "from", "to", "value", "createdAt", "txHash"],
  gift: ["id", "status", "sender", "receiver", "from", "to", "value", "fee", "createdAt", "txHash"],
} as const;
export type SellColumn = (typeof SALE_COLUMNS.sell)[number];
export type MoveColumn = (typeof SALE_COLUMNS.gift)[number];
const saleDownload = <const K extends readonly [string, ...string[]]>(keys: K) =>
  listRequest({ sortable: ["createdAt", "id", "value"], dates: true, filters: { columns: columnChoice(keys) } });
/** The download of one type (the type is in the path): the list's range rule, and the columns to write (the ones on screen) when the operator chose them. */
export const saleDownloadRequest = {
  sell: saleDownload(SALE_COLUMNS.sell),
  use: saleDownload(SALE_COLUMNS.use),
  gift: saleDownload(SALE_COLUMNS.gift),
};
export const saleDetailBody = z.strictObject({ id, type: saleType });

/** Sell record; `type` is the status label (입금 대기 / 입금 완료 / 취소), `state` the raw state. */
export const sellRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: z.string(),
  state: z.enum(["pending", "confirmed", "cancelled"]),
  bank: z.string(),
  username: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  createdAt: isoDate,
  expiredAt: isoDate,
  value: won,
  fromId: z.number().int().nullable(),
  toId: z.number().int(),
  txHash: z.string().nullable(),
});
export type SellRowDto = z.infer<typeof sellRow>;

/** Use and gift records (gift adds the fee). */
export const moveRow = z.object({
  id: z.number().int(),
  type: z.string(),
  senderAddress: z.string(),
  receiverAddress: z.string(),
  username: z.string().nullable(),
  toUsername: z.string().nullable(),
  value: won,
  fee: won,
  createdAt: isoDate,
  expiredAt: isoDate.nullable(),
  fromId: z.number().int().nullable(),
  toId: z.number().int().nullable(),
  txHash: z.string().nullable(),
});
export type MoveRowDto = z.infer<typeof moveRow>;

export const saleRow = z.union([sellRow, moveRow]);
export const saleList = paged(saleRow);
/** One record with its day ('YYYY-MM-DD', Asia/Seoul). */
const dated = { date: z.string() };
export const saleDetail = z.union([sellRow.extend(dated), moveRow.extend(dated)]);

/** An approved deposit: the order, now 입금 완료, and its transfer (`status` the transfer's, e.g. confirmed). */
export const saleAcceptResult = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: z.string(),
  value: won,
  expiredAt: isoDate,
  txHash: z.string().nullable(),
  status: z.string(),
});
/** DELETE answers of the back-office (a cancelled order, a removed bank account): the literal "OK". */
export const okAnswer = z.literal("OK");
export const saleIdParams = z.strictObject({ id: idParam });

/** Several sell orders approved or cancelled in one request (bulk actions): their ids, and each one's outcome. */
export const saleBulkBody = z.strictObject({ ids: bulkIds(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) });
export const saleBulkAnswer = bulkAnswer(z.number().int());

export const SELL_STATE_LABEL = { pending: "입금 대기", confirmed: "입금 완료", cancelled: "취소" } as const;
export const MOVE_STATE_LABEL = { pending: "처리 중", submitted: "처리 중", confirmed: "완료", failed: "실패" } as const;

// ---- Asia/Seoul periods -------------------------------------------------------------------------

const SEOUL_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * The day, the week (Sunday 00:00 to the next Sunday 00:00) and the calendar month around `now`, in
 * Asia/Seoul, as UTC instants [start, end).
 */
export function seoulPeriods(now: Date | number = Date.now()): Record<"day" | "week" | "month", { start: Date; end: Date }> {
  const t = typeof now === "number" ? now : now.getTime();
  const local = t + SEOUL_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS - SEOUL_MS;
  const weekday = new Date(dayStart + SEOUL_MS).getUTCDay(); // 0 = Sunday
  const weekStart = dayStart - weekday * DAY_MS;
  return {
    day: { start: new Date(dayStart), end: new Date(dayStart + DAY_MS) },
    week: { start: new Date(weekStart), end: new Date(weekStart + 7 * DAY_MS) },
    month: seoulMonthRange(t),
  };
}

// ---- deposit bank accounts (spec §3 Bank account, §5) -------------------------------------------

/** Account number rule of spec §5: hyphens and digits, at least 7 characters. */
export const BANK_ACCOUNT_RULE = /^[0-9-]{7,}$/;

const text = (max: number) => z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(max, { error: Msg.badRequest });

export const bankCreateBody = z.strictObject({
  bank: text(40),
  account: text(40).refine((s) => BANK_ACCOUNT_RULE.test(s) && /\d/.test(s), { error: Msg.bankAccountRule }),
  name: text(40),
  nickname: z
    .string()
    .trim()
    .max(40, { error: Msg.badRequest })
    .optional()
    .transform((s) => (s ? s : null)),
});
export type BankCreateBody = z.output<typeof bankCreateBody>;
export const bankIdBody = z.strictObject({ id });
export const bankIdParams = z.strictObject({ id });

export const bankRow = z.object({
  id: z.number().int(),
  bankName: z.string(),
  bankAccount: z.string(),
  ownerName: z.string(),
  nickname: z.string().nullable(),
  isMain: z.boolean(),
  createdAt: isoDate,
});
export type BankRowDto = z.infer<typeof bankRow>;
export const bankList = z.array(bankRow);

// ---- operator wallets and transfers (spec §3 Wallet, §5 Transfer, §8) -----------------------------

export const walletCreateBody = z.strictObject({
  nickName: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(30, { error: Msg.transferCheckInput }),
});

/** The transfer form: from wallet, to wallet or address, amount (precision 0). Which wallet is wrong is the server's answer (401/403). */
export const walletSendBody = z.strictObject({
  from: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }),
  to: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }),
  value: z
    .union([z.number(), z.string().trim()], { error: Msg.required })
    .refine((v) => v !== "", { error: Msg.required })
    .refine((v) => (typeof v === "number" ? Number.isSafeInteger(v) && v > 0 : /^\d{1,15}$/.test(v) && Number(v) > 0), {
      error: Msg.transferCheckInput,
    })
    .transform((v) => Number(v)),
  /** Why (dual control, above the threshold): shown to the approver. */
  reason: z.string().trim().max(200).optional(),
});
export type WalletSendBody = z.output<typeof walletSendBody>;

const periodWon = z.object({ daily_value: won, weekly_value: won, monthly_value: won });
export const operatorWalletRow = z.object({
  id: z.number().int(),
  wallet: z.string(),
  nickName: z.string().nullable(),
  kind: z.string(),
  address: z.string(),
  balance: won,
  date_value: periodWon,
});
export type OperatorWalletDto = z.infer<typeof operatorWalletRow>;
export const operatorWalletList = z.array(operatorWalletRow);
export const operatorWalletCreated = z.object({ id: z.number().int(), address: z.string(), nickName: z.string().nullable() });

/** A transfer from an operator wallet: confirmed, or pending while still on its way. */
export const walletTransferResult = z.object({
  id: z.number().int(),
  txHash: z.string().nullable(),
  status: z.enum(["confirmed", "pending"]),
  from: z.string(),
  to: z.string(),
  value: won,
});
/** The list a page at a time (`page`, `perPage`); a request with neither gets every wallet as `operatorWalletList`. */
export const operatorWalletListRequest = listRequest({ sortable: ["id"] });
export type OperatorWalletListRequest = z.output<typeof operatorWalletListRequest>;
export const operatorWalletPage = paged(operatorWalletRow);
