import { Heading, HStack, Stack } from "@chakra-ui/react";
import { formatDateTime } from "@domain/format";
import type { AuditRowDto } from "@domain/schemas/audit";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { SearchBox } from "../../components/list/SearchBox";
import { useListQuery } from "../../components/list/useListQuery";
import { L } from "../../labels";
import { show, targetOf } from "./AuditTable";

const columns: Column<AuditRowDto>[] = [
  { key: "createdAt", header: L.audit.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
  { key: "admin", header: L.audit.admin, cell: (r) => r.adminLoginId },
  { key: "action", header: L.audit.action, cell: (r) => L.audit.actions[r.action] ?? r.action },
  { key: "target", header: L.audit.target, cell: targetOf },
  { key: "change", header: L.audit.change, cell: (r) => `${show(r.before)} → ${show(r.after)}` },
  { key: "tx", header: L.audit.txHash, cell: (r) => r.txHash ?? "-" },
];

/** /admin/account/actions (permission 0): the append-only log of operator actions, by date range. */
export function AuditLogPage() {
  const list = useListQuery("auditList", { dates: true, filters: ["keyword", "action"], defaultSort: "createdAt" });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.audit.title}
      </Heading>
      <HStack wrap="wrap" gap="3">
        <DateRangeFilter testId="audit-range" from={list.state.from!} to={list.state.to!} onApply={list.setRange} />
        <SearchBox testId="audit-search" value={list.state.filters.keyword} onSearch={list.setKeyword} />
      </HStack>
      <ListTable testId="audit-table" columns={columns} rowKey={(r) => r.id} list={list} />
    </Stack>
  );
}
