import { z } from "zod";
import { ownBankAccount } from "./shared/bank-account";
import { Msg } from "../messages";
import { idParam, pinInput, wonAmountFor } from "./shared/common";
import { columnChoice, listRequest, paged } from "./shared/list";
import { bulkAnswer, bulkIds } from "./shared/bulk";

/** The operators' main deposit account, where a purchase's money goes (GET /api/buy). */
export const bankInfo = z.object({ bankName: z.string(), bankAccount: z.string(), ownerName: z.string() });
export type BankInfo = z.infer<typeof bankInfo>;

/** The deposit account a purchase order recorded when it was made (its columns may be empty on old rows). */
export const depositAccount = z.object({
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  ownerName: z.string().nullable(),
});
export type DepositAccount = z.infer<typeof depositAccount>;

/** GET /api/buy: the spendable balance, what is left of this month's purchase limit, and where to deposit. */
export const buyInfo = z.object({
  balance: z.number(),
  capacity: z.number(),
  bankInfo: bankInfo.nullable(),
  /** The member's linked account for 연결 계좌로 충전 (null: none linked). */
  linkedAccount: z.object({ bankName: z.string(), accountMasked: z.string() }).nullable(),
});
export type BuyInfo = z.infer<typeof buyInfo>;

export const buyOrderState = z.enum(["pending", "confirmed", "cancelled"]);

/** POST /api/buy/charge: the purchase request (구매대기), to be paid by `expiredAt` into `bankInfo`. */
export const chargeResult = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  value: z.number(),
  expiredAt: z.string(),
  state: buyOrderState,
  bankInfo: depositAccount,
  method: z.enum(["deposit", "virtual", "linked"]),
});

/** POST /api/buy/cancel. */
export const buyCancelled = z.object({ id: z.number().int(), state: z.literal("cancelled") });

/** `method`: `deposit` (the main account, an operator approves; the default) or `virtual` (the order's own account). */
export const chargeBody = z.strictObject({
  password: pinInput,
  value: wonAmountFor("buy"),
  method: z.enum(["deposit", "virtual"]).optional(),
});

/** A member's linked own-name account (계좌 연결): the bank and the masked number only. */
export const linkedAccount = z.object({ id: z.number().int(), bankName: z.string(), accountMasked: z.string(), createdAt: z.string() });
export type LinkedAccount = z.infer<typeof linkedAccount>;
export const linkedAccountAnswer = z.object({ account: linkedAccount.nullable() });
/** Linking: the account, the member's consent to debits (출금이체 동의) and the payment password. */
export const linkAccountBody = z.strictObject({
  ...ownBankAccount,
  consent: z.literal(true, { error: Msg.linkConsentRequired }),
  password: pinInput,
});
/** POST /api/buy/linked: a charge from the linked account (계좌 연결 충전). */
export const linkedChargeBody = z.strictObject({ password: pinInput, value: wonAmountFor("buy") });
export const linkedChargeResult = chargeResult.extend({ txHash: z.string().nullable() });

export const saleAcceptBody = z.strictObject({ id: z.number().int().positive() });
/** POST /api/buy/cancel: the member's own pending order. */
export const buyCancelBody = z.strictObject({ id: z.number().int().positive() });

// ---- sales in the back-office (sell / use / gift; spec §3, §5, §7 "Sales") ------------------------------

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
  sell: ["id", "orderNo", "status", "confirmedBy", "bank", "username", "phone", "address", "createdAt", "expiredAt", "value", "txHash"],
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
  /** How it was confirmed (자동 / 수동 / 계좌연결), null while not confirmed. */
  confirmedBy: z.string().nullable(),
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
export const saleIdParams = z.strictObject({ id: idParam });

/** Several sell orders approved or cancelled in one request (bulk actions): their ids, and each one's outcome. */
export const saleBulkBody = z.strictObject({ ids: bulkIds(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) });
export const saleBulkAnswer = bulkAnswer(z.number().int());

export const SELL_STATE_LABEL = { pending: "입금 대기", confirmed: "입금 완료", cancelled: "취소" } as const;
export const MOVE_STATE_LABEL = { pending: "처리 중", submitted: "처리 중", confirmed: "완료", failed: "실패" } as const;

/** The deposits queue (입금 확인 필요): states an operator filters by. */
export const DEPOSIT_STATES = ["review", "held", "matched", "returned", "confirmed", "known"] as const;
export const DEPOSIT_STATE_LABEL: Record<(typeof DEPOSIT_STATES)[number], string> = {
  review: "확인 필요",
  held: "보류",
  matched: "주문 연결",
  returned: "반환",
  confirmed: "자동 확인",
  known: "이미 확정",
};
export const depositRow = z.object({
  id: z.number().int(),
  source: z.enum(["callback", "statement"]),
  accountNumber: z.string().nullable(),
  amount: z.number(),
  depositorName: z.string(),
  depositedAt: z.string(),
  state: z.enum(DEPOSIT_STATES),
  stateLabel: z.string(),
  reason: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  note: z.string().nullable(),
  orderNo: z.string().nullable(),
});
export type DepositRow = z.infer<typeof depositRow>;
export const depositQuery = z.strictObject({ state: z.enum(["waiting", "done"]).default("waiting") });
export const depositList = z.object({ list: z.array(depositRow), waiting: z.number().int() });
const depositNote = z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(200, { error: Msg.badRequest });
export const depositMatchBody = z.strictObject({ orderNo: z.string().trim().min(1, { error: Msg.required }).max(40), note: depositNote });
export const depositNoteBody = z.strictObject({ note: depositNote });
export const depositDecision = z.object({ id: z.number().int(), proposalId: z.number().int().nullable() });

/** POST /api/sale/statements: a bank statement file (CSV or xlsx, base64) and why it is uploaded. */
export const statementUploadBody = z.strictObject({
  fileName: z.string().trim().min(1, { error: Msg.required }).max(200),
  content: z.string().min(1, { error: Msg.statementUnreadable }).max(4_000_000, { error: Msg.statementUnreadable }),
  reason: depositNote,
});
export const statementResult = z.object({
  deposits: z.number().int(),
  confirmed: z.number().int(),
  known: z.number().int(),
  queued: z.number().int(),
  /** The statement's closing balance and its day: offered as that day's safeguarded amount. */
  closing: z.object({ balance: z.number(), day: z.string() }).nullable(),
});
export type StatementResult = z.infer<typeof statementResult>;
