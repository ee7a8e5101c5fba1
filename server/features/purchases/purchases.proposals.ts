import type { ProposalKinds } from "../../dual-control/kinds";
import { AppError } from "../../http/errors";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import * as repo from "./money-in.repo";

/** A queued deposit's return above DEPOSIT_RETURN_DUAL_CONTROL_WON: recorded as returned once another operator approves. */
export const purchaseProposals: Pick<ProposalKinds, "depositReturn"> = {
  depositReturn: {
    area: "saleSell",
    needs: "none",
    check: async (ctx, p) => {
      const d = await repo.depositById(ctx.db, p.depositId);
      if (!d || (d.state !== "review" && d.state !== "held") || Number(d.amount) !== p.value)
        throw new AppError(Code.CONFLICT, Msg.depositNotWaiting);
    },
    move: async (_ctx, p) => ({
      apply: async (trx) => {
        const r = await trx
          .updateTable("bank_deposits")
          .set({ state: "returned", decided_at: new Date().toISOString() })
          .where("id", "=", p.depositId)
          .where("state", "in", ["review", "held"])
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new AppError(Code.CONFLICT, Msg.depositNotWaiting);
      },
    }),
  },
};
