import { Badge, Heading, HStack, Stack } from "@chakra-ui/react";
import { formatDate, formatWon, shortAddress } from "@domain/format";
import { Msg } from "@domain/messages";
import { memberStates, type MemberColumn, type MemberRowDto } from "@domain/schemas/members";
import { downloads } from "../../api/endpoints";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { useDetailParam } from "../../components/dialogs/useDetailParam";
import { SearchBox } from "../../components/list/SearchBox";
import { ExportButton } from "../../components/list/ExportButton";
import { ColumnMenu } from "../../components/list/ColumnMenu";
import { SavedViewsMenu } from "../../components/list/SavedViewsMenu";
import { useColumnChoice } from "../../components/list/useColumnChoice";
import { L } from "../../labels";
import { MemberDetailDialog } from "./MemberDetailDialog";
import { MemberState } from "../../../../domain/constants";

/** Keyed as the member file's columns (MEMBER_COLUMNS): the download writes the ones shown. */
const columns: (Column<MemberRowDto> & { key: MemberColumn })[] = [
  { key: "id", header: L.member.id, cell: (r) => r.id, sortKey: "id" },
  { key: "username", header: L.member.username, cell: (r) => r.username, sortKey: "username" },
  { key: "phonenumber", header: L.member.phonenumber, cell: (r) => r.phonenumber, sortKey: "phonenumber" },
  { key: "permission", header: L.member.permission, cell: (r) => L.member.permissions[r.permission] },
  {
    key: "state",
    header: L.member.state,
    cell: (r) => (
      <Badge colorPalette={r.state === MemberState.NORMAL ? "green" : "red"} data-testid="member-state">
        {r.closedAt ? `${L.member.states[r.state]} ${formatDate(r.closedAt)}` : L.member.states[r.state]}
      </Badge>
    ),
  },
  { key: "holding", header: L.member.holding, cell: (r) => `${formatWon(r.holding)}${L.won}`, numeric: true },
  {
    key: "wallets",
    header: L.member.wallets,
    cell: (r) => r.wallets.map((w) => shortAddress(w.address)).join(", ") || "-",
    optional: true,
  },
  { key: "nickname", header: L.member.nickname, cell: (r) => r.nickname ?? "-", optional: true },
  { key: "email", header: L.member.email, cell: (r) => r.email ?? "-", optional: true },
  { key: "address", header: L.member.address, cell: (r) => r.address ?? "-", optional: true },
  { key: "createdAt", header: L.member.createdAt, cell: (r) => formatDate(r.createdAt), sortKey: "createdAt" },
  { key: "closedAt", header: L.member.closedAt, cell: (r) => (r.closedAt ? formatDate(r.closedAt) : "-"), optional: true },
];

/** /admin/account: members, searchable and server-paged, with the member info download and a detail (`?member=<id>`). */
export function MembersPage() {
  const list = useListQuery("memberList", { filters: ["keyword", "state", "permission"], defaultSort: "createdAt" });
  const choice = useColumnChoice("members", columns);
  const detail = useDetailParam("member");
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.member.title}
      </Heading>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <SearchBox
          testId="members-search"
          value={list.state.filters.keyword}
          onSearch={list.setKeyword}
          placeholder={L.member.searchPlaceholder}
          select={{
            label: L.member.state,
            value: list.state.filters.state,
            options: memberStates.map((s) => ({ value: s, label: L.member.states[s] })),
            onChange: (v) => list.setFilter("state", v),
          }}
        />
        <HStack gap="2">
          <SavedViewsMenu list="members" query={list} choice={choice} testId="members-views" />
          <ColumnMenu columns={columns} choice={choice} testId="members-columns" />
          <ExportButton
            def={downloads.members}
            filter={{ ...list.request, page: undefined, perPage: undefined, columns: choice.chosen }}
            testId="members-excel"
          />
        </HStack>
      </HStack>
      <ListTable
        testId="members-table"
        columns={columns}
        visibleColumns={choice.keys}
        rowKey={(r) => r.id}
        onRowClick={(r) => detail.open(r.id)}
        emptyText={Msg.noMembers}
        list={list}
      />
      <MemberDetailDialog detail={detail} />
    </Stack>
  );
}
