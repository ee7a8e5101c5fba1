/**
 * The one table `npm run bench` prints. Every figure is measured in the same run as its anchor (a plain
 * baseline on the same machine: raw node throughput, a plain JSON-RPC fetch, a plain SQL query, a CSV of the
 * same rows…), so the ratio says how close the project comes to what the machine can do, whatever its load.
 */
export interface BenchRow {
  /** Which part of the bench (money, indexer, replay, reads, downloads, pages). */
  section: string;
  /** What was measured, in plain words. */
  figure: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, when the goal is a ratio. */
  anchor?: { what: string; value: number; unit: string };
  /**
   * value ÷ anchor for rates (higher is better), anchor ÷ value for costs (so ≥ 1 is always "as good as the anchor"),
   * or absent when the goal is an absolute bound.
   */
  ratio?: number;
  /** The goal as written in the issue: "≥ 3× raw", "p95 ≤ 2 ms". */
  goal: string;
  met: boolean;
}

/** A rate compared with its anchor rate (higher is better). */
export function rateRow(r: Omit<BenchRow, "ratio" | "met"> & { anchor: NonNullable<BenchRow["anchor"]>; min: number }): BenchRow {
  const ratio = r.value / r.anchor.value;
  const { min, ...rest } = r;
  return { ...rest, ratio, met: ratio >= min };
}

/** A cost (lower is better) against its anchor's cost: at most `times` the anchor; ratio = anchor ÷ value. */
export function costRow(r: Omit<BenchRow, "ratio" | "met"> & { anchor: NonNullable<BenchRow["anchor"]>; times: number }): BenchRow {
  const { times, ...rest } = r;
  return { ...rest, ratio: r.anchor.value / r.value, met: r.value <= times * r.anchor.value };
}

/** An absolute bound (lower is better). */
export function maxRow(r: Omit<BenchRow, "met"> & { max: number }): BenchRow {
  const { max, ...rest } = r;
  return { ...rest, met: r.value <= max };
}

export function quantile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** Prints the rows as one aligned table (and returns the text). */
export function printTable(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.section,
    r.figure,
    `${fmt(r.value)} ${r.unit}`,
    r.anchor ? `${fmt(r.anchor.value)} ${r.anchor.unit} (${r.anchor.what})` : "",
    r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}×`,
    r.goal,
    r.met ? "yes" : "NO",
  ]);
  const head = ["section", "figure", "value", "anchor (same run)", "ratio", "goal", "met"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join(" │ ");
  const text = [line(head), widths.map((w) => "─".repeat(w)).join("─┼─"), ...cells.map(line)].join("\n");
  console.log(text);
  return text;
}
