import type http from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { AppContext } from "./context";

/**
 * The operators' realtime channel: `/ws?token=<operation token>`. Each stored notification
 * ('입금', '문의', '정산') is pushed to every connected operator.
 */
export function attachOperatorSocket(server: http.Server, ctx: AppContext): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<WebSocket>();
  server.on("upgrade", async (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/ws") return socket.destroy();
    const claims = await ctx.tokens.verify(url.searchParams.get("token") ?? "", "operation");
    if (!claims) {
      socket.write("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n");
      return socket.destroy();
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on("close", () => clients.delete(ws));
      ws.on("error", () => clients.delete(ws));
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
      for (const ws of clients) ws.terminate();
      wss.close();
    },
  };
}
