import WebSocket from "ws";

/**
 * New-head notifications over the node's WebSocket (`eth_subscribe` "newHeads"), so the live loop indexes a
 * block as soon as it is mined instead of at its next poll. Only a wake-up call: the poll stays the
 * source of truth (a missed or duplicated notification changes nothing), and a node without WebSocket (or
 * without subscriptions) just leaves the indexer polling. Reconnects with a growing delay.
 */
export interface HeadWatch {
  close(): void;
}

/** The WebSocket URL of an HTTP JSON-RPC URL (same host and port, as Hardhat, geth and Besu serve it when enabled). */
export function wsUrlOf(rpcUrl: string): string | null {
  return /^https?:\/\//.test(rpcUrl) ? rpcUrl.replace(/^http/, "ws") : null;
}

/**
 * `onSubscribed` runs each time the subscription starts (at first, and after a reconnect): blocks mined before it
 * were announced to nobody, and the caller looks for them then rather than at its next poll.
 */
export function watchHeads(
  url: string,
  onHead: (number: number) => void,
  log: (msg: string) => void,
  onSubscribed?: () => void,
): HeadWatch {
  let closed = false;
  let socket: WebSocket | null = null;
  let retryMs = 1_000;
  let timer: NodeJS.Timeout | null = null;
  let warned = false;

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(url, { handshakeTimeout: 5_000 });
    socket = ws;
    let subscribed = false;
    ws.on("open", () => ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] })));
    ws.on("message", (data) => {
      let m: { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: { result?: { number?: string } } };
      try {
        m = JSON.parse(String(data));
      } catch {
        return;
      }
      if (m.id === 1) {
        if (m.error) {
          if (!warned) log(`indexer: no new-head subscription (${m.error.message}); polling only`);
          warned = true;
          closed = true;
          ws.close();
          return;
        }
        subscribed = true;
        retryMs = 1_000;
        onSubscribed?.();
        return;
      }
      const n = m.method === "eth_subscription" ? Number(m.params?.result?.number) : NaN;
      if (Number.isSafeInteger(n)) onHead(n);
    });
    ws.on("error", (err) => {
      if (!warned && !subscribed) log(`indexer: no WebSocket for new heads at ${url} (${err.message}); polling until it answers`);
      warned = true;
    });
    ws.on("close", () => {
      socket = null;
      if (closed) return;
      timer = setTimeout(connect, retryMs);
      timer.unref?.();
      retryMs = Math.min(retryMs * 2, 30_000);
    });
  };
  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.terminate();
      socket = null;
    },
  };
}
