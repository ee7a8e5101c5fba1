import type { ProposalKinds } from "../../dual-control/kinds";
import { cutSessions } from "../../auth/auth.repo";
import { AppError, notFound } from "../../http/errors";
import { operatorById } from "../../records/operators.repo";
import { resetTwoFactor, totpOf } from "./operator-security.repo";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/**
 * An operator's second factor reset by a super admin under dual control (the operator lost both the phone and the
 * recovery codes): the proposal's reason notes how the operator's identity was checked; the approval takes the secret
 * and the recovery codes away, ends the operator's sessions, and makes the next login an enrolment.
 */
export const securityProposals: Pick<ProposalKinds, "operatorTwoFactorReset"> = {
  operatorTwoFactorReset: {
    area: "proposalControl",
    needs: "none",
    check: async (ctx, p) => {
      if (!(await operatorById(ctx.db, p.adminId))) throw notFound();
      if (!(await totpOf(ctx.db, p.adminId))?.secret) throw new AppError(Code.CONFLICT, Msg.otpNotEnabled);
    },
    move: async (_ctx, p) => ({
      apply: async (trx) => {
        await resetTwoFactor(trx, p.adminId);
        await cutSessions(trx, `a:${p.adminId}`);
      },
    }),
  },
};
