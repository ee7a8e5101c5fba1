/**
 * Downloads: 1,000,000 dashboard rows streamed as xlsx through the project's streamXlsx (the dashboard
 * download's own columns: hashes, addresses, Korean names, amounts, Seoul dates) over a real HTTP response
 * read by a client, and the same rows as CSV, the anchor. Each format is served by its own child process
 * (scripts/bench/downloads-server.ts), so its peak RSS (VmHWM of /proc/self/status) is that download's alone.
 * Throughput is rows ÷ time from request to the last byte received; each format is downloaded twice,
 * alternately, and the faster of the two counts (the machine is shared).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { maxRow, rateRow, type BenchRow } from "./table";

const ROWS = Number(process.env.BENCH_DOWNLOAD_ROWS ?? 1_000_000);
const TRIES = Number(process.env.BENCH_DOWNLOAD_TRIES ?? 2);
const RSS_GOAL_MB = 300;

interface Child {
  proc: ChildProcess;
  url: string;
}

async function startServer(format: "xlsx" | "csv"): Promise<Child> {
  const script = path.join(__dirname, "downloads-server.ts");
  const proc = spawn(process.execPath, ["--import", "tsx", script, format, String(ROWS)], {
    stdio: ["ignore", "pipe", "inherit"],
    cwd: path.join(__dirname, "../.."),
  });
  const port = await new Promise<string>((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`downloads-server ${format} exited with ${code}`)));
    readline.createInterface({ input: proc.stdout! }).once("line", resolve);
  });
  return { proc, url: `http://127.0.0.1:${port.trim()}` };
}

interface Download {
  ms: number;
  bytes: number;
  contentType: string;
  tail: Buffer;
}

async function download(c: Child): Promise<Download> {
  const started = performance.now();
  const res = await fetch(`${c.url}/download`);
  if (res.status !== 200 || !res.body) throw new Error(`download answered ${res.status}`);
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-22);
  }
  return { ms: performance.now() - started, bytes, contentType: res.headers.get("content-type") ?? "", tail };
}

const maxRss = async (c: Child) => ((await (await fetch(`${c.url}/rss`)).json()) as { maxRssMb: number }).maxRssMb;

export async function run(): Promise<BenchRow[]> {
  const csv = await startServer("csv");
  const xlsx = await startServer("xlsx");
  try {
    const idle = { csv: await maxRss(csv), xlsx: await maxRss(xlsx) };
    const best = { csv: Infinity, xlsx: Infinity };
    const size = { csv: 0, xlsx: 0 };
    for (let i = 0; i < TRIES; i++) {
      for (const [name, c] of [
        ["csv", csv],
        ["xlsx", xlsx],
      ] as const) {
        const d = await download(c);
        if (name === "xlsx") {
          if (!d.contentType.includes("spreadsheetml")) throw new Error(`xlsx download typed ${d.contentType}`);
          if (d.tail.readUInt32LE(0) !== 0x06054b50) throw new Error("xlsx download does not end with a zip directory");
        }
        best[name] = Math.min(best[name], d.ms);
        size[name] = d.bytes;
        console.error(`  ${name}: ${ROWS} rows, ${(d.bytes / 2 ** 20).toFixed(1)} MiB in ${(d.ms / 1000).toFixed(2)} s`);
      }
    }
    const peak = { csv: await maxRss(csv), xlsx: await maxRss(xlsx) };
    const rows = ROWS.toLocaleString("en-US");
    return [
      maxRow({
        section: "downloads",
        figure: `${rows}-row xlsx: server peak RSS (idle ${idle.xlsx.toFixed(0)} MB)`,
        value: peak.xlsx,
        unit: "MB",
        anchor: { what: "same rows as CSV", value: peak.csv, unit: "MB" },
        ratio: peak.csv / peak.xlsx,
        goal: `≤ ${RSS_GOAL_MB} MB`,
        max: RSS_GOAL_MB,
      }),
      rateRow({
        section: "downloads",
        figure: `${rows}-row xlsx over HTTP: throughput`,
        value: (ROWS * 1000) / best.xlsx,
        unit: "rows/s",
        anchor: { what: "same rows as CSV", value: (ROWS * 1000) / best.csv, unit: "rows/s" },
        goal: "≥ 0.6× CSV",
        min: 0.6,
      }),
      maxRow({
        section: "downloads",
        figure: `${rows}-row xlsx: file size`,
        value: size.xlsx / 2 ** 20,
        unit: "MiB",
        anchor: { what: "same rows as CSV", value: size.csv / 2 ** 20, unit: "MiB" },
        ratio: size.csv / size.xlsx,
        goal: "printed",
        max: Infinity,
      }),
    ];
  } finally {
    csv.proc.kill();
    xlsx.proc.kill();
  }
}
