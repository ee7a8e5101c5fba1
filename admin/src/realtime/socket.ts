import { detailHref, detailId, type DetailParamName } from "../components/dialogs/detailUrl";

/**
 * The operator notification channel: WS /ws?token=<operation token> pushing {kind, message, id, ref_id, created_at}, and
 * {kind: "moved"} when token moves are confirmed, recorded or indexed (what shows money is then read again).
 */

export type PushKind = "입금" | "확인" | "문의" | "정산" | "승인" | "보전" | "가스" | "한도";

export interface AdminPush {
  kind: PushKind;
  message: string;
  id: number;
  /** The record the push is about (the buy order, the inquiry, the settlement order), when it names one. */
  refId: number | null;
  created_at: string;
}

const KINDS: readonly string[] = ["입금", "확인", "문의", "정산", "승인", "보전", "가스", "한도"];

/** Where each kind of push leads (router paths below /admin). */
export const pushTarget: Record<PushKind, string> = {
  입금: "/sale/sell",
  // 입금 확인 필요: the queue of deposits the machine could not match.
  확인: "/sale/deposits",
  문의: "/board/inquiry",
  정산: "/calc/management",
  승인: "/proposals",
  // A safeguarding shortfall: the daily safeguarding screen (선불충전금 별도관리).
  보전: "/safeguarding",
  // The gas-paying account running low: the dashboard's gas card.
  가스: "/dashboard",
  // A registration threshold near or passed: the dashboard's threshold card.
  한도: "/dashboard",
};

/** The detail each kind's record opens in, over its screen. */
const pushDetail: Record<Exclude<PushKind, "승인" | "보전" | "가스" | "확인" | "한도">, DetailParamName> = {
  입금: "sale",
  문의: "post",
  정산: "order",
};

/**
 * Where a notification leads: its record's detail over the screen that handles it (`/board/inquiry?post=12`), the
 * screen alone when it names no record; null for a kind the back-office does not know.
 */
export function pushHref(kind: string, refId: number | null): string | null {
  if (!KINDS.includes(kind)) return null;
  const k = kind as PushKind;
  if (refId === null) return pushTarget[k];
  // A proposal has its own page (/proposals/:id), not a detail over a list.
  if (k === "보전" || k === "가스" || k === "확인" || k === "한도") return pushTarget[k];
  return k === "승인" ? `${pushTarget[k]}/${refId}` : detailHref(pushTarget[k], pushDetail[k], refId);
}

/** Whether a frame says token moves were confirmed. */
export function isMoved(text: unknown): boolean {
  if (typeof text !== "string" || !text.includes('"moved"')) return false;
  try {
    return (JSON.parse(text) as { kind?: unknown })?.kind === "moved";
  } catch {
    return false;
  }
}

/** A push from raw frame text, or null for anything else (pings, other events, garbage). */
export function parsePush(text: unknown): AdminPush | null {
  if (typeof text !== "string") return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  if (typeof o.kind !== "string" || !KINDS.includes(o.kind)) return null;
  return {
    kind: o.kind as PushKind,
    message: typeof o.message === "string" ? o.message : "",
    id: typeof o.id === "number" ? o.id : Number(o.id) || 0,
    refId: typeof o.ref_id === "number" || typeof o.ref_id === "string" ? detailId(String(o.ref_id)) : null,
    created_at: typeof o.created_at === "string" ? o.created_at : new Date().toISOString(),
  };
}

export function realtimeUrl(token: string): string {
  return `${location.origin.replace("http", "ws")}/ws?token=${encodeURIComponent(token)}`;
}

/** Backoff before reconnect attempt n (0-based): 1 s doubling to 60 s, with ±20 % jitter. */
export function backoffMs(attempt: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Keeps a socket open, reconnecting with backoff after any close or failure (the server may not
 * offer /ws at all: that only means quiet retries). Returns a function that stops it for good.
 */
export function connectRealtime(url: string, onPush: (p: AdminPush) => void, onMoved: () => void = () => {}): () => void {
  let ws: WebSocket | null = null;
  let timer: number | undefined;
  let attempt = 0;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = window.setTimeout(open, backoffMs(attempt++));
  };

  function open() {
    if (stopped) return;
    try {
      ws = new WebSocket(url);
    } catch {
      schedule();
      return;
    }
    ws.onopen = () => {
      attempt = 0;
    };
    ws.onmessage = (ev) => {
      if (isMoved(ev.data)) return onMoved();
      const p = parsePush(ev.data);
      if (p) onPush(p);
    };
    // onerror is always followed by onclose; reconnect from there only.
    ws.onerror = () => {};
    ws.onclose = () => {
      ws = null;
      schedule();
    };
  }

  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
      ws = null;
    }
  };
}
