import { useState } from "react";
import type { RowKey, RowSelection } from "./RowSelection";

/**
 * The rows chosen on the page on screen (bulk actions): `table` goes to the DataTable's `selection`, `chosen` are
 * the rows themselves. A row that leaves the page (another page, a filter, approved meanwhile and no longer
 * selectable) is no longer chosen, so an action never names a row the operator cannot see.
 */
export function useRowSelection<T>(rows: T[] | undefined, rowKey: (row: T) => RowKey, selectable: (row: T) => boolean = () => true) {
  const [keys, setKeys] = useState<ReadonlySet<RowKey>>(() => new Set());
  const chosenOf = (list: T[] | undefined) => (list ?? []).filter((r) => selectable(r) && keys.has(rowKey(r)));
  // Adjusted while rendering when the rows change (React's pattern for state derived from props), not in an effect.
  const [seen, setSeen] = useState(rows);
  if (rows !== seen) {
    setSeen(rows);
    const kept = chosenOf(rows);
    if (kept.length !== keys.size) setKeys(new Set(kept.map(rowKey)));
  }
  const table: RowSelection<T> = { selected: keys, onChange: setKeys, selectable };
  return { chosen: chosenOf(rows), clear: () => setKeys(new Set()), table };
}
