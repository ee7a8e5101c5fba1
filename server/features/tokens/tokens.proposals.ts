import type { ProposalKinds } from "../../dual-control/kinds";
import { notePaused } from "../../money/chain-status";
import { operatorWalletByAddress } from "../../custody/wallets.repo";
import { AppError } from "../../http/errors";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** The token's administration under dual control: mint, burn, a minter's allowance, the emergency pause. */
export const tokenProposals: Pick<ProposalKinds, "mint" | "burn" | "minterAllowance" | "pause" | "unpause"> = {
  mint: {
    area: "tokenMint",
    needs: "chain",
    move: async (ctx, p) => ({ call: ["mint", [(await ctx.custody.byKind("treasury"))!.address, BigInt(p.value)]] }),
  },
  burn: {
    area: "proposalControl",
    needs: "chain",
    check: async (ctx, p) => {
      if (!(await operatorWalletByAddress(ctx.db, p.from))) throw new AppError(Code.BAD_REQUEST, Msg.transferBadFrom);
    },
    move: async (_ctx, p) => ({ call: ["burn", [p.from, BigInt(p.value)]] }),
  },
  minterAllowance: {
    area: "proposalControl",
    needs: "chain",
    move: async (_ctx, p) => ({ call: ["configureMinter", [p.minter, BigInt(p.allowance)]] }),
  },
  pause: {
    area: "proposalControl",
    needs: "chain",
    move: async () => ({ call: ["pause", []] }),
    afterApproved: async (ctx) => notePaused(ctx, true),
  },
  // Unpause must run while paused: its own check is only that the node answers.
  unpause: {
    area: "proposalControl",
    needs: "node",
    move: async () => ({ call: ["unpause", []] }),
    afterApproved: async (ctx) => notePaused(ctx, false),
  },
};
