import { z } from "zod";
import { listRequest } from "./list";
import { Msg } from "../messages";

/**
 * Settlement (spec routes calc/*, calls under /api/calc): the shop owner's request and the operators'
 * management lists. Won amounts are positive safe integers.
 */

const won = z.number({ error: Msg.required }).int({ error: Msg.badRequest }).positive({ error: Msg.required }).max(Number.MAX_SAFE_INTEGER, { error: Msg.badRequest });
const address = z.string({ error: Msg.required }).trim().regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.addressInvalid });

/** `POST /api/calc/request/exchange {address, value, password}`: password is the shop member's six-digit payment password. */
export const calcExchangeBody = z.strictObject({
  address,
  value: won,
  password: z.string({ error: Msg.calcPasswordRequired }).regex(/^\d{6}$/, { error: Msg.calcPasswordRequired }),
});
export type CalcExchangeBody = z.infer<typeof calcExchangeBody>;

/** The shop's request history `{from, to, wallet}` (paged like every list). */
export const calcHistoryRequest = listRequest({ sortable: ["createdAt"], dates: true, filters: { wallet: address.optional() } });
export type CalcHistoryRequest = z.output<typeof calcHistoryRequest>;

/** The management search `{from, to}`. */
export const calcSearchRequest = listRequest({ sortable: ["createdAt"], dates: true });
export type CalcSearchRequest = z.output<typeof calcSearchRequest>;

export const calcDetailBody = z.strictObject({ id: z.coerce.number().int().positive() });
export const calcAcceptBody = z.strictObject({ orderNo: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(40) });
export const calcOrderNoParam = z.strictObject({ orderNo: z.string().trim().min(1).max(40) });

/** A management row (spec: orderNo, phonenumber, value, state, createdAt). */
export interface CalcOrderDto {
  id: number;
  orderNo: string;
  phonenumber: string;
  username: string;
  wallet: string;
  value: number;
  state: string;
  createdAt: string;
  approvedAt: string | null;
  deletedAt: string | null;
}

/** A request-history row (spec: exchangeNo, balance, createdAt, exchangeAccept). */
export interface CalcHistoryDto {
  exchangeNo: string;
  balance: number;
  createdAt: string;
  exchangeAccept: string;
  wallet: string;
}
