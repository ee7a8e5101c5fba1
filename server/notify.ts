import { EventEmitter } from "node:events";
import type { AppDb } from "./db/app-db";
import { nowIso } from "./db/app-db";

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

/** Stores an operator notification (for /api/notify/all) and pushes it to connected operators. */
export interface Notifier {
  notify(kind: NotifyKind, message: string, refId?: number): Notification;
  on(fn: (n: Notification) => void): () => void;
}

export function createNotifier(db: AppDb): Notifier {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    notify(kind, message, refId) {
      const info = db
        .prepare("INSERT INTO notifications (category, type, message, ref_id, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(kind, TYPE_OF[kind], message, refId ?? null, nowIso());
      const n = db.prepare("SELECT * FROM notifications WHERE id = ?").get(info.lastInsertRowid) as Notification;
      bus.emit("n", n);
      return n;
    },
    on(fn) {
      bus.on("n", fn);
      return () => bus.off("n", fn);
    },
  };
}
