import type http from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { AppContext } from "./context";
import { adminById } from "./admins/admins.repo";

/** How often open sockets' tokens are checked again (a session ended by another process, or expired). */
const RECHECK_MS = 5_000;

/**
 * The operators' realtime channel: `/ws?token=<operation token>`. Each stored notification
 * ('입금', '문의', '정산') is pushed to every connected operator. A socket lives only as long as its
 * session: ended in this process → closed at once; ended elsewhere, revoked or expired → within 5 s.
 */
export function attachOperatorSocket(server: http.Server, ctx: AppContext): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<WebSocket>();
  const sessions = new Map<WebSocket, { token: string; sub: string }>();
  const drop = (ws: WebSocket) => {
    clients.delete(ws);
    sessions.delete(ws);
    ws.close(4001, "session ended");
    setTimeout(() => ws.terminate(), 1_000).unref();
  };
  const offEnded = ctx.tokens.onSessionsEnded((subject) => {
    for (const [ws, sess] of sessions) if (sess.sub === subject) drop(ws);
  });
  const recheck = setInterval(() => {
    for (const [ws, sess] of sessions) {
      void ctx.tokens.verify(sess.token, "operation").then(
        async (claims) => {
          if (!claims) return drop(ws);
          if (!(await adminById(ctx.db, Number(claims.sub.slice(2))))) drop(ws);
        },
        () => undefined,
      );
    }
  }, RECHECK_MS);
  recheck.unref();
  server.on("upgrade", async (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/ws") return socket.destroy();
    const token = url.searchParams.get("token") ?? "";
    const claims = await ctx.tokens.verify(token, "operation");
    if (!claims) {
      socket.write("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n");
      return socket.destroy();
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      sessions.set(ws, { token, sub: claims.sub });
      ws.on("close", () => (clients.delete(ws), sessions.delete(ws)));
      ws.on("error", () => (clients.delete(ws), sessions.delete(ws)));
      ws.send(JSON.stringify({ kind: "hello" }));
    });
  });
  const off = ctx.notifier.on((n) => {
    const msg = JSON.stringify({ kind: n.category, type: n.type, message: n.message, id: n.id, ref_id: n.ref_id, created_at: n.created_at });
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(msg);
  });
  return {
    close() {
      off();
      offEnded();
      clearInterval(recheck);
      for (const ws of clients) ws.terminate();
      wss.close();
    },
  };
}
