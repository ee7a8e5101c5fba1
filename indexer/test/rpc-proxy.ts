import http from "node:http";
import { freePort } from "../../chain/ports";

export interface ProxyOptions {
  /** Each answer comes this late: a slow node, to stop an indexer mid-catch-up. */
  delayMs?: number;
  /** eth_getLogs over more blocks than this is refused, as hosted providers do. */
  maxLogRange?: number;
  /** From this request on (counting from 1), each connection is reset unanswered: a node that went away. */
  resetFrom?: number;
}

/** A JSON-RPC proxy in front of a real node that behaves like a slower, stricter provider. */
export async function startRpcProxy(target: string, opts: ProxyOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer(async (req, res) => {
    if (opts.resetFrom !== undefined && ++requests >= opts.resetFrom) {
      req.socket.resetAndDestroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const call = JSON.parse(body.toString());
      const capped = (c: { method?: string; params?: { fromBlock: string; toBlock: string }[] }) =>
        opts.maxLogRange !== undefined &&
        c.method === "eth_getLogs" &&
        Number(BigInt(c.params![0].toBlock) - BigInt(c.params![0].fromBlock)) + 1 > opts.maxLogRange;
      const refusal = (id: unknown) => ({
        jsonrpc: "2.0",
        id,
        error: { code: -32005, message: `query exceeds max block range ${opts.maxLogRange}` },
      });
      if (!Array.isArray(call) && capped(call)) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(refusal(call.id)));
        return;
      }
      if (Array.isArray(call) && call.some(capped)) {
        // Inside a batch the capped calls fail one by one, the others are answered.
        const rest = call.filter((c) => !capped(c));
        const answered = rest.length
          ? ((await (
              await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rest) })
            ).json()) as { id: unknown }[])
          : [];
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify([...answered, ...call.filter(capped).map((c) => refusal(c.id))]));
        return;
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
