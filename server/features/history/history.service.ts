import type { AppContext } from "../../context";
import type { HistoryBody } from "../../../domain/schemas/history";
import { HISTORY_PAGE_SIZE } from "../../../domain/constants";
import { buyOrdersPage, merchantPaymentsOfMoves, movesPage, type PageQuery } from "./history.repo";

const SORTABLE = { createdAt: "created_at", value: "value" } as const;

/**
 * History of one member (type 1 buy, 2 use, 3 gift), newest first by default: the business records
 * joined with their outbox rows (tx hash, status); each on-chain entry carries its indexed block.
 */
export async function historyPage(ctx: AppContext, memberId: number, q: HistoryBody) {
  const perPage = q.perPage ?? HISTORY_PAGE_SIZE;
  const page: PageQuery = {
    limit: perPage,
    offset: (q.page - 1) * perPage,
    desc: q.sortDesc !== false,
    sortBy: SORTABLE[(q.sortBy ?? "createdAt") as keyof typeof SORTABLE] ?? "created_at",
  };
  const chainInfo = async (hash: string | null) => {
    if (!hash) return null;
    const tx = await ctx.view.transaction(hash);
    return tx ? { blockNumber: tx.blockNumber, status: tx.status, timestamp: tx.timestamp.toISOString() } : null;
  };

  if (q.type === 1) {
    const { total, rows } = await buyOrdersPage(ctx.db, memberId, page);
    return {
      total_count: total,
      data_list: await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          orderNo: r.order_no,
          createdAt: r.created_at,
          expiredAt: r.expires_at,
          value: r.value,
          isAccepted: r.state === "confirmed",
          state: r.state,
          txHash: r.tx_hash,
          chain: await chainInfo(r.tx_hash),
          // While awaiting the deposit: where to send it (the account in force when it was requested).
          bankInfo:
            r.state === "pending" && r.bank_account
              ? { bankName: r.bank_name, bankAccount: r.bank_account, ownerName: r.owner_name }
              : null,
          method: r.method,
        })),
      ),
    };
  }

  const { total, rows } = await movesPage(ctx.db, memberId, q.type === 2 ? "use" : "gift", page);
  const shops =
    q.type === 2
      ? await merchantPaymentsOfMoves(
          ctx.db,
          rows.map((r) => Number(r.id)),
        )
      : new Map();
  return {
    total_count: total,
    data_list: await Promise.all(
      rows.map(async (r) => {
        const send = r.member_id === memberId;
        return {
          id: r.id,
          createdAt: r.created_at,
          from: r.from_address,
          to: r.to_address,
          toUsername: r.to_username,
          send,
          user: send ? r.to_username : r.from_username,
          value: r.value,
          fee: send ? r.fee : 0,
          total: send ? r.value + r.fee : r.value,
          status: r.status,
          txHash: r.tx_hash,
          chain: await chainInfo(r.tx_hash),
          kind: r.kind as "gift" | "use" | "payment_cancel",
          payment: shops.get(Number(r.id)) ?? null,
        };
      }),
    ),
  };
}
