import http from "node:http";
import { freePort } from "../../chain/ports";

export interface ProxyOptions {
  /** Each answer comes this late: a slow node, to stop an indexer mid-catch-up. */
  delayMs?: number;
  /** eth_getLogs over more blocks than this is refused, as hosted providers do. */
  maxLogRange?: number;
}

/** A JSON-RPC proxy in front of a real node that behaves like a slower, stricter provider. */
export async function startRpcProxy(target: string, opts: ProxyOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const call = JSON.parse(body.toString());
      if (opts.maxLogRange !== undefined && call.method === "eth_getLogs") {
        const { fromBlock, toBlock } = call.params[0];
        if (Number(BigInt(toBlock) - BigInt(fromBlock)) + 1 > opts.maxLogRange) {
          const error = { code: -32005, message: `query exceeds max block range ${opts.maxLogRange}` };
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
          return;
        }
      }
      const answer = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
      const text = await answer.text();
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      res.writeHead(answer.status, { "content-type": "application/json" }).end(text);
    } catch {
      res.writeHead(502).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
