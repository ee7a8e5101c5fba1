import { Code, Heading, HStack, Stack } from "@chakra-ui/react";
import { formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { SettlementGiftDto } from "@domain/schemas/settlement";
import { downloads } from "../../api/endpoints";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import type { Column } from "../../components/list/DataTable";
import { CL } from "./settlement.labels";

const W = CL.wallet;
const COLUMNS: Column<SettlementGiftDto>[] = [
  { key: "id", header: W.id, cell: (r) => r.id },
  { key: "from", header: W.from, cell: (r) => <Code fontSize="xs">{r.from}</Code> },
  { key: "to", header: W.to, cell: (r) => <Code fontSize="xs">{r.to}</Code> },
  { key: "type", header: W.type, cell: (r) => r.type },
  { key: "value", header: W.value, cell: (r) => formatWon(r.value), numeric: true },
  { key: "createdAt", header: W.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
];

/** /admin/calc/wallet (permission 3, isExchange5): the shop wallet's gifts in a date range. */
export function SettlementWalletPage() {
  const list = useListQuery("settlementGifts", { dates: true, filters: ["wallet"], defaultSort: "createdAt" });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {W.title}
      </Heading>
      <HStack wrap="wrap" gap="3" justify="space-between">
        <DateRangeFilter from={list.state.from!} to={list.state.to!} onApply={list.setRange} testId="calc-gift-range" />
        <ExportButton
          def={downloads.settlementGifts}
          filter={{ ...list.request, page: undefined, perPage: undefined }}
          testId="calc-gift-excel"
        />
      </HStack>
      <ListTable testId="calc-gift-table" columns={COLUMNS} rowKey={(r) => r.id} emptyText={Msg.noResults} list={list} />
    </Stack>
  );
}
