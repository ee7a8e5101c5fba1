import { EventEmitter } from "node:events";
import type { AppDb } from "../../db/schema";
import { insertNotification } from "./notifications.repo";

export type NotifyKind = "입금" | "문의" | "정산" | "승인" | "보전";
const TYPE_OF: Record<NotifyKind, string> = { 입금: "sell", 문의: "inquiry", 정산: "exchange", 승인: "approval", 보전: "safeguard" };

export interface Notification {
  id: number;
  category: NotifyKind;
  type: string;
  message: string;
  ref_id: number | null;
  created_at: string;
}

/**
 * Stores an operator notification (for /api/notify/all) and pushes it to connected operators; and tells them when
 * token moves are confirmed (not stored: their screens read balances and totals again).
 */
export interface Notifier {
  notify(kind: NotifyKind, message: string, refId?: number): Promise<Notification>;
  on(fn: (n: Notification) => void): () => void;
  /**
   * Token moves up to `block` are confirmed: recorded so (the relayer's receipt: sums and lists of moves) or in the
   * index (balances, the dashboard), or taken back above it (a reorg).
   */
  moved(block: number): void;
  onMoved(fn: (block: number) => void): () => void;
}

export function createNotifier(db: AppDb): Notifier {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    async notify(kind, message, refId) {
      const n = (await insertNotification(db, { category: kind, type: TYPE_OF[kind], message, ref_id: refId ?? null })) as Notification;
      bus.emit("n", n);
      return n;
    },
    on(fn) {
      bus.on("n", fn);
      return () => bus.off("n", fn);
    },
    moved(block) {
      bus.emit("moved", block);
    },
    onMoved(fn) {
      bus.on("moved", fn);
      return () => bus.off("moved", fn);
    },
  };
}
