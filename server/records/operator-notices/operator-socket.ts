import type http from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { AppContext } from "../../context";
import { loadOperator } from "../../auth/middleware";
import { forwardedClientIp, operatorIpAllowed } from "../../auth/ip-allowlist";
import { onOperatorAccessEnded } from "../../auth/operator-events";
import { NOTIFY_AREA, allowsArea } from "../../../domain/admin-access";
import { MEMBER_WS_PATH } from "../member-notices/member-socket";
import { dropSocket, refuseUpgrade } from "../../http/sockets";

/**
 * How often open sockets' tokens are checked again: an expired or revoked token, and a safety net for a session
 * ended in another process while this one's bus was not listening (the bus tells it at once otherwise).
 */
const RECHECK_MS = 5_000;
/**
 * At most one `moved` frame this often (moves confirmed meanwhile go out together in the next): each frame has
 * every operator's screen read its money again, so a busy chain costs at most one round of reads a second.
 */
const MOVED_EVERY_MS = 1_000;

/**
 * The operators' realtime channel: `/ws?token=<operation token>`. Each stored notification
 * ('입금', '문의', '정산') is pushed to the operators whose rights cover its area (NOTIFY_AREA); the
 * operator is read again at each push. A socket lives only as long as its session: an operator deleted or
 * a session ended, in this process or another (the notifier's bus) → closed at once (4401); revoked or expired →
 * within 5 s. Notifications stored and moves confirmed by any process reach every process's sockets. When token moves are confirmed (recorded or indexed), every open socket gets `{kind: "moved", block}`
 * (at most one frame a second): the screens read what shows money again.
 */
export function attachOperatorSocket(server: http.Server, ctx: AppContext): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Map<WebSocket, { token: string; adminId: number }>();
  const drop = (ws: WebSocket) => dropSocket(clients, ws);
  server.on("upgrade", async (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    // The members' channel answers its own path (member-notices/member-socket.ts); any other is refused.
    if (url.pathname !== "/ws") return url.pathname === MEMBER_WS_PATH ? undefined : socket.destroy();
    // Outside OPERATOR_IP_ALLOWLIST: refused like any operator call (Express's rule for the client address).
    if (!operatorIpAllowed(ctx.config, forwardedClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"]))) {
      return refuseUpgrade(socket, "403 Forbidden");
    }
    const token = url.searchParams.get("token") ?? "";
    const claims = await ctx.sessions.verify(token, "operation");
    // A session limited to enrolling in two-factor login hears no notices.
    const op = claims && !claims.scope ? await loadOperator(ctx, claims) : null;
    if (!op) {
      return refuseUpgrade(socket, "401 Unauthorized");
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.set(ws, { token, adminId: op.id });
      ws.on("close", () => clients.delete(ws));
      ws.on("error", () => clients.delete(ws));
      ws.send(JSON.stringify({ kind: "hello" }));
    });
  });
  const off = ctx.notifier.on(async (n) => {
    const msg = JSON.stringify({
      kind: n.category,
      type: n.type,
      message: n.message,
      id: n.id,
      ref_id: n.ref_id,
      created_at: n.created_at,
    });
    for (const [ws, { token }] of clients) {
      if (ws.readyState !== ws.OPEN) continue;
      const still = await ctx.sessions.verify(token, "operation");
      const op = still ? await loadOperator(ctx, still) : null;
      if (!op) drop(ws);
      else if (allowsArea(NOTIFY_AREA[n.category], op)) ws.send(msg);
    }
  });
  let movedTimer: NodeJS.Timeout | null = null;
  let movedBlock = 0;
  let movedSentAt = 0;
  const offMoved = ctx.notifier.onMoved((block) => {
    movedBlock = Math.max(movedBlock, block);
    if (movedTimer) return;
    // The first at once (after this turn's other transfers), the next no sooner than a second after it.
    movedTimer = setTimeout(
      () => {
        movedTimer = null;
        movedSentAt = Date.now();
        const msg = JSON.stringify({ kind: "moved", block: movedBlock });
        for (const ws of clients.keys()) if (ws.readyState === ws.OPEN) ws.send(msg);
      },
      Math.max(0, movedSentAt + MOVED_EVERY_MS - Date.now()),
    );
    movedTimer.unref();
  });
  const offEnded = onOperatorAccessEnded(ctx, (adminId) => {
    for (const [ws, c] of clients) if (c.adminId === adminId) drop(ws);
  });
  const offSessions = ctx.sessions.onSessionsEnded((subject) => {
    for (const [ws, c] of clients) if (subject === `a:${c.adminId}`) drop(ws);
  });
  const recheck = setInterval(() => {
    for (const [ws, { token }] of clients) {
      void ctx.sessions.verify(token, "operation").then(
        async (claims) => {
          if (!claims || !(await loadOperator(ctx, claims))) drop(ws);
        },
        () => undefined,
      );
    }
  }, RECHECK_MS);
  recheck.unref();
  return {
    close() {
      off();
      offMoved();
      if (movedTimer) clearTimeout(movedTimer);
      offEnded();
      offSessions();
      clearInterval(recheck);
      for (const ws of clients.keys()) ws.terminate();
      wss.close();
    },
  };
}
