/**
 * The public transparency page's read (issue 53): GET /api/transparency by 100 clients for 5 s against a stack whose
 * figures are cached, as a crowd reading the page would. Goal: ≥ 1,000 reads/s with the chain untouched (no figure
 * computed during the run: the 30 s cache). The anchor, in the same run: a bare node:http server answering the same
 * bytes to the same clients — what this machine serves at most.
 */
import http from "node:http";
import { startTestStack } from "../../server/test/harness";
import { transparencyOf } from "../../server/features/month-end/transparency.service";
import type { BenchRow } from "./table";

const section = "transparency";
const CLIENTS = 100;
const SECONDS = 5;

/** Reads per second of `url` by CLIENTS keep-alive clients for SECONDS. */
async function hammer(url: URL): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
  await Promise.all(Array.from({ length: CLIENTS }, read));
  let done = 0;
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        if ((await read()) !== 200) throw new Error(`a read of ${url} failed`);
        done++;
      }
    }),
  );
  agent.destroy();
  return done / ((performance.now() - t0) / 1000);
}

export async function run(): Promise<BenchRow[]> {
  const s = await startTestStack({ demoShop: false });
  try {
    for (let i = 0; i < 14; i++) await s.ctx.chain.sender.send({ to: s.ctx.chain.sender.address, value: 0n });
    await s.waitIndexed();
    const cache = transparencyOf(s.ctx)!;
    await cache.refresh();
    const served = (await cache.get())!;
    const rate = await hammer(new URL(`${s.url}/api/transparency`));
    const computed = (await cache.get())!.figures.asOf !== served.figures.asOf;

    const bare = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(served.body));
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
    const plain = await hammer(new URL(`http://127.0.0.1:${(bare.address() as { port: number }).port}/`));
    bare.closeAllConnections();
    await new Promise((r) => bare.close(r));
    return [
      {
        section,
        figure: `GET /api/transparency, ${CLIENTS} clients for ${SECONDS} s (${served.body.length} bytes; figures computed meanwhile: ${computed ? "yes" : "no"})`,
        value: Math.round(rate),
        unit: "reads/s",
        anchor: { what: "a bare node:http server, the same bytes and clients", value: Math.round(plain), unit: "reads/s" },
        ratio: rate / plain,
        goal: "≥ 1,000 reads/s, the chain untouched",
        met: rate >= 1_000 && !computed,
      },
    ];
  } finally {
    await s.stop();
  }
}
