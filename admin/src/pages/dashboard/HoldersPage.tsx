import { Badge, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { callEndpoint, downloads } from "../../api/endpoints";
import type { Column } from "../../components/list/DataTable";
import { DataTable } from "../../components/list/DataTable";
import { useListState } from "../../components/list/useListState";
import { ExportButton } from "../../components/list/ExportButton";
import { L } from "../../labels";
import { AddressLink } from "./cells";

type Holder = { rank: number; address: string; balance: string; name: string | null };
const columns: Column<Holder>[] = [
  { key: "rank", header: L.holders.rank, cell: (h) => h.rank, numeric: true },
  { key: "address", header: L.holders.address, cell: (h) => <AddressLink address={h.address} /> },
  { key: "name", header: L.holders.name, cell: (h) => h.name ?? "-" },
  { key: "balance", header: L.holders.balance, cell: (h) => `${formatWon(Number(h.balance))}${L.won}`, numeric: true },
];

/** /admin/dashboard/holder: holders by balance, and whether the index's total equals totalSupply on chain. */
export function HoldersPage() {
  const list = useListState();
  const q = useQuery({
    queryKey: ["holders", list.request],
    queryFn: ({ signal }) => callEndpoint("holders", { page: list.state.page, perPage: list.state.perPage } as never, { signal }),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const equal = d && d.chain_total_supply !== null && d.chain_total_supply === d.total_balance;
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="admin-page-title">
          {L.holders.title}
        </Heading>
        <ExportButton def={downloads.holders} filter={{}} testId="holders-excel" />
      </HStack>
      {d && (
        <HStack gap="6" wrap="wrap" data-testid="holders-totals">
          <Text>
            {L.holders.total}: <b data-testid="holders-total">{formatWon(Number(d.total_balance))}원</b>
          </Text>
          <Text>
            {L.holders.supply}: <b data-testid="holders-supply">{d.chain_total_supply === null ? "-" : `${formatWon(Number(d.chain_total_supply))}원`}</b>
          </Text>
          <Badge colorPalette={equal ? "green" : "red"} data-testid="holders-verdict">
            {equal ? L.holders.equal : L.holders.notEqual}
          </Badge>
        </HStack>
      )}
      <DataTable
        testId="holders-table"
        columns={columns}
        rows={d?.holder_list}
        total={d?.total ?? 0}
        loading={q.isPending}
        error={q.error?.message}
        page={list.state.page}
        perPage={list.state.perPage}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        rowKey={(h) => h.address}
        emptyText={Msg.noResults}
      />
    </Stack>
  );
}
