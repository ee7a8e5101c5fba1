import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { listPayments } from "./payments.service";
import { DAILY_FILE, merchantDaily } from "./daily.service";
import { streamXlsx } from "../../http/xlsx";
import { Msg } from "../../../domain/messages";
import {
  createMerchant,
  listMerchants,
  makeKey,
  merchantSelf,
  ownMerchant,
  revokeKey,
  rotateWebhookSecret,
  sendTestEvent,
  setWebhook,
  updateMerchant,
} from "./merchants.service";
import { deliveries, delivery, kickWebhooks, resend } from "./webhooks.service";
import { merchantSelfApi as self, merchantsAdminApi as admin } from "../../../domain/api/merchant-payments";

/** A shop owner's merchant (the member app's 가맹점 page) and the operators' merchants (/admin/merchants). */
export function merchantRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  // The shop-owner operator's linked member (admins.member_id) is the merchant's owner; none: 403 as no merchant.
  const memberId = (req: import("express").Request) => authOf(req).admin!.member_id ?? 0;
  const noStore = (res: import("express").Response) => res.setHeader("Cache-Control", "no-store");

  handle(self.merchantSelf, async (_in, req) => merchantSelf(ctx, memberId(req)));
  handle(self.merchantKeyCreate, async ({ body }, req, res) => {
    noStore(res);
    return makeKey(ctx, memberId(req), body.label);
  });
  handle(self.merchantKeyRevoke, async ({ params }, req) => revokeKey(ctx, memberId(req), params.keyId));
  handle(self.merchantWebhookSet, async ({ body }, req, res) => {
    noStore(res);
    return setWebhook(ctx, memberId(req), body.url);
  });
  handle(self.merchantWebhookSecret, async (_in, req, res) => {
    noStore(res);
    return rotateWebhookSecret(ctx, memberId(req));
  });
  handle(self.merchantWebhookTest, async (_in, req) => {
    const m = await ownMerchant(ctx, memberId(req));
    return delivery(ctx, Number(m.id), await sendTestEvent(ctx, memberId(req)));
  });
  handle(self.merchantPayments, async ({ query }, req) => listPayments(ctx, Number((await ownMerchant(ctx, memberId(req))).id), query));
  handle(self.merchantDeliveries, async ({ query }, req) => deliveries(ctx, Number((await ownMerchant(ctx, memberId(req))).id), query));
  handle(self.merchantDeliveryResend, async ({ params }, req) => {
    const m = await ownMerchant(ctx, memberId(req));
    await resend(ctx, Number(m.id), params.deliveryId);
    kickWebhooks(ctx);
    return delivery(ctx, Number(m.id), params.deliveryId);
  });

  handle(self.merchantOwnDaily, async ({ query }, req) => merchantDaily(ctx, query, Number((await ownMerchant(ctx, memberId(req))).id)));
  handle(admin.merchantDaily, async ({ query }) => merchantDaily(ctx, query));
  handle(admin.merchantDailyDownload, async ({ query }, _req, res) => {
    const { rows } = await merchantDaily(ctx, query);
    await streamXlsx(res, {
      fileName: admin.merchantDailyDownload.file,
      sheetName: "가맹점 결제",
      columns: DAILY_FILE,
      rows,
      emptyMessage: Msg.noResults,
    });
  });
  handle(admin.merchants, async () => ({ merchants: await listMerchants(ctx) }));
  handle(admin.merchantCreate, async ({ body }, req) => createMerchant(ctx, authOf(req).admin!, body));
  handle(admin.merchantUpdate, async ({ params, body }, req) => updateMerchant(ctx, authOf(req).admin!, params.merchantId, body));

  return router;
}
