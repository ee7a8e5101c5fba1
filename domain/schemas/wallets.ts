import { z } from "zod";
import { Msg } from "../messages";
import { listRequest, paged } from "./shared/list";

const won = z.number().int();

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
