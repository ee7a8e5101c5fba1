import { Badge, Heading, Stack } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { formatDate } from "@domain/format";
import type { NotifyRowDto } from "@domain/schemas/operation";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { L } from "../../labels";

/** Where a notification row leads, by its type (spec §2). */
export const NOTIFY_TARGET: Record<string, string> = { inquiry: "/board/inquiry", sell: "/sale/sell", exchange: "/calc/management" };

const columns: Column<NotifyRowDto>[] = [
  { key: "id", header: L.notify.id, cell: (r) => r.id, sortKey: "id" },
  { key: "category", header: L.notify.category, cell: (r) => <Badge colorPalette="brand">{r.category}</Badge> },
  { key: "message", header: L.notify.message, cell: (r) => r.message },
  { key: "created_at", header: L.notify.createdAt, cell: (r) => formatDate(r.created_at) },
];

/** /admin/notify: every stored notification the operator may see, newest first, 10 a page. */
export function NotificationsPage() {
  const list = useListQuery("notifyList", { body: (request) => ({ tablehandler: request }), defaultSort: "id" });
  const navigate = useNavigate();
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
      />
    </Stack>
  );
}
