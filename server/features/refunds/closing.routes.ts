import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { createVerifications } from "../../providers/identity/verification.service";
import { memberByPhone } from "../../records/members.repo";
import { closeAccount, closingInfo } from "./closing.service";
import { refundDto } from "./refunds.dto";
import { refundsApi as api } from "../../../domain/api/refunds";

/** 회원 탈퇴: what closing needs first, and the closing itself (after the reauth popup's key). */
export function closingRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const verifications = createVerifications(ctx.db, async (phone) => (await memberByPhone(ctx.db, phone)) !== undefined);

  handle(api.accountCloseInfo, async (_input, req) => closingInfo(ctx, authOf(req).member!));

  handle(api.accountClose, async ({ body }, req) => {
    const r = await closeAccount(ctx, verifications, authOf(req).member!, body);
    return { closedAt: r.closedAt, refund: r.refund ? refundDto(r.refund) : null };
  });

  return router;
}
