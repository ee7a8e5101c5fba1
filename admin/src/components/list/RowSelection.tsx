import { Checkbox, Table } from "@chakra-ui/react";
import type { MouseEvent } from "react";
import { BK } from "../bulk/bulk.labels";

export type RowKey = string | number;

/** A DataTable's selection column: which rows are chosen, how the choice changes, and which rows may be chosen. */
export interface RowSelection<T> {
  selected: ReadonlySet<RowKey>;
  onChange: (keys: Set<RowKey>) => void;
  /** Rows that can be chosen (a pending order); the others show no checkbox. */
  selectable: (row: T) => boolean;
}

// A click on a checkbox chooses the row; it does not open it.
const stop = (e: MouseEvent) => e.stopPropagation();

/** The header's checkbox: every selectable row of the page, or none. */
export function SelectAllCell<T>({
  selection: s,
  rows,
  rowKey,
  testId,
}: {
  selection: RowSelection<T>;
  rows: T[];
  rowKey: (row: T) => RowKey;
  testId: string;
}) {
  const keys = rows.filter(s.selectable).map(rowKey);
  const chosen = keys.filter((k) => s.selected.has(k)).length;
  return (
    <Table.ColumnHeader w="1">
      <Checkbox.Root
        size="sm"
        aria-label={BK.selectPage}
        disabled={keys.length === 0}
        checked={chosen === 0 ? false : chosen === keys.length ? true : "indeterminate"}
        onCheckedChange={(e) => s.onChange(new Set(e.checked === true ? keys : []))}
        data-testid={`${testId}-select-all`}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
      </Checkbox.Root>
    </Table.ColumnHeader>
  );
}

/** A row's checkbox (none when the row cannot be chosen). */
export function SelectCell<T>({
  selection: s,
  row,
  rowKey,
  testId,
}: {
  selection: RowSelection<T>;
  row: T;
  rowKey: (row: T) => RowKey;
  testId: string;
}) {
  const key = rowKey(row);
  return (
    <Table.Cell onClick={stop} onKeyDown={(e) => e.stopPropagation()} cursor="default" data-selection="">
      {s.selectable(row) && (
        <Checkbox.Root
          size="sm"
          aria-label={BK.selectRow}
          checked={s.selected.has(key)}
          onCheckedChange={(e) => {
            const next = new Set(s.selected);
            if (e.checked === true) next.add(key);
            else next.delete(key);
            s.onChange(next);
          }}
          data-testid={`${testId}-select-${key}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
    </Table.Cell>
  );
}
