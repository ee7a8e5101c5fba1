import type { ProposalKinds } from "../../dual-control/kinds";
import { operatorWalletByAddress, walletByAddress } from "../../custody/wallets.repo";
import { setMemberState } from "../../records/members.repo";
import { AppError } from "../../http/errors";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { MemberState } from "../../../domain/constants";

/** Operator wallets under dual control: a transfer above the threshold, blocking and unblocking an address. */
export const walletProposals: Pick<ProposalKinds, "transfer" | "block" | "unblock"> = {
  transfer: {
    area: "walletTransfer",
    needs: "chain",
    check: async (ctx, p) => {
      if (!(await operatorWalletByAddress(ctx.db, p.from))) throw new AppError(Code.BAD_REQUEST, Msg.transferBadFrom);
    },
    move: async (_ctx, p, trx) => ({
      transfer: {
        kind: "admin",
        from: p.from,
        to: p.to,
        value: p.value,
        counterpartyMemberId: (await walletByAddress(trx, p.to))?.member_id ?? null,
      },
      refused: Msg.transferBadBalance,
    }),
  },
  block: {
    area: "walletBlock",
    needs: "chain",
    move: async (_ctx, p) => ({ call: ["blockAccount", [p.address]] }),
    // A blocked member's account is suspended with the address.
    afterApproved: async (ctx, p) => {
      const w = await walletByAddress(ctx.db, p.address);
      if (w?.member_id) await setMemberState(ctx.db, w.member_id, MemberState.SUSPENDED);
    },
  },
  unblock: {
    area: "walletBlock",
    needs: "chain",
    move: async (_ctx, p) => ({ call: ["unblockAccount", [p.address]] }),
    afterApproved: async (ctx, p) => {
      const w = await walletByAddress(ctx.db, p.address);
      if (w?.member_id) await setMemberState(ctx.db, w.member_id, MemberState.NORMAL);
    },
  },
};
