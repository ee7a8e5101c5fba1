import type http from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { AppContext } from "../../context";
import { memberById } from "../members.repo";
import { unreadCount } from "./notices.repo";
import { MEMBER_TOPIC } from "./notify-member";
import { dropSocket, refuseUpgrade } from "../../http/sockets";
import { MemberState } from "../../../domain/constants";

/** The members' realtime path (the operators' is `/ws`). */
export const MEMBER_WS_PATH = "/ws/member";
const RECHECK_MS = 5_000;

/** The member a web token stands for, if the session is live and the member may use the app. */
async function liveMember(ctx: AppContext, token: string): Promise<number | null> {
  const claims = await ctx.sessions.verify(token, "web");
  if (!claims?.sub.startsWith("m:") || (await ctx.sessions.sessionEnded(claims))) return null;
  const member = await memberById(ctx.db, Number(claims.sub.slice(2)));
  return member && member.state === MemberState.NORMAL ? member.id : null;
}

/**
 * The members' realtime channel: `WS /ws/member?token=<web token>`. A stored notice (notifyMember) wakes its member's
 * sockets through the notifier's `member` topic; each gets `{kind: "notice", id, unread}` (the id to read, the bell's
 * count), never the notice's text. A socket lives as long as its session: ended (logout, password reset, suspension)
 * in this process → closed at once (4401); elsewhere or expired → within 5 s.
 */
export function attachMemberSocket(server: http.Server, ctx: AppContext): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const clients = new Map<WebSocket, { token: string; memberId: number }>();
  const drop = (ws: WebSocket) => dropSocket(clients, ws);
  server.on("upgrade", async (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== MEMBER_WS_PATH) return;
    const memberId = await liveMember(ctx, url.searchParams.get("token") ?? "").catch(() => null);
    if (memberId === null) {
      return refuseUpgrade(socket, "401 Unauthorized");
    }
    wss.handleUpgrade(req, socket, head, async (ws) => {
      clients.set(ws, { token: url.searchParams.get("token") ?? "", memberId });
      ws.on("close", () => clients.delete(ws));
      ws.on("error", () => clients.delete(ws));
      ws.send(JSON.stringify({ kind: "hello", unread: await unreadCount(ctx.db, memberId) }));
    });
  });
  const push = async (ws: WebSocket, memberId: number, id: number | null) => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify({ kind: "notice", id, unread: await unreadCount(ctx.db, memberId) }));
  };
  const off = ctx.notifier.onTopic(MEMBER_TOPIC, (p) => {
    for (const [ws, c] of clients) {
      if (p.all === true || p.memberId === c.memberId)
        void push(ws, c.memberId, typeof p.id === "number" ? p.id : null).catch(() => undefined);
    }
  });
  const offSessions = ctx.sessions.onSessionsEnded((subject) => {
    for (const [ws, c] of clients) if (subject === `m:${c.memberId}`) drop(ws);
  });
  const recheck = setInterval(() => {
    for (const [ws, { token }] of clients)
      void liveMember(ctx, token).then(
        (id) => id === null && drop(ws),
        () => undefined,
      );
  }, RECHECK_MS);
  recheck.unref();
  return {
    close() {
      off();
      offSessions();
      clearInterval(recheck);
      for (const ws of clients.keys()) ws.terminate();
      wss.close();
    },
  };
}
