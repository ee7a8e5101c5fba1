import type { Router } from "express";
import type { AppContext } from "../context";
import type { ProposalKinds } from "../dual-control/kinds";
import { tokenProposals } from "./tokens/tokens.proposals";
import { walletProposals } from "./wallets/wallets.proposals";
import { operatorProposals } from "./operators/operators.proposals";
import { refundProposals } from "./refunds/refunds.proposals";
import { securityProposals } from "./operator-security/operator-security.proposals";
import { purchaseProposals } from "./purchases/purchases.proposals";
import { resolveBuyOrders } from "./purchases/purchases.service";
import { resolveSettlementMoves } from "./settlement/settlement.service";
import { resolveRefundMoves } from "./refunds/refunds-payout.service";
import { signupRoutes } from "./members/signup.routes";
import { loginRoutes } from "./members/login.routes";
import { myInfoRoutes } from "./members/my-info.routes";
import { favoriteRoutes } from "./members/favorites.routes";
import { apiDocsRoutes } from "./api-docs/api-docs.routes";
import { apiKeyRoutes } from "./apikey/apikey.routes";
import { accessLogRoutes } from "./access-log/access-log.routes";
import { auditRoutes } from "./audit/audit.routes";
import { boardRoutes } from "./boards/boards.routes";
import { memberBoardRoutes } from "./boards/member-boards.routes";
import { dashboardRoutes } from "./dashboard/dashboard.routes";
import { rpcProxyRoutes } from "./dashboard/rpc-proxy.routes";
import { depositAccountRoutes } from "./deposit-accounts/deposit-accounts.routes";
import { healthRoutes } from "./health/health.routes";
import { historyRoutes } from "./history/history.routes";
import { homeRoutes } from "./home/home.routes";
import { memberRoutes } from "./members/members.routes";
import { memberNoticeRoutes } from "./member-notices/member-notices.routes";
import { monthEndRoutes } from "./month-end/month-end.routes";
import { safeguardingRoutes } from "./month-end/safeguarding.routes";
import { notificationRoutes } from "./notifications/notifications.routes";
import { operatorRoutes } from "./operators/operators.routes";
import { operatorLoginRoutes } from "./operator-security/operator-login.routes";
import { operatorSecurityRoutes } from "./operator-security/operator-security.routes";
import { partnerRoutes } from "./partner/partner.routes";
import { giftRoutes } from "./gifts/gifts.routes";
import { policyRoutes } from "./policies/policies.routes";
import { proposalRoutes } from "./proposals/proposals.routes";
import { refundRoutes } from "./refunds/refunds.routes";
import { closingRoutes } from "./refunds/closing.routes";
import { purchaseRoutes } from "./purchases/purchases.routes";
import { bankCallbackRoutes } from "./purchases/bank-callback.routes";
import { depositQueueRoutes } from "./purchases/deposit-queue.routes";
import { receiptRoutes } from "./receipts/receipts.routes";
import { salesRoutes } from "./purchases/sales.routes";
import { savedViewRoutes } from "./saved-views/saved-views.routes";
import { settlementRoutes } from "./settlement/settlement.routes";
import { tokenRoutes } from "./tokens/tokens.routes";
import { tokenRolesRoutes } from "./token-roles/token-roles.routes";
import { walletRoutes } from "./wallets/wallets.routes";
import { validityRoutes } from "./validity/validity.routes";
import { paymentRoutes } from "./merchant-payments/payments.routes";
import { merchantRoutes } from "./merchant-payments/merchants.routes";
import { resolvePaymentMoves } from "./merchant-payments/payments-follow.service";
import { startWebhookDelivery } from "./merchant-payments/webhooks.service";
import { ensureDemoMerchant } from "./merchant-payments/demo-merchant";
import { createDemoShop } from "../../demo-shop/shop";
import { changeNoticeRoutes } from "./change-notices/change-notices.routes";

/** Every feature's routes (server/features/<area>/<area>.routes.ts), whatever the spec's URL prefix. */
export const routeModules: ((ctx: AppContext) => Router)[] = [
  loginRoutes,
  operatorLoginRoutes,
  healthRoutes,
  apiDocsRoutes,
  purchaseRoutes,
  bankCallbackRoutes,
  giftRoutes,
  historyRoutes,
  receiptRoutes,
  validityRoutes,
  signupRoutes,
  myInfoRoutes,
  favoriteRoutes,
  memberBoardRoutes,
  memberNoticeRoutes,
  policyRoutes,
  homeRoutes,
  memberRoutes,
  operatorRoutes,
  operatorSecurityRoutes,
  apiKeyRoutes,
  auditRoutes,
  accessLogRoutes,
  notificationRoutes,
  partnerRoutes,
  dashboardRoutes,
  monthEndRoutes,
  safeguardingRoutes,
  rpcProxyRoutes,
  boardRoutes,
  salesRoutes,
  depositQueueRoutes,
  savedViewRoutes,
  depositAccountRoutes,
  tokenRoutes,
  tokenRolesRoutes,
  walletRoutes,
  settlementRoutes,
  proposalRoutes,
  refundRoutes,
  closingRoutes,
  paymentRoutes,
  merchantRoutes,
  changeNoticeRoutes,
];

/** The features' orders that follow their money moves' outcomes (a failed buy reopens its order, …), from the relayer's events. */
export function followMoves(ctx: AppContext): void {
  resolveBuyOrders(ctx);
  resolveSettlementMoves(ctx);
  resolveRefundMoves(ctx);
  resolvePaymentMoves(ctx);
}

/** What each kind of proposal does (server/dual-control/kinds.ts), from the feature that owns its move. */
export const proposalKinds: ProposalKinds = {
  ...tokenProposals,
  ...walletProposals,
  ...operatorProposals,
  ...securityProposals,
  ...refundProposals,
  ...purchaseProposals,
};

/**
 * The merchants' side of a stack (server/features/merchant-payments): the demo shop's routes (embedded default) for
 * the app, then once the server listens the webhook delivery every process runs (its leased share) and the demo
 * shop's credentials; stopped with the stack.
 */
export function merchantSide(ctx: AppContext) {
  const demoShop = ctx.config.demoShop ? createDemoShop() : null;
  let webhooks: { stop(): void } | null = null;
  return {
    demoShopRoutes: demoShop?.router,
    async listening(url: string) {
      // A free port (tests): the apps' public origin is where this server listens (checkout URLs name it).
      if (ctx.config.port === 0 && !process.env.PUBLIC_ORIGIN) ctx.config.publicOrigin = url;
      webhooks = startWebhookDelivery(ctx);
      const creds = demoShop ? await ensureDemoMerchant(ctx, ctx.config.publicOrigin) : null;
      if (demoShop && creds) demoShop.configure({ apiBase: url, ...creds });
    },
    stop: () => webhooks?.stop(),
  };
}
