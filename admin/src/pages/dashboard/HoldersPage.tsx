import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge, Button, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { downloads } from "../../api/endpoints";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery, useSearchPatch, type ListPage } from "../../components/list/useListQuery";
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

/**
 * /admin/dashboard/holder: holders by balance, and whether the index's total equals totalSupply on chain; with `?at=` (a
 * block number or a Seoul date-time) the holders as of then, against totalSupply read at that block (issue 37).
 */
export function HoldersPage() {
  const list = useListQuery("holders", { filters: ["at"], select: (d): ListPage<Holder> => ({ list: d.holder_list, total: d.total }) });
  const d = list.data;
  const [params] = useSearchParams();
  const patch = useSearchPatch();
  const [at, setAt] = useState(params.get("at") ?? "");
  const equal = d && d.chain_total_supply !== null && d.chain_total_supply === d.total_balance;
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="admin-page-title">
          {L.holders.title}
        </Heading>
        <ExportButton def={downloads.holders} filter={{ at: params.get("at") || undefined }} testId="holders-excel" />
      </HStack>
      <HStack as="form" onSubmit={(e) => (e.preventDefault(), patch({ at: at.trim() || undefined }, { resetPage: true }))}>
        <Text>기준 시점</Text>
        <Input
          data-testid="holders-at"
          maxW="xs"
          placeholder="블록 번호 또는 2026-10-31 23:59:59 (비우면 현재)"
          value={at}
          onChange={(e) => setAt(e.target.value)}
        />
        <Button type="submit" size="sm" data-testid="holders-at-apply">
          조회
        </Button>
      </HStack>
      {d?.as_of && (
        <Text data-testid="holders-as-of">
          블록 {d.as_of.block} ({new Date(d.as_of.time * 1000).toLocaleString("ko-KR", { timeZone: "Asia/Seoul" })}) 기준 · 블록 해시{" "}
          <code>{d.as_of.hash}</code>
        </Text>
      )}
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
