import type { ChainReader } from "../../indexer/reader";
import type { AppDb } from "../../server/db/app-db";
import { balanceAsOf, reservesAt, stateAt } from "../../server/money/as-of";
import type { DataFacts } from "./reads-shape";
import { maxRow, timed, type BenchRow } from "./table";

/**
 * Reads as of a past block (issue 37), beside the current-head query each one stands for, on the same data in the same
 * run: the goal is p95 ≤ 2× the head query's p95. The as-of state is computed once from the indexed transfers (the
 * nearest kept state carried forward: here from nothing, the worst case) and remembered; that first computation is a
 * figure of its own (no goal: it is what the first auditor's request of a cut-off costs).
 */
export async function measureAsOf(
  section: string,
  facts: DataFacts,
  appDb: AppDb,
  view: ChainReader,
  p95: (fn: () => Promise<unknown> | unknown) => Promise<number>,
  log: (m: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const PAGE = 100;
  const perDay = (facts.head.number - facts.syncState.deploy_block) / 365;
  const block = Math.round(facts.head.number - 30 * perDay); // a month-end 30 days back
  const deps = { db: appDb, view };
  const pair = async (label: string, asOf: () => Promise<unknown>, head: () => Promise<unknown>, headWhat: string) => {
    const h = await p95(head);
    const v = await p95(asOf);
    rows.push(
      maxRow({
        section,
        figure: `${label} p95`,
        value: v,
        unit: "ms",
        anchor: { what: `${headWhat} p95, same run`, value: h, unit: "ms" },
        ratio: h / v,
        goal: "≤ 2× the head query",
        max: 2 * h,
      }),
    );
    log(`${label}: ${v.toFixed(3)} ms (head ${h.toFixed(3)} ms)`);
  };

  const [, coldMs] = await timed(() => stateAt(deps, block));
  rows.push({
    section,
    figure: `as-of state at block ${block.toLocaleString("en")} computed once (cold, from the transfers)`,
    value: coldMs,
    unit: "ms",
    goal: "(figure)",
    met: true,
  });
  log(`as-of state computed in ${coldMs.toFixed(0)} ms`);
  const holdersAt = async (offset: number) => {
    const s = await stateAt(deps, block);
    return { items: s.ranked.slice(offset, offset + PAGE), total: s.ranked.length, totalBalance: s.total };
  };
  await pair(
    "holders page 1 + count + total as of 30 days back",
    () => holdersAt(0),
    () => view.holders({ limit: PAGE }),
    "holders page 1 at head",
  );
  await pair(
    "holders page 50 as of 30 days back",
    () => holdersAt(49 * PAGE),
    () => view.holders({ limit: PAGE, offset: 49 * PAGE }),
    "holders page 50 at head",
  );
  // A wallet's balance at a block whose state is remembered (the route's path after any holders or reserves read of that
  // block); without one it is summed along its history (balanceAt: the cold figures below).
  await pair(
    `typical wallet's balance as of 30 days back (${facts.typical.transfers} transfers)`,
    () => balanceAsOf(deps, facts.typical.address, block),
    () => view.balanceOf(facts.typical.address),
    "its balance at head",
  );
  await pair(
    `busiest wallet's balance as of 30 days back (fee collector, ${facts.feeCollectorTransfers.toLocaleString("en")} transfers)`,
    () => balanceAsOf(deps, facts.feeCollector, block),
    () => view.balanceOf(facts.feeCollector),
    "its balance at head",
  );
  // As the route does (reservesAt: classified once per state, kept while no wallet is added).
  await pair(
    "reserves by holder class as of 30 days back",
    () => reservesAt(deps, block),
    () => view.holders({ limit: PAGE }),
    "holders page 1 at head",
  );
  const cold = async (label: string, address: string) => {
    const v = await p95(() => view.balanceAt(address, block));
    rows.push({
      section,
      figure: `${label} p95 (no state remembered: its history summed)`,
      value: v,
      unit: "ms",
      goal: "(figure)",
      met: true,
    });
    log(`${label} cold: ${v.toFixed(3)} ms`);
  };
  await cold("typical wallet's balance as of 30 days back", facts.typical.address);
  await cold("busiest wallet's balance as of 30 days back", facts.feeCollector);
  return rows;
}
