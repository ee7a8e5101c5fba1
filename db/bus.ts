import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";

/**
 * The fan-out of realtime events to every API process (db/README.md "Fan-out"): `publish(channel, payload)` reaches
 * every `subscribe(channel, …)` in this process at once and, on PostgreSQL, in every other process sharing the
 * database through LISTEN/NOTIFY. A payload is small JSON (at most BUS_MAX_PAYLOAD bytes): what happened and the id
 * of the stored row that says it; the receivers read the row (the row is the source, the event only the wake-up).
 * Delivery is at most once: a process whose listening connection was down meanwhile misses what was published
 * then, and hears `onResume` when it is back, to read again what it may have missed. SQLite is one process: the
 * bus is in memory.
 */
export interface Bus {
  readonly mode: "memory" | "postgres";
  /** Delivers `payload` to `channel`'s subscribers here (synchronously) and in every other process (within ms). */
  publish(channel: string, payload: unknown): void;
  /** `local`: published by this process. Returns the unsubscribe. */
  subscribe<T = unknown>(channel: string, fn: (payload: T, meta: { local: boolean }) => void): () => void;
  /** Called after the listening connection came back from a drop (never on the memory bus). */
  onResume(fn: () => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; the envelope takes the rest. */
export const BUS_MAX_PAYLOAD = 7_800;
/** The one PostgreSQL channel every process listens on; the bus's channels travel inside the payload. */
const PG_CHANNEL = "krw_bus";
const RESUME = Symbol("resume");

type Log = { warn: (obj: unknown, msg?: string) => void };

export function memoryBus(log?: Log): Bus {
  const local = localEmitter(log);
  return {
    mode: "memory",
    publish(channel, payload) {
      encode(channel, payload, "");
      local.deliver(channel, payload, true);
    },
    subscribe: local.subscribe,
    onResume: () => () => undefined,
    close: async () => undefined,
  };
}

/**
 * The PostgreSQL bus: NOTIFY through `pool` (the app store's), LISTEN on a client of its own, connected again after
 * any drop (250 ms, doubling to 5 s). Resolves once it listens.
 */
export async function postgresBus(opts: { url: string; pool: pg.Pool; log?: Log }): Promise<Bus> {
  const { url, pool, log } = opts;
  const origin = crypto.randomBytes(6).toString("hex");
  const local = localEmitter(log);
  let client: pg.Client | null = null;
  let closed = false;
  let listenedOnce = false;

  const onNotification = (m: pg.Notification) => {
    if (m.channel !== PG_CHANNEL || !m.payload) return;
    let msg: { o: string; c: string; p: unknown };
    try {
      msg = JSON.parse(m.payload);
    } catch {
      return;
    }
    if (msg.o !== origin) local.deliver(msg.c, msg.p, false);
  };

  async function listen(): Promise<void> {
    let delay = 250;
    while (!closed) {
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      // A dropped connection emits 'error' then 'end': 'end' reconnects.
      c.on("error", (err) => log?.warn({ err: err.message }, "bus: the listening connection failed"));
      try {
        await c.connect();
        await c.query(`LISTEN ${PG_CHANNEL}`);
      } catch (err) {
        log?.warn({ err: (err as Error).message }, "bus: cannot listen yet");
        await c.end().catch(() => undefined);
        await new Promise((r) => setTimeout(r, delay).unref());
        delay = Math.min(delay * 2, 5_000);
        continue;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      c.on("notification", onNotification);
      c.once("end", () => {
        client = null;
        if (closed) return;
        log?.warn({}, "bus: the listening connection dropped; listening again");
        void listen();
      });
      if (listenedOnce) local.resumed();
      listenedOnce = true;
      return;
    }
  }

  await listen();
  return {
    mode: "postgres",
    publish(channel, payload) {
      const text = encode(channel, payload, origin);
      local.deliver(channel, payload, true);
      pool
        .query("SELECT pg_notify($1, $2)", [PG_CHANNEL, text])
        .catch((err: Error) => log?.warn({ err: err.message, channel }, "bus: NOTIFY failed (other processes miss this event)"));
    },
    subscribe: local.subscribe,
    onResume: local.onResume,
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

function encode(channel: string, payload: unknown, origin: string): string {
  const text = JSON.stringify({ o: origin, c: channel, p: payload });
  if (Buffer.byteLength(text) > BUS_MAX_PAYLOAD)
    throw new Error(`bus: a ${channel} payload of ${Buffer.byteLength(text)} bytes (send the stored row's id, not the row)`);
  return text;
}

/** This process's subscribers; a subscriber that throws is logged, the others still hear the event. */
function localEmitter(log?: Log) {
  const e = new EventEmitter();
  e.setMaxListeners(0);
  return {
    deliver(channel: string | symbol, payload: unknown, isLocal: boolean) {
      for (const fn of e.listeners(channel) as ((p: unknown, m: { local: boolean }) => void)[]) {
        try {
          const r = fn(payload, { local: isLocal }) as unknown;
          if (r instanceof Promise)
            r.catch((err: Error) => log?.warn({ err: err.message, channel: String(channel) }, "bus: a subscriber failed"));
        } catch (err) {
          log?.warn({ err: (err as Error).message, channel: String(channel) }, "bus: a subscriber failed");
        }
      }
    },
    subscribe<T>(channel: string, fn: (payload: T, meta: { local: boolean }) => void) {
      e.on(channel, fn);
      return () => void e.off(channel, fn);
    },
    resumed() {
      this.deliver(RESUME, undefined, false);
    },
    onResume(fn: () => void) {
      e.on(RESUME, fn);
      return () => void e.off(RESUME, fn);
    },
  };
}

/** The bus for a store: PostgreSQL's when there is a pool (DATABASE_URL), else in memory. */
export function openBus(opts: { url: string | null; pool?: pg.Pool; log?: Log }): Promise<Bus> {
  return opts.url && opts.pool ? postgresBus({ url: opts.url, pool: opts.pool, log: opts.log }) : Promise.resolve(memoryBus(opts.log));
}
