import { ButtonGroup, Flex, IconButton, NativeSelect, Pagination } from "@chakra-ui/react";
import { PAGE_SIZE_OPTIONS } from "@domain/constants";
import type { PageSize } from "../../api/moneyApi";
import { HistoryLabels as L } from "./HistoryLabels";

const LINKS = 5;

/** The 5 page numbers around `page` (fewer when there are fewer pages). */
export function pageWindow(page: number, totalPages: number): number[] {
  const count = Math.min(LINKS, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(LINKS / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface HistoryPaginationProps {
  page: number;
  perPage: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: PageSize) => void;
}

/** Previous / 5 page links / next, and the page-size choice (7, 10, 25, 50, 100). */
export function HistoryPagination({ page, perPage, total, onPage, onPerPage }: HistoryPaginationProps) {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
      <Pagination.Root
        count={Math.max(total, 1)}
        pageSize={perPage}
        page={Math.min(page, totalPages)}
        onPageChange={(d) => onPage(d.page)}
        aria-label={L.pagination}
      >
        <ButtonGroup variant="ghost" size="sm" gap="1">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={L.prev} data-testid="history-prev">
              ‹
            </IconButton>
          </Pagination.PrevTrigger>
          {pageWindow(page, totalPages).map((n) => (
            <Pagination.Item key={n} type="page" value={n} asChild>
              <IconButton
                variant={{ base: "ghost", _selected: "solid" }}
                aria-label={L.page(n)}
                aria-current={n === page ? "page" : undefined}
                data-testid={`history-page-${n}`}
              >
                {n}
              </IconButton>
            </Pagination.Item>
          ))}
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={L.next} data-testid="history-next">
              ›
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
      <NativeSelect.Root size="sm" w="auto">
        <NativeSelect.Field
          aria-label={L.perPage}
          value={perPage}
          onChange={(e) => onPerPage(Number(e.target.value) as PageSize)}
          data-testid="history-per-page"
        >
          {PAGE_SIZE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {L.perPageOption(n)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}
