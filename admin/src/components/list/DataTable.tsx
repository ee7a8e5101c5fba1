import type { ReactNode } from "react";
import {
  Box,
  ButtonGroup,
  EmptyState,
  HStack,
  IconButton,
  NativeSelect,
  Pagination,
  Skeleton,
  Table,
  Text,
  VStack,
} from "@chakra-ui/react";
import { PAGE_SIZES, type PageSizeKind } from "@domain/schemas/shared/list";
import { formatWon } from "@domain/format";
import { L } from "../../labels";
import { pageWindow, totalPagesOf } from "./pager";
import { rowActivation } from "./rowActivation";
import { useScreenTitle } from "./screenTitle";
import { shownColumns } from "./columns";
import { SelectAllCell, SelectCell, type RowSelection } from "./RowSelection";

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Server sort column; the header becomes a sort toggle. */
  sortKey?: string;
  numeric?: boolean;
  /** Hidden until the operator shows it (the column menu): a detail the file has but the screen need not. */
  optional?: boolean;
  /** Always shown and not in the column menu (the row's actions). */
  fixed?: boolean;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  /** More rows match than were counted: `total` is a lower bound, shown as "1,000+건" (domain LIST_COUNT_CAP). */
  capped?: boolean;
  loading: boolean;
  page: number;
  perPage: number;
  kind?: PageSizeKind;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  sortBy?: string;
  sortDesc?: boolean;
  onSort?: (sortBy: string, sortDesc: boolean) => void;
  onRowClick?: (row: T) => void;
  rowKey: (row: T) => string | number;
  /** More attributes of a row's element (a test id of its own, the row's address). */
  rowProps?: (row: T) => Record<string, string>;
  emptyText?: string;
  /** The table's caption for screen readers (hidden on screen); unset: the open screen's title. */
  caption?: string;
  /** The query's failure, shown in place of the rows. */
  error?: string | null;
  /** The keys of the columns the operator chose to show (useColumnChoice); unset: all but the `optional` ones. `fixed` columns always show. */
  visibleColumns?: readonly string[];
  /** A first column of checkboxes (bulk actions): one per selectable row, and one for the page's (useRowSelection). */
  selection?: RowSelection<T>;
  testId: string;
}

/**
 * A server-paged table (Chakra Table + Pagination): skeleton rows while loading, an empty state,
 * the spec's page-size options and page-button count, sortable headers.
 */
export function DataTable<T>(p: DataTableProps<T>) {
  const screenTitle = useScreenTitle();
  const sizes = PAGE_SIZES[p.kind ?? "standard"];
  const pages = totalPagesOf(p.total, p.perPage);
  const skeletonRows = Math.min(p.perPage, 10);
  const columns = shownColumns(p.columns, p.visibleColumns);
  const caption = p.caption ?? screenTitle;
  return (
    <VStack align="stretch" gap="3" data-testid={p.testId}>
      <Table.ScrollArea borderWidth="1px" borderColor="card.border" rounded="md" bg="card.bg">
        <Table.Root size="sm" interactive={Boolean(p.onRowClick)} stickyHeader>
          {caption && <Table.Caption srOnly>{caption}</Table.Caption>}
          <Table.Header>
            <Table.Row>
              {p.selection && <SelectAllCell selection={p.selection} rows={p.rows ?? []} rowKey={p.rowKey} testId={p.testId} />}
              {columns.map((c) => (
                <Table.ColumnHeader
                  key={c.key}
                  textAlign={c.numeric ? "end" : "start"}
                  whiteSpace="nowrap"
                  aria-sort={c.sortKey && p.sortBy === c.sortKey ? (p.sortDesc ? "descending" : "ascending") : undefined}
                >
                  {c.sortKey && p.onSort ? (
                    <Box
                      as="button"
                      cursor="pointer"
                      fontWeight="inherit"
                      onClick={() => p.onSort!(c.sortKey!, p.sortBy === c.sortKey ? !p.sortDesc : true)}
                      data-testid={`${p.testId}-sort-${c.sortKey}`}
                      focusVisibleRing="outside"
                    >
                      {c.header}
                      {p.sortBy === c.sortKey ? (p.sortDesc ? " ▼" : " ▲") : ""}
                    </Box>
                  ) : (
                    c.header
                  )}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {p.loading && !p.rows
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  <Table.Row key={`s${i}`} data-testid={`${p.testId}-skeleton`}>
                    {p.selection && <Table.Cell />}
                    {columns.map((c) => (
                      <Table.Cell key={c.key}>
                        <Skeleton h="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : (p.rows ?? []).map((row) => (
                  <Table.Row
                    key={p.rowKey(row)}
                    {...(p.onRowClick && rowActivation(() => p.onRowClick!(row)))}
                    data-testid={`${p.testId}-row`}
                    {...p.rowProps?.(row)}
                  >
                    {p.selection && <SelectCell selection={p.selection} row={row} rowKey={p.rowKey} testId={p.testId} />}
                    {columns.map((c) => (
                      <Table.Cell key={c.key} textAlign={c.numeric ? "end" : "start"}>
                        {c.cell(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
        </Table.Root>
        {p.error && !p.rows && (
          <EmptyState.Root size="sm" data-testid={`${p.testId}-error`}>
            <EmptyState.Content>
              <EmptyState.Title color="fg.error">{p.error}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {!p.loading && p.rows && p.rows.length === 0 && (
          <EmptyState.Root size="sm" data-testid={`${p.testId}-empty`}>
            <EmptyState.Content>
              <EmptyState.Title>{p.emptyText ?? L.list.empty}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Table.ScrollArea>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="2">
          <Text fontSize="sm" color="fg.muted" data-testid={`${p.testId}-total`} title={p.capped ? L.list.cappedHint : undefined}>
            {p.capped ? L.list.totalCapped(formatWon(p.total)) : L.list.total(formatWon(p.total))}
          </Text>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label={L.list.perPage}
              value={String(p.perPage)}
              onChange={(e) => p.onPerPage(Number(e.currentTarget.value))}
              data-testid={`${p.testId}-per-page`}
            >
              {sizes.options.map((n) => (
                <option key={n} value={n}>
                  {L.list.perPageOption(n)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <Pagination.Root count={p.total} pageSize={p.perPage} page={p.page} onPageChange={(e) => p.onPage(e.page)}>
          <ButtonGroup variant="ghost" size="sm" attached={false}>
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label={L.list.prev} data-testid={`${p.testId}-prev`}>
                ‹
              </IconButton>
            </Pagination.PrevTrigger>
            {pageWindow(p.page, pages, sizes.buttons).map((n) => (
              <Pagination.Item key={n} type="page" value={n} asChild>
                <IconButton variant={{ base: "ghost", _selected: "solid" }} colorPalette="brand" data-testid={`${p.testId}-page-${n}`}>
                  {n}
                </IconButton>
              </Pagination.Item>
            ))}
            <Pagination.NextTrigger asChild>
              <IconButton aria-label={L.list.next} data-testid={`${p.testId}-next`}>
                ›
              </IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      </HStack>
    </VStack>
  );
}
