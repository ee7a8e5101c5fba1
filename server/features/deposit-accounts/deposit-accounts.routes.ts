import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { badRequest, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import * as repo from "./deposit-accounts.repo";
import { appendAction } from "../../records/audit.repo";
import { depositAccountsApi as api } from "../../../domain/api/deposit-accounts";
import type { BankRowDto } from "../../../domain/schemas/deposit-accounts";
import { Msg } from "../../../domain/messages";

const dto = (r: repo.BankDbRow): BankRowDto => ({
  id: Number(r.id),
  bankName: r.bank_name,
  bankAccount: r.bank_account,
  ownerName: r.owner_name,
  nickname: r.nickname,
  isMain: Number(r.is_main) === 1,
  createdAt: r.created_at,
});
const audited = (r: repo.BankDbRow) => ({
  bankName: r.bank_name,
  bankAccount: r.bank_account,
  ownerName: r.owner_name,
  nickname: r.nickname,
  isMain: Number(r.is_main) === 1,
});

/** Deposit bank accounts (spec §7 Address): list, add, set main, remove; each change is audited. The main one is what buy step 2 shows. */
export function depositAccountRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.bankList, async () => (await repo.listBanks(ctx.db)).map(dto));

  handle(api.bankCreate, async ({ body: b }, req) => {
    const admin = authOf(req).admin!;
    const row = await ctx.db.transaction().execute(async (trx) => {
      const made = await repo.insertBank(trx, { bank_name: b.bank, bank_account: b.account, owner_name: b.name, nickname: b.nickname });
      await appendAction(trx, {
        adminId: admin.id,
        adminLoginId: admin.login_id,
        action: "bank.create",
        targetType: "bank",
        targetId: made.id,
        after: audited(made),
      });
      return made;
    });
    return dto(row);
  });

  handle(api.bankSetMain, async ({ body: { id } }, req) => {
    const admin = authOf(req).admin!;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.bankById(trx, id);
      if (!row) throw notFound();
      if (Number(row.is_main) === 1) throw badRequest(Msg.bankAlreadyMain);
      const before = (await repo.listBanks(trx)).find((x) => Number(x.is_main) === 1);
      await repo.setMainBank(trx, id);
      await appendAction(trx, {
        adminId: admin.id,
        adminLoginId: admin.login_id,
        action: "bank.main",
        targetType: "bank",
        targetId: id,
        before: before ? Number(before.id) : null,
        after: id,
      });
    });
    return (await repo.listBanks(ctx.db)).map(dto);
  });

  handle(api.bankDelete, async ({ params: { id } }, req) => {
    const admin = authOf(req).admin!;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.bankById(trx, id);
      if (!row) throw notFound();
      if (!(await repo.deleteBank(trx, id))) throw badRequest(Msg.bankMainNotRemovable);
      await appendAction(trx, {
        adminId: admin.id,
        adminLoginId: admin.login_id,
        action: "bank.delete",
        targetType: "bank",
        targetId: id,
        before: audited(row),
      });
    });
    return "OK" as const;
  });

  return router;
}
