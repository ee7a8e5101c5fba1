import { Flex, NativeSelect } from "@chakra-ui/react";
import { PAGE_SIZE_OPTIONS } from "@domain/constants";
import type { PageSize } from "../../api/moneyQueries";
import { Pager } from "../../components/Pager";
import { HistoryLabels as L } from "./history.labels";

export interface HistoryPaginationProps {
  page: number;
  perPage: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: PageSize) => void;
}

/** The shared 5-link pager and the page-size choice (7, 10, 25, 50, 100). */
export function HistoryPagination({ page, perPage, total, onPage, onPerPage }: HistoryPaginationProps) {
  return (
    <Flex direction="column" align="center" gap="3">
      <Pager page={page} total={total} pageSize={perPage} onChange={onPage} />
      <NativeSelect.Root size="sm" w="auto" alignSelf="flex-end">
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
