import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";

/** Refuses a websocket upgrade with an HTTP status line (401, 403) and ends the connection. */
export function refuseUpgrade(socket: Duplex, status: "401 Unauthorized" | "403 Forbidden"): void {
  socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  socket.destroy();
}

/**
 * A websocket whose session ended: forgotten, closed with 4401 (the apps then log in again), and cut off a second
 * later if the peer does not answer the close.
 */
export function dropSocket<C>(clients: Map<WebSocket, C>, ws: WebSocket): void {
  clients.delete(ws);
  ws.close(4401, "unauthorized");
  setTimeout(() => ws.terminate(), 1_000).unref();
}
