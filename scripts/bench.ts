/**
 * `npm run bench`: timing goals live here, not in tests. Each section (scripts/bench/<name>.ts) starts what it
 * needs on free loopback ports with temp data, measures its figures and the anchors they are compared with in
 * the same run, and stops. The table at the end has one row per figure (see scripts/bench/table.ts and the
 * docs/bench.md). BENCH_ONLY=money,reads runs some sections. Exits non-zero only if something failed to
 * run, never on a number: a goal not met reads "NO" in the table.
 *
 * Each section runs in a process of its own: what one leaves behind (its heap, a worker thread, a timer of a
 * client it used) is not timed with the next, and a figure is the same whether its section runs alone
 * (BENCH_ONLY) or after the others.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { printTable, type BenchRow } from "./bench/table";

const SECTIONS = [
  "money",
  "money-in",
  "merchant-payments",
  "transparency",
  "indexer",
  "replay",
  "reads",
  "downloads",
  "pages",
  "rig",
] as const;

/** The child: runs one section and writes its rows to `out`. */
async function runSection(name: string, out: string) {
  const mod = (await import(path.join(__dirname, "bench", `${name}.ts`))) as { run(): Promise<BenchRow[]> };
  fs.writeFileSync(out, JSON.stringify(await mod.run()));
}

/** The section in a fresh node (the same loader: tsx's flags are in execArgv); its rows, or why it failed. */
function inChild(name: string): Promise<BenchRow[]> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-")), "rows.json");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, __filename], {
      stdio: "inherit",
      env: { ...process.env, BENCH_SECTION: name, BENCH_SECTION_OUT: out },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      try {
        if (code !== 0) return reject(new Error(`exited with ${signal ?? code}`));
        resolve(JSON.parse(fs.readFileSync(out, "utf8")) as BenchRow[]);
      } catch (err) {
        reject(err);
      } finally {
        fs.rmSync(path.dirname(out), { recursive: true, force: true });
      }
    });
  });
}

async function main() {
  const only = process.env.BENCH_ONLY?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  for (const name of SECTIONS) {
    if (only && !only.includes(name)) continue;
    if (!fs.existsSync(path.join(__dirname, "bench", `${name}.ts`))) continue;
    const started = performance.now();
    console.error(`bench: ${name}…`);
    // A section that fails to run is reported and the others still run: their rows are not lost with it.
    try {
      rows.push(...(await inChild(name)));
      console.error(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (err) {
      console.error(`bench: ${name} FAILED to run:`, err);
      failed.push(name);
    }
  }
  console.log("");
  printTable(rows);
  const missed = rows.filter((r) => !r.met).length;
  console.log(`\n${rows.length - missed} of ${rows.length} goals met`);
  if (failed.length > 0) throw new Error(`sections that failed to run: ${failed.join(", ")}`);
}

const section = process.env.BENCH_SECTION;
(section ? runSection(section, process.env.BENCH_SECTION_OUT!) : main()).then(
  // A section's leftovers (handles it did not close) do not keep its process alive.
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
