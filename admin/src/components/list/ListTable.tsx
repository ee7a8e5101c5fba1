import type { UseQueryResult } from "@tanstack/react-query";
import type { Paged } from "@domain/schemas/list";
import { DataTable, type DataTableProps } from "./DataTable";
import type { useListState } from "./useListState";

type Wired = "rows" | "total" | "capped" | "loading" | "error" | "page" | "perPage" | "onPage" | "onPerPage" | "sortBy" | "sortDesc" | "onSort";

/** A DataTable driven by a list's URL state and its paged query: the wiring every list screen shares. */
export function ListTable<T>({
  list,
  query,
  defaultSort,
  ...table
}: { list: ReturnType<typeof useListState>; query: UseQueryResult<Paged<T>>; defaultSort: string } & Omit<DataTableProps<T>, Wired>) {
  return (
    <DataTable
      {...table}
      rows={query.data?.list}
      total={query.data?.total ?? 0}
      capped={query.data?.capped}
      loading={query.isPending}
      error={query.error?.message}
      page={list.state.page}
      perPage={list.state.perPage}
      onPage={list.setPage}
      onPerPage={list.setPerPage}
      sortBy={list.state.sortBy ?? defaultSort}
      sortDesc={list.state.sortDesc}
      onSort={list.setSort}
    />
  );
}
