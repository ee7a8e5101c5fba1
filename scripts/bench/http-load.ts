/**
 * The money bench's HTTP clients, in a process of their own (as clients are: the server's event loop serves
 * requests and does not also run the load generator). `startHttpLoad` forks this file; each job sends `total`
 * gifts from `concurrency` keep-alive clients and answers the rate, p95 latency and any answer that was not a
 * confirmed gift.
 */
import http from "node:http";
import { fork, type ChildProcess } from "node:child_process";
import { quantile, timed } from "./table";

export interface LoadJob {
  url: string;
  /** Client i uses tokens[i mod n] with pins[i mod n], and gifts to recipients[i mod m]. */
  tokens: string[];
  pins: string[];
  recipients: string[];
  /** Market (shop) addresses: when given, every other request is a market use to shops[k mod n] instead of a gift. */
  shops?: string[];
  concurrency: number;
  total: number;
  value: number;
  /**
   * Open loop (the rig, issue 54): requests leave at this fixed rate whatever the answers (an arrival does not wait for
   * earlier gifts), each on a socket of its own; `concurrency` is then unused.
   */
  arrivalsPerSecond?: number;
}

export interface LoadResult {
  rate: number;
  p95: number;
  problems: string[];
  /** Open loop: when (ms since the first request) the last request left, i.e. the rate actually offered. */
  offeredMs?: number;
}

/** The p95 of an open loop whose 95th percentile answer was not a confirmed gift (more than 5 % unconfirmed). */
export const NOT_CONFIRMED_MS = 1e9;

export interface HttpLoad {
  run(job: LoadJob): Promise<LoadResult>;
  close(): void;
}

/** Forks the load process (ended by `close`, or with this process). */
export function startHttpLoad(): HttpLoad {
  const child: ChildProcess = fork(__filename, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let next: { resolve(r: LoadResult): void; reject(e: Error): void } | null = null;
  child.on("message", (m: LoadResult) => {
    next?.resolve(m);
    next = null;
  });
  child.on("exit", (code) => next?.reject(new Error(`the HTTP load process exited (${code})`)));
  const kill = () => child.kill();
  process.once("exit", kill);
  return {
    run(job) {
      if (next) throw new Error("one load job at a time");
      return new Promise((resolve, reject) => {
        next = { resolve, reject };
        child.send(job);
      });
    },
    close() {
      process.off("exit", kill);
      child.disconnect();
    },
  };
}

/** A plain keep-alive HTTP client: one socket per concurrent client (Infinity: one per request in flight). */
function httpClient(base: string, sockets: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return {
    post(path: string, token: string, body: unknown): Promise<{ code: number; data: any; message?: string }> {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(payload),
              authorization: `Bearer ${token}`,
              "cookie-type": "web",
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              try {
                resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
              } catch (err) {
                reject(err);
              }
            });
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * `total` gifts from `concurrency` clients, each sending its next gift once the last one is answered (with `shops`,
 * every other request a market use). Several clients share a wallet when concurrency exceeds the tokens, and then
 * contend for its lock and spendable balance.
 */
async function runJob(job: LoadJob): Promise<LoadResult> {
  if (job.arrivalsPerSecond) return openLoop(job, job.arrivalsPerSecond);
  const client = httpClient(job.url, job.concurrency);
  let issued = 0;
  const latencies: number[] = [];
  const problems: string[] = [];
  const worker = async (i: number) => {
    const token = job.tokens[i % job.tokens.length];
    const password = job.pins[i % job.pins.length];
    const to = job.recipients[i % job.recipients.length];
    while (issued < job.total) {
      const k = issued++;
      const use = job.shops !== undefined && k % 2 === 1;
      const [r, ms] = await timed(() =>
        use
          ? client.post("/api/use/trade/address", token, {
              opponentAddress: job.shops![k % job.shops!.length],
              kind: 0,
              type: 0,
              value: job.value,
              password,
            })
          : client.post("/api/gift/trade/address", token, { opponentAddress: to, kind: 0, type: 1, value: job.value, password }),
      );
      latencies.push(ms);
      if (r.code !== 200 || r.data?.status !== "confirmed") problems.push(`${r.code} ${r.message ?? ""} ${r.data?.status ?? ""}`);
    }
  };
  const [, ms] = await timed(() => Promise.all(Array.from({ length: job.concurrency }, (_, i) => worker(i))));
  client.close();
  return { rate: (job.total * 1000) / ms, p95: quantile(latencies, 0.95), problems };
}

/**
 * Open loop: request k leaves at k ÷ rate seconds after the first (a 5 ms ticker sends every request then due), so
 * arrivals never wait for answers; the rate is the gifts answered confirmed per second from the first request to the
 * last answer, the p95 over every answer (one not confirmed counts as never: Infinity).
 */
async function openLoop(job: LoadJob, perSecond: number): Promise<LoadResult> {
  const client = httpClient(job.url, Number.POSITIVE_INFINITY);
  const latencies: number[] = [];
  const problems: string[] = [];
  const sends: Promise<void>[] = [];
  let last = 0;
  const t0 = performance.now();
  const one = async (k: number) => {
    const started = performance.now();
    const r = await client
      .post("/api/gift/trade/address", job.tokens[k % job.tokens.length], {
        opponentAddress: job.recipients[k % job.recipients.length],
        kind: 0,
        type: 1,
        value: job.value,
        password: job.pins[k % job.pins.length],
      })
      .catch((err: Error) => ({ code: 0, data: null, message: err.message }));
    const now = performance.now();
    last = Math.max(last, now);
    const ok = r.code === 200 && r.data?.status === "confirmed";
    latencies.push(ok ? now - started : Number.POSITIVE_INFINITY);
    if (!ok) problems.push(`${r.code} ${r.message ?? ""} ${r.data?.status ?? ""}`);
  };
  let k = 0;
  let offeredMs = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(job.total, Math.floor(((performance.now() - t0) * perSecond) / 1000) + 1);
      while (k < due) sends.push(one(k++));
      if (k < job.total) setTimeout(tick, 5);
      else {
        offeredMs = performance.now() - t0;
        resolve();
      }
    };
    tick();
  });
  await Promise.all(sends);
  client.close();
  const confirmed = latencies.filter(Number.isFinite).length;
  // JSON (the IPC) has no Infinity: a p95 that falls on an unconfirmed answer travels as NOT_CONFIRMED_MS.
  const p95 = quantile(latencies, 0.95);
  return { rate: (confirmed * 1000) / (last - t0), p95: Number.isFinite(p95) ? p95 : NOT_CONFIRMED_MS, problems, offeredMs };
}

if (process.send && require.main === module) {
  process.on("message", (job: LoadJob) => {
    runJob(job).then(
      (r) => process.send!(r),
      (err) => process.send!({ rate: 0, p95: 0, problems: [String((err as Error).message ?? err)] }),
    );
  });
  process.on("disconnect", () => process.exit(0));
}
