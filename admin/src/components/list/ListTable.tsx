import { DataTable, type DataTableProps } from "./DataTable";
import type { ListWiring } from "./useListQuery";

type Wired = keyof ListWiring<unknown>;

/** A DataTable driven by a list (useListQuery): its rows, paging and sort, the wiring every list screen shares. */
export function ListTable<T>({ list, ...table }: { list: { table: ListWiring<T> } } & Omit<DataTableProps<T>, Wired>) {
  return <DataTable {...table} {...list.table} />;
}
