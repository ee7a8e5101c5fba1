import { Badge, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { downloads } from "../../api/endpoints";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery, type ListPage } from "../../components/list/useListQuery";
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
  const list = useListQuery("holders", { select: (d): ListPage<Holder> => ({ list: d.holder_list, total: d.total }) });
  const d = list.data;
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
            {L.holders.supply}:{" "}
            <b data-testid="holders-supply">{d.chain_total_supply === null ? "-" : `${formatWon(Number(d.chain_total_supply))}원`}</b>
          </Text>
          <Badge colorPalette={equal ? "green" : "red"} data-testid="holders-verdict">
            {equal ? L.holders.equal : L.holders.notEqual}
          </Badge>
        </HStack>
      )}
      <ListTable testId="holders-table" columns={columns} rowKey={(h) => h.address} emptyText={Msg.noResults} list={list} />
    </Stack>
  );
}
