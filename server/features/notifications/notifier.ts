import { EventEmitter } from "node:events";
import type { AppDb } from "../../db/schema";
import { insertNotification } from "./notifications.repo";

export type NotifyKind = "입금" | "문의" | "정산";
const TYPE_OF: Record<NotifyKind, string> = { 입금: "sell", 문의: "inquiry", 정산: "exchange" };

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
 * the index has confirmed token moves (not stored: their screens read balances and totals again).
 */
export interface Notifier {
  notify(kind: NotifyKind, message: string, refId?: number): Promise<Notification>;
  on(fn: (n: Notification) => void): () => void;
  /** The index has confirmed token moves up to `block` (or taken back those above it, after a reorg). */
  indexed(block: number): void;
  onIndexed(fn: (block: number) => void): () => void;
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
    indexed(block) {
      bus.emit("indexed", block);
    },
    onIndexed(fn) {
      bus.on("indexed", fn);
      return () => bus.off("indexed", fn);
    },
  };
}
