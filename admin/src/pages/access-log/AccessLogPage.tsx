import { Heading, HStack, Stack } from "@chakra-ui/react";
import { API } from "@domain/api";
import type { EndpointDef } from "@domain/api/endpoint";
import { ACCESS_REASONS, type AccessReason } from "@domain/access-log";
import { formatDateTime, formatWon } from "@domain/format";
import type { AccessLogRowDto } from "@domain/schemas/access-log";
import { downloads } from "../../api/endpoints";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { FilterSelect } from "../../components/list/FilterSelect";
import { SearchBox } from "../../components/list/SearchBox";
import { useListQuery } from "../../components/list/useListQuery";
import { L } from "../../labels";
import { describeFilter } from "../audit/log-text";

/** The screens the log names: every endpoint's `personalData.screen` (domain/api/), each once. */
const SCREENS = [
  ...new Set(Object.values(API as Record<string, EndpointDef>).flatMap((e) => (e.personalData ? [e.personalData.screen] : []))),
].map((s): [string, string] => [s, s]);

const reasonOf = (r: AccessLogRowDto) =>
  r.reason ? [ACCESS_REASONS[r.reason as AccessReason] ?? r.reason, r.reasonText].filter(Boolean).join(": ") : "-";

const columns: Column<AccessLogRowDto>[] = [
  { key: "createdAt", header: L.accessLog.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
  { key: "admin", header: L.accessLog.admin, cell: (r) => r.adminLoginId },
  { key: "action", header: L.accessLog.action, cell: (r) => L.accessLog.actions[r.action] },
  { key: "screen", header: L.accessLog.screen, cell: (r) => r.screen },
  { key: "filter", header: L.accessLog.filter, cell: (r) => describeFilter(r.filter) },
  { key: "rows", header: L.accessLog.rows, cell: (r) => formatWon(r.rowCount), numeric: true },
  { key: "reason", header: L.accessLog.reason, cell: reasonOf },
  { key: "ip", header: L.accessLog.ip, cell: (r) => r.ip },
];

/**
 * /admin/account/access-log (permission 0): the append-only personal-data access log, by date range, operator and
 * screen, with its own download (which asks a reason and is itself recorded).
 */
export function AccessLogPage() {
  const list = useListQuery("accessLogList", { dates: true, filters: ["adminLoginId", "screen"], defaultSort: "createdAt" });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.accessLog.title}
      </Heading>
      <HStack wrap="wrap" gap="3" justify="space-between">
        <HStack wrap="wrap" gap="3">
          <DateRangeFilter testId="access-log-range" from={list.state.from!} to={list.state.to!} onApply={list.setRange} />
          <FilterSelect
            testId="access-log-screen"
            label="화면"
            value={list.state.filters.screen}
            options={SCREENS}
            onChange={(v) => list.setFilter("screen", v)}
          />
          <SearchBox
            testId="access-log-admin"
            value={list.state.filters.adminLoginId}
            placeholder={L.accessLog.adminPlaceholder}
            onSearch={(v) => list.setFilter("adminLoginId", v.trim() || undefined)}
          />
        </HStack>
        <ExportButton
          def={downloads.accessLog}
          filter={{ ...list.request, page: undefined, perPage: undefined }}
          testId="access-log-excel"
        />
      </HStack>
      <ListTable testId="access-log-table" columns={columns} rowKey={(r) => r.id} list={list} />
    </Stack>
  );
}
