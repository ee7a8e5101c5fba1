import type { ProposalKinds } from "../../dual-control/kinds";
import { notFound } from "../../http/errors";
import { operatorById, setOperatorFlags } from "../../records/operators.repo";

/** An operator's flags under dual control: replaced whole when approved (no chain involved). */
export const operatorProposals: Pick<ProposalKinds, "operatorFlags"> = {
  operatorFlags: {
    area: "operators",
    needs: "none",
    check: async (ctx, p) => {
      if (!(await operatorById(ctx.db, p.adminId))) throw notFound();
    },
    move: async (_ctx, p) => ({
      apply: async (trx) => {
        await setOperatorFlags(
          trx,
          p.adminId,
          Object.fromEntries(Object.entries(p.flags).filter(([, v]) => v === true)) as Record<string, boolean>,
        );
      },
    }),
  },
};
