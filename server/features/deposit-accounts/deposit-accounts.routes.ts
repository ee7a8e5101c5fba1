import { Router } from "express";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { badRequest, notFound, ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import * as repo from "./deposit-accounts.repo";
import { appendAction } from "../audit/audit.repo";
import { bankCreateBody, bankIdBody, bankIdParams, type BankCreateBody, type BankRowDto } from "../../../domain/schemas/sale";
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
const audited = (r: repo.BankDbRow) => ({ bankName: r.bank_name, bankAccount: r.bank_account, ownerName: r.owner_name, nickname: r.nickname, isMain: Number(r.is_main) === 1 });

/** Deposit bank accounts (spec §7 Address): list, add, set main, remove; each change is audited. The main one is what buy step 2 shows. */
export function depositAccountRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get("/api/address/bank", adminGate(ctx), async (_req, res) => ok(res, (await repo.listBanks(ctx.db)).map(dto)));

  r.post("/api/address/bank", adminGate(ctx), validate(bankCreateBody), async (req, res) => {
    const b = valid<BankCreateBody>(req).body;
    const admin = authOf(req).admin!;
    const row = await ctx.db.transaction().execute(async (trx) => {
      const made = await repo.insertBank(trx, { bank_name: b.bank, bank_account: b.account, owner_name: b.name, nickname: b.nickname });
      await appendAction(trx, { adminId: admin.id, adminLoginId: admin.login_id, action: "bank.create", targetType: "bank", targetId: made.id, after: audited(made) });
      return made;
    });
    ok(res, dto(row));
  });

  r.put("/api/address/bank", adminGate(ctx), validate(bankIdBody), async (req, res) => {
    const { id } = valid<{ id: number }>(req).body;
    const admin = authOf(req).admin!;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.bankById(trx, id);
      if (!row) throw notFound();
      if (Number(row.is_main) === 1) throw badRequest(Msg.bankAlreadyMain);
      const before = (await repo.listBanks(trx)).find((x) => Number(x.is_main) === 1);
      await repo.setMainBank(trx, id);
      await appendAction(trx, { adminId: admin.id, adminLoginId: admin.login_id, action: "bank.main", targetType: "bank", targetId: id, before: before ? Number(before.id) : null, after: id });
    });
    ok(res, (await repo.listBanks(ctx.db)).map(dto));
  });

  r.delete("/api/address/bank/:id", adminGate(ctx), validate(bankIdParams, "params"), async (req, res) => {
    const { id } = valid<unknown, { id: number }>(req).params;
    const admin = authOf(req).admin!;
    await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.bankById(trx, id);
      if (!row) throw notFound();
      if (!(await repo.deleteBank(trx, id))) throw badRequest(Msg.bankMainNotRemovable);
      await appendAction(trx, { adminId: admin.id, adminLoginId: admin.login_id, action: "bank.delete", targetType: "bank", targetId: id, before: audited(row) });
    });
    ok(res, "OK");
  });

  return r;
}
