/**
 * `npm run bench`: timing goals live here, not in tests. Each section (scripts/bench/<name>.ts) starts what it
 * needs on free loopback ports with temp data, measures its figures and the anchors they are compared with in
 * the same run, and stops. The table at the end has one row per figure (see scripts/bench/table.ts and the
 * README's "Benchmark"). BENCH_ONLY=money,reads runs some sections. Exits non-zero only if something failed to
 * run, never on a number: a goal not met reads "NO" in the table.
 */
import fs from "node:fs";
import path from "node:path";
import { printTable, type BenchRow } from "./bench/table";

const SECTIONS = ["money", "indexer", "replay", "reads", "downloads", "pages"] as const;

async function main() {
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim()).filter(Boolean);
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  for (const name of SECTIONS) {
    if (only && !only.includes(name)) continue;
    const file = path.join(__dirname, "bench", `${name}.ts`);
    if (!fs.existsSync(file)) continue;
    const started = performance.now();
    console.error(`bench: ${name}…`);
    // A section that fails to run is reported and the others still run: their rows are not lost with it.
    try {
      const mod = (await import(file)) as { run(): Promise<BenchRow[]> };
      rows.push(...(await mod.run()));
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

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
