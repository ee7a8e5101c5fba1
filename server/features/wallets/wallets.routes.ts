import type { Request, Response, Router } from "express";
import { ethers } from "ethers";
import type { AppContext } from "../../context";
import type { OutboxRow } from "../../db/schema";
import { authOf } from "../../auth/middleware";
import { AppError, zodMessage } from "../../http/errors";
import { createRoutes, withMessage } from "../../http/routes";
import { idempotencyOf, idempotent } from "../../money/idempotency";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import { RESOLVE_WAIT_MS } from "../../money/payment-password";
import { appendAction } from "../../records/audit.repo";
import * as repo from "./wallets.repo";
import { operatorWalletByAddress, walletByAddress } from "../../custody/wallets.repo";
import { walletsApi as api } from "../../../domain/api/wallets";
import { seoulPeriods } from "../../../domain/schemas/shared/periods";
import type { OperatorWalletDto, WalletSendBody } from "../../../domain/schemas/wallets";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { DUAL_CONTROL_TRANSFER_THRESHOLD_WON } from "../../../domain/constants";
import { propose } from "../../dual-control/proposals";

const KIND_NAME: Record<string, string> = { treasury: "발행 지갑", fee: "수수료 지갑", settlement: "정산 지갑" };

/** Transfer answers of spec §8, sent as their code with HTTP 400 (a 401 status would end the operator's session). */
const transferError = (code: 401 | 402 | 403, message: string) => new AppError(code, message, undefined, 400);

function checksum(a: string): string | null {
  try {
    return ethers.getAddress(a.toLowerCase());
  } catch {
    return null;
  }
}

/** Operator wallets (spec §7 Address): list with indexed balances and movement, create, transfer through the outbox. */
export function walletRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  // With `page` or `perPage`: one page and the total (walletPage). With neither: every wallet, as an array, whatever
  // else the query holds (walletList), as the route answered before it paged.
  handle(api.operatorWallets, async (_in, req) => {
    const q = req.query.page !== undefined || req.query.perPage !== undefined ? api.walletPage.query.safeParse(req.query) : null;
    if (q && !q.success) throw new AppError(Code.BAD_REQUEST, zodMessage(q.error));
    const page = q ? await repo.operatorWalletsPage(ctx.db, q.data) : null;
    const wallets = page?.list ?? (await repo.operatorWallets(ctx.db));
    const addresses = wallets.map((w) => w.address);
    const p = seoulPeriods();
    const [balances, day, week, month] = await Promise.all([
      ctx.view.balancesOf(addresses),
      repo.sentBetween(ctx.db, addresses, p.day.start.toISOString(), p.day.end.toISOString()),
      repo.sentBetween(ctx.db, addresses, p.week.start.toISOString(), p.week.end.toISOString()),
      repo.sentBetween(ctx.db, addresses, p.month.start.toISOString(), p.month.end.toISOString()),
    ]);
    const list: OperatorWalletDto[] = wallets.map((w) => ({
      id: Number(w.id),
      wallet: KIND_NAME[w.kind] ?? w.nickname ?? w.kind,
      nickName: w.nickname,
      kind: w.kind,
      address: w.address,
      balance: Number(balances.get(w.address) ?? 0n),
      date_value: {
        daily_value: day.get(w.address) ?? 0,
        weekly_value: week.get(w.address) ?? 0,
        monthly_value: month.get(w.address) ?? 0,
      },
    }));
    return page ? { ...page, list } : list;
  });

  handle(api.walletCreate, async ({ body: { nickName } }, req) => {
    const admin = authOf(req).admin!;
    const made = await ctx.db.transaction().execute(async (trx) => {
      const w = await ctx.custody.createWallet("operator", { nickname: nickName }, trx);
      await appendAction(trx, {
        adminId: admin.id,
        adminLoginId: admin.login_id,
        action: "wallet.create",
        targetType: "wallet",
        targetId: w.address,
        after: { nickName },
      });
      return w;
    });
    return { id: Number(made.id), address: made.address, nickName: made.nickname };
  });

  // Confirmed, or 'pending' for anything still on its way (a stored 'pending' answer is brought up to date on a retry).
  const answerStatus = (status: string): "confirmed" | "pending" => (status === "confirmed" ? "confirmed" : "pending");
  // One transfer from an operator wallet, from the wallet page and from the dashboard's transfer dialog.
  const send = async (body: WalletSendBody, req: Request, res: Response) => {
    const admin = authOf(req).admin!;
    const from = checksum(body.from);
    const fromWallet = from ? await operatorWalletByAddress(ctx.db, from) : undefined;
    if (!from || !fromWallet) throw transferError(403, Msg.transferBadFrom);
    const to = checksum(body.to);
    if (!to || to === from || to === ethers.ZeroAddress) throw transferError(401, Msg.transferBadTo);
    if (body.value > DUAL_CONTROL_TRANSFER_THRESHOLD_WON) {
      // A transfer the wallet cannot pay now is refused as the direct one is (402), not made a proposal bound to fail;
      // the approval checks again under the wallet's lock (the balance may move meanwhile).
      if (body.value > (await ctx.outbox.spendable(from))) throw transferError(402, Msg.transferBadBalance);
      // Every proposal carries its proposer's own reason (shown to the approver, kept in the audit log).
      if (!body.reason) throw new AppError(Code.BAD_REQUEST, Msg.proposalReasonRequired);
      // Dual control: a large transfer is a proposal another operator approves (features/proposals).
      const proposal = await propose(ctx, admin, {
        kind: "transfer",
        payload: { from, to, value: body.value },
        reason: body.reason,
      });
      return withMessage({ proposal, message: Msg.proposalCreated }, Msg.proposalCreated);
    }
    await ensureChainUpForOutbox(ctx);
    const toWallet = await walletByAddress(ctx.db, to);
    const row = await ctx.db
      .transaction()
      .execute(async (trx) => {
        // The request's Idempotency-Key names the row: a retry of a request that died is resolved from it.
        const t = await ctx.outbox.enqueue(
          trx,
          {
            kind: "admin",
            from,
            to,
            value: body.value,
            counterpartyMemberId: toWallet?.member_id ?? null,
            idempotency: idempotencyOf(res),
          },
          Msg.transferBadBalance,
        );
        await appendAction(trx, {
          adminId: admin.id,
          adminLoginId: admin.login_id,
          action: "wallet.transfer",
          targetType: "wallet",
          targetId: from,
          after: { to, value: body.value, transferId: t.id },
        });
        return t;
      })
      .catch((e: unknown) => {
        if (e instanceof AppError && e.message === Msg.transferBadBalance) throw transferError(402, Msg.transferBadBalance);
        throw e;
      });
    ctx.relayer.kick();
    const resolved = await ctx.relayer.waitFor(row.id, RESOLVE_WAIT_MS);
    if (resolved.status === "failed") throw new AppError(Code.SERVER_ERROR, Msg.transferFailed);
    return withMessage(
      { id: row.id, txHash: resolved.tx_hash, status: answerStatus(resolved.status), from, to, value: body.value },
      Msg.transferDone,
    );
  };
  const sent = async (t: OutboxRow) => ({
    id: t.id,
    txHash: t.tx_hash,
    status: answerStatus(t.status),
    from: t.from_address,
    to: t.to_address,
    value: Number(t.value),
  });
  handle(api.walletSend, { use: [idempotent(ctx, { transfer: sent })] }, async ({ body }, req, res) => send(body, req, res));
  handle(api.dashboardTransfer, { use: [idempotent(ctx, { transfer: sent })] }, async ({ body }, req, res) => send(body, req, res));

  return router;
}
