import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { freePort } from "../chain/ports";
import { watchHeads, type HeadWatch } from "./heads";

/** A node's WebSocket endpoint as far as new heads go: answers eth_subscribe, then announces the heads it is told to. */
async function fakeNode() {
  const port = await freePort();
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  server.on("connection", (ws) =>
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as { id: number; method: string };
      if (m.method === "eth_subscribe") ws.send(JSON.stringify({ jsonrpc: "2.0", id: m.id, result: "0x1" }));
    }),
  );
  const announce = (n: number) => {
    for (const ws of server.clients)
      ws.send(
        JSON.stringify({
          jsonrpc: "2.0",
          method: "eth_subscription",
          params: { subscription: "0x1", result: { number: `0x${n.toString(16)}` } },
        }),
      );
  };
  return {
    url: `ws://127.0.0.1:${port}`,
    announce,
    close: () => new Promise<void>((r) => (server.clients.forEach((c) => c.terminate()), server.close(() => r()))),
  };
}

describe("new-head notifications", () => {
  let watch: HeadWatch | null = null;
  afterEach(() => watch?.close());

  it("says when the subscription starts (blocks mined before it were announced to nobody), then passes each head on", async () => {
    const node = await fakeNode();
    try {
      const heads: number[] = [];
      const subscribed = new Promise<void>((resolve) => {
        watch = watchHeads(
          node.url,
          (n) => heads.push(n),
          () => undefined,
          resolve,
        );
      });
      await subscribed;
      node.announce(7);
      await expect.poll(() => heads).toEqual([7]);
    } finally {
      await node.close();
    }
  });
});
