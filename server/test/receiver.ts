import http from "node:http";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 (a free port) for tests: it records every request and answers as `answer` says
 * (a status, after an optional delay); `stop()` closes it and its sockets.
 */
export async function startReceiver(answer: (r: Received, n: number) => { status: number; delayMs?: number } = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      const a = answer(r, received.length);
      const reply = () => {
        if (!res.destroyed) res.writeHead(a.status, { "content-type": "text/plain" }).end(a.status < 300 ? "ok" : "receiver error");
      };
      if (a.delayMs) setTimeout(reply, a.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  return {
    url,
    received,
    /** The events received, parsed, of one type. */
    events: (type?: string) => received.map((r) => JSON.parse(r.body)).filter((e) => !type || e.type === type),
    async waitFor(pred: () => boolean, ms = 20_000) {
      const end = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > end) throw new Error("receiver: nothing came in time");
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
