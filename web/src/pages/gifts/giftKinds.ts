import { Code } from "@domain/codes";
import { ResultType, PaymentType } from "@domain/constants";
import { Msg } from "@domain/messages";
import type { GiftForm } from "@domain/schemas/shared/forms";
import type { PaymentResult } from "@domain/schemas/gifts";
import { historyApi } from "@domain/api/history";
import { giftsApi } from "@domain/api/gifts";
import { ApiError } from "../../api/client";
import { callEndpoint } from "../../api/endpoint";
import { GiftLabels as L } from "./gifts.labels";

/** Whoever receives: the looked-up member (gift) or the market shop (use). */
export interface Counterpart {
  name: string;
  address: string;
}

/** What differs between a gift and a market use; everything else is one flow (GiftFlow). */
export interface GiftKind {
  kind: "gift" | "use";
  /** Recent list type (3 gifts, 2 uses). */
  recent: 2 | 3;
  result: number;
  amountLabel: string;
  rules: string;
  confirmTitle: string;
  nameLabel: string;
  addressLabel: string;
  /** Test ids of the confirm lines (send-recipient-… / send-shop-…). */
  lineTestId: "recipient" | "shop";
  /** Checks the recipient before the confirm step (lookup or market check). */
  lookup(form: GiftForm): Promise<Counterpart>;
  /** The refusal message of a failed lookup. */
  lookupError(err: unknown, form: GiftForm): string;
  pay(counterpart: Counterpart, value: number, password: string, idempotencyKey: string): Promise<PaymentResult>;
}

export const SEND_KINDS: Record<"gift" | "use", GiftKind> = {
  gift: {
    kind: "gift",
    recent: 3,
    result: ResultType.GIFT_DONE,
    amountLabel: L.giftAmount,
    rules: L.giftRules,
    confirmTitle: L.confirmGift,
    nameLabel: L.recipientName,
    addressLabel: L.recipientAddress,
    lineTestId: "recipient",
    async lookup(form) {
      const body = form.mode === "phone" ? { phonenumber: form.recipient } : { address: form.recipient.trim() };
      const user = await callEndpoint(historyApi.userLookup, body);
      return { name: user.username, address: user.address };
    },
    lookupError(err, form) {
      if (!(err instanceof ApiError)) return Msg.serverError;
      if (err.code !== Code.SERVER_ERROR) return err.message;
      return form.mode === "phone" ? Msg.recipientPhoneNotFound : Msg.recipientAddressNotFound;
    },
    pay: (c, value, password, idempotencyKey) =>
      callEndpoint(giftsApi.gift, { opponentAddress: c.address, kind: 0, type: PaymentType.GIFT, value, password }, { idempotencyKey }),
  },
  use: {
    kind: "use",
    recent: 2,
    result: ResultType.USE_DONE,
    amountLabel: L.useAmount,
    rules: L.useRules,
    confirmTitle: L.confirmUse,
    nameLabel: L.shopName,
    addressLabel: L.shopAddress,
    lineTestId: "shop",
    async lookup(form) {
      const shop = await callEndpoint(giftsApi.p2pCheck, { address: form.recipient.trim() });
      return { name: shop.username, address: shop.address };
    },
    lookupError(err) {
      if (!(err instanceof ApiError)) return Msg.serverError;
      return err.code === Code.NOT_MARKET_ADDRESS ? Msg.notMarketAddress : err.message;
    },
    pay: (c, value, password, idempotencyKey) =>
      callEndpoint(giftsApi.use, { opponentAddress: c.address, kind: 0, type: PaymentType.USE, value, password }, { idempotencyKey }),
  },
};
