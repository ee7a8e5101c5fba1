import type { ProposalKinds } from "../../dual-control/kinds";
import { walletByKind } from "../../custody/wallets.repo";
import { AppError } from "../../http/errors";
import { refundByOrderNo } from "./refunds.repo";
import { followRefundProposal } from "./refunds-notice";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** A refund's payout above REFUND_PAYOUT_DUAL_CONTROL_WON: the escrowed amount burned once another operator approves. */
export const refundProposals: Pick<ProposalKinds, "refundPayout"> = {
  refundPayout: {
    area: "refund",
    needs: "chain",
    // Only a refund being paid, not yet under a proposal, for its escrowed amount, from the refund escrow.
    check: async (ctx, p) => {
      const r = await refundByOrderNo(ctx.db, p.orderNo);
      const escrow = await walletByKind(ctx.db, "refund");
      const matches =
        r?.state === "paying" && r.proposal_id === null && Number(r.value) + Number(r.deduction) === p.value && p.from === escrow?.address;
      if (!matches) throw new AppError(Code.CONFLICT, Msg.refundNotRequested);
    },
    move: async (_ctx, p) => ({ call: ["burn", [p.from, BigInt(p.value)]] }),
    // The decision reaches its refund at once: approved → 지급 완료 (the member told), otherwise → 환불 대기.
    followUp: (ctx, proposalId) => followRefundProposal(ctx, proposalId),
  },
};
