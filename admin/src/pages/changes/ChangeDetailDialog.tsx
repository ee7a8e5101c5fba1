import { useState, type ReactNode } from "react";
import { DataList, Heading, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDate, formatDateTime, formatWon } from "@domain/format";
import { PAGE_SIZES } from "@domain/schemas/shared/list";
import type { ChangeMemberDto } from "@domain/schemas/change-notices";
import { endpointQuery } from "../../api/queries";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import type { Column } from "../../components/list/DataTable";
import { DataTable } from "../../components/list/DataTable";
import { SafeHtml } from "../../components/editor/RichTextEditor";
import { ChangeStateBadge, type ChangeRow } from "./cells";
import { CL } from "./changes.labels";

const dateTime = (v: string | null) => (v ? formatDateTime(v) : CL.none);

function fieldsOf(c: ChangeRow): [string, ReactNode][] {
  return [
    [CL.kind, c.kindLabel],
    [CL.changeTitle, c.title],
    ...(c.kind === "shop" ? ([[CL.merchant, c.merchantName ?? CL.none]] as [string, ReactNode][]) : []),
    [CL.effectiveDate, c.effectiveDate],
    [CL.state, <ChangeStateBadge key="state" row={c} testId="change-detail-state" />],
    [CL.version, String(c.version)],
    [CL.postedAt, dateTime(c.postedAt)],
    [CL.postedUntil, formatDate(c.postedUntil)],
    [CL.recipients, String(c.recipients)],
    [CL.told, CL.ratio(c.told, c.recipients)],
    [CL.refunds, String(c.refunds)],
    ...(c.appliedAt ? ([[CL.appliedAt, dateTime(c.appliedAt)]] as [string, ReactNode][]) : []),
    ...(c.withdrawnAt
      ? ([
          [CL.withdrawnAt, dateTime(c.withdrawnAt)],
          [CL.withdrawReason, c.withdrawReason ?? CL.none],
        ] as [string, ReactNode][])
      : []),
    [CL.createdAt, dateTime(c.createdAt)],
    [CL.updatedAt, dateTime(c.updatedAt)],
    [
      CL.summary,
      <Text key="summary" whiteSpace="pre-line" data-testid="change-detail-summary">
        {c.summary}
      </Text>,
    ],
  ];
}

/** The members a change concerns, a page at a time: when each was told of its current version, the refund each took. */
function ChangeMembers({ change }: { change: ChangeRow }) {
  const sizes = PAGE_SIZES.standard;
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(sizes.initial);
  const q = useQuery({
    ...endpointQuery("changeMembers", { changeId: change.id, page, perPage }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<ChangeMemberDto>[] = [
    { key: "memberId", header: CL.memberId, cell: (m) => m.memberId },
    { key: "name", header: CL.memberName, cell: (m) => m.name },
    { key: "phone", header: CL.phone, cell: (m) => m.phone },
    {
      key: "toldAt",
      header: CL.toldAt,
      cell: (m) => (m.toldAt && m.toldVersion === change.version ? formatDateTime(m.toldAt) : CL.pending),
    },
    {
      key: "refund",
      header: CL.refund,
      cell: (m) => (m.refund ? CL.refundText({ ...m.refund, value: formatWon(m.refund.value) }) : CL.none),
    },
  ];
  return (
    <DataTable
      testId="change-members"
      caption={CL.members}
      columns={columns}
      rows={q.data?.list}
      total={q.data?.total ?? 0}
      loading={q.isFetching}
      page={page}
      perPage={perPage}
      onPage={setPage}
      onPerPage={(n) => {
        setPerPage(n);
        setPage(1);
      }}
      rowKey={(m) => m.memberId}
      rowProps={(m) => ({ "data-member-id": String(m.memberId) })}
      emptyText={CL.membersEmpty}
      error={q.isError ? q.error.message : null}
    />
  );
}

/** One change: its fields, the new terms' text (a terms change), and the members it concerns. */
export function ChangeDetailDialog(props: { open: boolean; change: ChangeRow | null; onClose: () => void }) {
  const c = props.change;
  return (
    <DetailDialog
      open={props.open}
      onClose={props.onClose}
      title={CL.detailTitle}
      testId="change-detail"
      error={c ? undefined : CL.notFound}
    >
      {c && (
        <Stack gap="5">
          <DataList.Root orientation="horizontal" size="sm">
            {fieldsOf(c).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          {c.kind === "terms" && c.content && (
            <Stack gap="2">
              <Heading size="sm">{CL.content}</Heading>
              <SafeHtml
                html={c.content}
                borderWidth="1px"
                rounded="md"
                p="4"
                maxH="80"
                overflowY="auto"
                data-testid="change-detail-content"
              />
            </Stack>
          )}
          <Stack gap="2">
            <Heading size="sm">{CL.members}</Heading>
            <ChangeMembers key={`${c.id}-${c.version}`} change={c} />
          </Stack>
        </Stack>
      )}
    </DetailDialog>
  );
}
