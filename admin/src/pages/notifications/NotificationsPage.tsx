import { Badge, Heading, Stack } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDate } from "@domain/format";
import type { NotifyRowDto } from "@domain/schemas/operation";
import { callEndpoint } from "../../api/endpoints";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListState } from "../../components/list/useListState";
import { L } from "../../labels";

/** Where a notification row leads, by its type (spec §2). */
export const NOTIFY_TARGET: Record<string, string> = { inquiry: "/board/inquiry", sell: "/sale/sell", exchange: "/calc/management", approval: "/proposals" };

const columns: Column<NotifyRowDto>[] = [
  { key: "id", header: L.notify.id, cell: (r) => r.id, sortKey: "id" },
  { key: "category", header: L.notify.category, cell: (r) => <Badge colorPalette="brand">{r.category}</Badge> },
  { key: "message", header: L.notify.message, cell: (r) => r.message },
  { key: "created_at", header: L.notify.createdAt, cell: (r) => formatDate(r.created_at) },
];

/** /admin/notify: every stored notification the operator may see, newest first, 10 a page. */
export function NotificationsPage() {
  const list = useListState();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ["notify", list.request],
    queryFn: ({ signal }) => callEndpoint("notifyList", { tablehandler: list.request }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.notify.title}
      </Heading>
      <ListTable
        testId="notify-table"
        columns={columns}
        rowKey={(r) => r.id}
        onRowClick={(r) => NOTIFY_TARGET[r.type] && void navigate(NOTIFY_TARGET[r.type])}
        list={list}
        query={q}
        defaultSort="id"
      />
    </Stack>
  );
}
