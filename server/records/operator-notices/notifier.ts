import { EventEmitter } from "node:events";
import type { Bus } from "../../../db/bus";
import type { AppDb } from "../../db/schema";
import { insertNotification, lastNotificationId, notificationById, notificationsAfter } from "./notifications.repo";

export type NotifyKind = "입금" | "확인" | "문의" | "정산" | "승인" | "환불" | "보전" | "가스" | "한도";
const TYPE_OF: Record<NotifyKind, string> = {
  입금: "sell",
  // A deposit the machine could not match (입금 확인 필요, issue 51).
  확인: "deposit",
  문의: "inquiry",
  정산: "exchange",
  승인: "approval",
  환불: "refund",
  보전: "safeguard",
  가스: "gas",
  // The issuer near or past a registration threshold (issue 53).
  한도: "threshold",
};

export interface Notification {
  id: number;
  category: NotifyKind;
  type: string;
  message: string;
  ref_id: number | null;
  created_at: string;
}

/** The bus channels this feature uses (others, e.g. members' notifications, pick their own names). */
export const Channel = {
  /** `{id}` of a stored operator notification. */
  operatorNotification: "operator-notification",
  /** `{block}`: token moves up to it confirmed (or taken back above it). */
  moved: "moved",
} as const;

/**
 * At most one `moved` event to the other processes this often (the highest block of the moves meanwhile): the
 * indexer may confirm many transfers a second, and the sockets send one `moved` frame a second anyway.
 */
const MOVED_FANOUT_MS = 250;
/** How many missed notifications a process pushes when its listening connection comes back. */
const CATCH_UP_MAX = 100;

/**
 * Stores an operator notification (for /api/notify/all) and pushes it to connected operators; and tells them when
 * token moves are confirmed (not stored: their screens read balances and totals again). Every event reaches every
 * API process (the bus: PostgreSQL LISTEN/NOTIFY, or in memory on SQLite); `publish`/`subscribe` carry any other
 * feature's events the same way (a channel name and a small JSON payload: the stored row's id, not the row).
 */
export interface Notifier {
  notify(kind: NotifyKind, message: string, refId?: number): Promise<Notification>;
  /** Every operator notification stored by any process, once each. */
  on(fn: (n: Notification) => void): () => void;
  /**
   * Token moves up to `block` are confirmed: recorded so (the relayer's receipt: sums and lists of moves) or in the
   * index (balances, the dashboard), or taken back above it (a reorg).
   */
  moved(block: number): void;
  onMoved(fn: (block: number) => void): () => void;
  /** Any event to every process (Bus.publish). */
  publish(channel: string, payload: unknown): void;
  subscribe<T = unknown>(channel: string, fn: (payload: T, meta: { local: boolean }) => void): () => void;
  close(): void;
  /**
   * A wake-up on a named topic for other realtime channels (the members' socket: `member` with `{ memberId, id }`):
   * the record is stored first, this only says "read it". Payloads stay small and carry no personal data.
   */
  emit(topic: string, payload: Record<string, unknown>): void;
  onTopic(topic: string, fn: (payload: Record<string, unknown>) => void): () => void;
}

export function createNotifier(db: AppDb, bus: Bus): Notifier {
  const here = new EventEmitter();
  here.setMaxListeners(0);
  // The highest notification id pushed here, and the recent ids (an event and a catch-up may name the same row).
  let lastId = 0;
  const pushed = new Set<number>();
  const started = lastNotificationId(db).then(
    (id) => void (lastId = Math.max(lastId, id)),
    () => undefined,
  );
  const push = (n: Notification) => {
    if (pushed.has(n.id)) return;
    pushed.add(n.id);
    if (pushed.size > 1_000) pushed.delete(pushed.values().next().value!);
    lastId = Math.max(lastId, n.id);
    here.emit("n", n);
  };
  const offNotification = bus.subscribe<{ id: number }>(Channel.operatorNotification, async ({ id }, { local }) => {
    if (local) return; // pushed by notify() with the row in hand
    const n = await notificationById(db, id);
    if (n) push(n as Notification);
  });
  const offResume = bus.onResume(async () => {
    // Events published while this process was not listening are lost; the stored rows are not.
    await started;
    for (const n of await notificationsAfter(db, lastId, CATCH_UP_MAX)) push(n as Notification);
  });

  let movedTimer: NodeJS.Timeout | null = null;
  let movedBlock = -1;
  const offMoved = bus.subscribe<{ block: number }>(Channel.moved, ({ block }, { local }) => {
    if (!local) here.emit("moved", block);
  });

  return {
    async notify(kind, message, refId) {
      const n = (await insertNotification(db, { category: kind, type: TYPE_OF[kind], message, ref_id: refId ?? null })) as Notification;
      push(n);
      bus.publish(Channel.operatorNotification, { id: n.id });
      return n;
    },
    on(fn) {
      here.on("n", fn);
      return () => void here.off("n", fn);
    },
    moved(block) {
      here.emit("moved", block);
      if (bus.mode === "memory") return;
      movedBlock = Math.max(movedBlock, block);
      if (movedTimer) return;
      movedTimer = setTimeout(() => {
        movedTimer = null;
        const b = movedBlock;
        movedBlock = -1;
        bus.publish(Channel.moved, { block: b });
      }, MOVED_FANOUT_MS);
      movedTimer.unref();
    },
    onMoved(fn) {
      here.on("moved", fn);
      return () => void here.off("moved", fn);
    },
    publish: (channel, payload) => bus.publish(channel, payload),
    subscribe: (channel, fn) => bus.subscribe(channel, fn),
    close() {
      offNotification();
      offResume();
      offMoved();
      if (movedTimer) clearTimeout(movedTimer);
    },
    // Topics ride the bus like every other event: a member's notice stored by process A wakes B's sockets too.
    emit(topic, payload) {
      bus.publish(`topic:${topic}`, payload);
    },
    onTopic(topic, fn) {
      return bus.subscribe<Record<string, unknown>>(`topic:${topic}`, (payload) => fn(payload));
    },
  };
}
