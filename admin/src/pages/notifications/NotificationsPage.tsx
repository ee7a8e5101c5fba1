import { Badge, Heading, Stack } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { formatDate } from "@domain/format";
import type { NotifyRowDto } from "@domain/schemas/notifications";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { L } from "../../labels";
import { pushHref } from "../../realtime/socket";

const columns: Column<NotifyRowDto>[] = [
  { key: "id", header: L.notify.id, cell: (r) => r.id, sortKey: "id" },
  { key: "category", header: L.notify.category, cell: (r) => <Badge colorPalette="brand">{r.category}</Badge> },
  { key: "message", header: L.notify.message, cell: (r) => r.message },
  { key: "created_at", header: L.notify.createdAt, cell: (r) => formatDate(r.created_at) },
];

/**
 * /admin/notify: every stored notification the operator may see, newest first, 10 a page. A row opens its record's
 * detail on the screen that handles it (spec §2): `/sale/sell?sale=<id>`, `/board/inquiry?post=<id>`,
 * `/calc/management?order=<id>`.
 */
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
        onRowClick={(r) => {
          const href = pushHref(r.category, r.ref_id);
          if (href) void navigate(href);
        }}
        list={list}
      />
    </Stack>
  );
}
