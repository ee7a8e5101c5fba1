import type { AppContext } from "../context";
import type { HistoryBody } from "../../domain/schemas/money";
import { HISTORY_PAGE_SIZE } from "../../domain/constants";

const SORTABLE: Record<string, string> = { createdAt: "created_at", value: "value" };

/**
 * History of one member (type 1 buy, 2 use, 3 gift), newest first by default: the business records
 * joined with their outbox rows (tx hash, status); each on-chain entry carries its indexed block.
 */
export function historyPage(ctx: AppContext, memberId: number, q: HistoryBody) {
  const perPage = q.perPage ?? HISTORY_PAGE_SIZE;
  const offset = (q.page - 1) * perPage;
  const dir = q.sortDesc === false ? "ASC" : "DESC";
  const column = SORTABLE[q.sortBy ?? "createdAt"] ?? "created_at";
  const order = (alias: string) => `${alias}.${column} ${dir}, ${alias}.id ${dir}`;
  const chainInfo = (hash: string | null) => {
    if (!hash) return null;
    const tx = ctx.view.transaction(hash);
    return tx ? { blockNumber: tx.blockNumber, status: tx.status, timestamp: tx.timestamp.toISOString() } : null;
  };

  if (q.type === 1) {
    const total = (ctx.db.prepare("SELECT COUNT(*) AS n FROM buy_orders WHERE member_id = ?").get(memberId) as { n: number }).n;
    const rows = ctx.db
      .prepare(
        `SELECT b.id, b.order_no, b.value, b.state, b.created_at, b.expires_at, b.confirmed_at, t.tx_hash
         FROM buy_orders b LEFT JOIN transfers t ON t.id = b.transfer_id WHERE b.member_id = ? ORDER BY ${order("b")} LIMIT ? OFFSET ?`,
      )
      .all(memberId, perPage, offset) as { id: number; order_no: string; value: number; state: string; created_at: string; expires_at: string; confirmed_at: string | null; tx_hash: string | null }[];
    return {
      total_count: total,
      data_list: rows.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        createdAt: r.created_at,
        expiredAt: r.expires_at,
        value: r.value,
        isAccepted: r.state === "confirmed",
        state: r.state,
        txHash: r.tx_hash,
        chain: chainInfo(r.tx_hash),
      })),
    };
  }

  const kind = q.type === 2 ? "use" : "gift";
  const where =
    kind === "use"
      ? "t.kind = 'use' AND t.member_id = @me AND t.status != 'failed'"
      : "t.kind = 'gift' AND (t.member_id = @me OR (t.counterparty_member_id = @me AND t.status = 'confirmed')) AND t.status != 'failed'";
  const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM transfers t WHERE ${where}`).get({ me: memberId }) as { n: number }).n;
  const rows = ctx.db
    .prepare(
      `SELECT t.*, sm.username AS from_username, rm.username AS to_username
       FROM transfers t
       LEFT JOIN members sm ON sm.id = t.member_id
       LEFT JOIN members rm ON rm.id = t.counterparty_member_id
       WHERE ${where} ORDER BY ${order("t")} LIMIT @limit OFFSET @offset`,
    )
    .all({ me: memberId, limit: perPage, offset }) as {
    id: number;
    from_address: string;
    to_address: string;
    value: number;
    fee: number;
    status: string;
    tx_hash: string | null;
    created_at: string;
    member_id: number;
    from_username: string | null;
    to_username: string | null;
  }[];
  return {
    total_count: total,
    data_list: rows.map((r) => {
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
        chain: chainInfo(r.tx_hash),
      };
    }),
  };
}
