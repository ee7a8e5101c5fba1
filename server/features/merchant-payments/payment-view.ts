import type { AppContext } from "../../context";
import { cancelsOf, type PaymentRow } from "./payments.repo";
import { PAYMENT_STATE_LABEL } from "../../../domain/policy/merchant-payments";
import type { Payment } from "../../../domain/schemas/merchant-payments";

/** A payment as the payment API, its webhooks and the owner's screen show it. */

export const statusOf = (s: string | null) => (s === "confirmed" ? "confirmed" : s === "failed" ? "failed" : "pending");

/** The member app's page that pays a payment; the QR payload is the same URL (a phone's camera opens it too). */
export const checkoutUrl = (ctx: Pick<AppContext, "config">, publicId: string) => `${ctx.config.publicOrigin}/pay/${publicId}`;

type CancelRow = Awaited<ReturnType<typeof cancelsOf>>[number];

/** A payment as the API shows it, from its row and its cancellations (no read). */
export function viewOf(ctx: Pick<AppContext, "config">, r: PaymentRow, cancels: CancelRow[] = []): Payment {
  const amount = Number(r.amount);
  const cancelled = Number(r.cancelled_amount);
  const url = checkoutUrl(ctx, r.public_id);
  return {
    paymentId: r.public_id,
    orderId: r.order_id,
    itemName: r.item_name,
    amount,
    fee: Number(r.fee),
    state: r.state,
    stateLabel: PAYMENT_STATE_LABEL[r.state],
    cancelledAmount: cancelled,
    remainingAmount: r.state === "paid" || r.state === "partially_cancelled" ? amount - cancelled : 0,
    checkoutUrl: url,
    qrPayload: url,
    returnUrl: r.return_url,
    cancelUrl: r.cancel_url,
    expiresAt: r.expires_at,
    paidAt: r.paid_at,
    createdAt: r.created_at,
    transfer: r.transfer_id === null ? null : { status: statusOf(r.transfer_status), txHash: r.tx_hash },
    cancels: cancels.map((c) => ({
      amount: Number(c.amount),
      reason: c.reason,
      status: c.state === "failed" ? "failed" : statusOf(c.transfer_status),
      txHash: c.tx_hash,
      createdAt: c.created_at,
    })),
  };
}

/** Payments as the API shows them, their cancellations with them (a payment never cancelled needs no read). */
export async function paymentViews(ctx: Pick<AppContext, "db" | "config">, rows: PaymentRow[]): Promise<Payment[]> {
  const cancels = await cancelsOf(
    ctx.db,
    rows.filter((r) => Number(r.cancelled_amount) > 0 || r.state === "paid").map((r) => Number(r.id)),
  );
  return rows.map((r) =>
    viewOf(
      ctx,
      r,
      cancels.filter((c) => Number(c.payment_id) === Number(r.id)),
    ),
  );
}
