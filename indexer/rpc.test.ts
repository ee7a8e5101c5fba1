import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../chain/ports";
import { createRpc } from "./rpc";

/** A JSON-RPC server that answers each request late, counting how many it holds at once. */
describe("rpc client", () => {
  let server: http.Server;
  let url = "";
  let inFlight = 0;
  let mostInFlight = 0;
  let requests = 0;
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      requests++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const calls = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; params: [string] }[];
      await new Promise((r) => setTimeout(r, 30));
      inFlight--;
      // Answers in reverse order: the client matches them by id.
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(calls.map((c) => ({ jsonrpc: "2.0", id: c.id, result: c.params[0] })).reverse()));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

  it("sends a long batch as chunks at once and returns the answers in the calls' order", async () => {
    const rpc = createRpc(url);
    const calls = Array.from({ length: 250 }, (_, i) => ({ method: "echo", params: [`v${i}`] }));
    const answers = await rpc.batch<string>(calls);
    expect(answers).toEqual(calls.map((c) => c.params[0]));
    // 100 calls a chunk: three requests, all held by the server at the same time (one after another: one at a time).
    expect(requests).toBe(3);
    expect(mostInFlight).toBe(3);
  });
});
