import http from "node:http";
import { freePort } from "../../chain/ports";

/** A JSON-RPC proxy that answers each request `delayMs` late: a slow node, to stop an indexer mid-catch-up. */
export async function startSlowProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      const answer = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
      const body = await answer.text();
      await new Promise((r) => setTimeout(r, delayMs));
      res.writeHead(answer.status, { "content-type": "application/json" }).end(body);
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
