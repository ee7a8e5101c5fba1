import { useState } from "react";
import { Button, DataList, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { allowsArea } from "@domain/admin-access";
import { formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { SettlementStateLabel } from "@domain/state-labels";
import { CALC_TABS, type SettlementOrderDto } from "@domain/schemas/settlement";
import { callEndpoint, downloads } from "../../api/endpoints";
import { endpointQuery, refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import { ListTable } from "../../components/list/ListTable";
import { StateTabs } from "../../components/list/StateTabs";
import { useListQuery } from "../../components/list/useListQuery";
import { useRowSelection } from "../../components/list/useRowSelection";
import { BulkActions, type BulkAction } from "../../components/bulk/BulkActions";
import { BK } from "../../components/bulk/bulk.labels";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { detailError, useDetailParam, type DetailParam } from "../../components/dialogs/useDetailParam";
import type { Column } from "../../components/list/DataTable";
import { snack } from "../../components/ui/toaster";
import { CL } from "./settlement.labels";

const M = CL.management;

/** Orders waiting for approval can be approved (burned) or deleted (returned) several at once, by order number. */
const CALC_BULK: BulkAction<SettlementOrderDto>[] = [
  {
    key: "accept",
    label: BK.approve,
    verb: BK.verb.approve,
    run: (rows, opts) => callEndpoint("settlementAcceptBulk", { ids: rows.map((r) => r.orderNo) }, opts),
  },
  {
    key: "delete",
    label: BK.delete,
    verb: BK.verb.delete,
    danger: true,
    run: (rows, opts) => callEndpoint("settlementDeleteBulk", { ids: rows.map((r) => r.orderNo) }, opts),
  },
];

/** Approve and delete act only on code 200; anything else keeps the order as it was. */
function useSettlementActions(onDone: () => void) {
  const qc = useQueryClient();
  // Approving burns, deleting returns: the orders and every amount on screen move.
  const refresh = () => void refreshMoney(qc);
  const action = (call: (orderNo: string) => Promise<unknown>, done: string, failed: string) => ({
    mutationFn: call,
    onSuccess: () => {
      snack(done, { type: "success" });
      refresh();
      onDone();
    },
    onError: (e: Error) => {
      // Sent to the chain, outcome not known yet: not a failure; the list shows the order once it settles.
      if (e instanceof ApiError && e.code === 202) return void (snack(e.message, { type: "info" }), refresh(), onDone());
      // The spec's words ('승인 실패' / '삭제 실패'), and why when the server says (e.g. no longer 승인 대기).
      snack(e instanceof ApiError && e.code !== 500 && e.message && e.message !== failed ? `${failed} (${e.message})` : failed, {
        type: "error",
      });
      refresh();
    },
  });
  const approve = useMutation(action((orderNo) => callEndpoint("settlementAccept", { orderNo }), Msg.approveDone, Msg.approveFailed));
  const remove = useMutation(action((orderNo) => callEndpoint("settlementDelete", { orderNo }), Msg.deleteDone, Msg.deleteFailed));
  return { approve, remove };
}

/**
 * /admin/calc/management (isExchange1 view, isExchange2 approve and delete): tabs by state, date range,
 * the orders; a row opens its detail (`?order=<id>`; approve while 승인 대기); delete behind a confirm, hidden once 승인.
 */
export function SettlementManagementPage() {
  const { account } = useSession();
  const canAct = account ? allowsArea("settlementApprove", account) : false;
  const list = useListQuery("settlementSearch", { dates: true, filters: ["state"], defaultSort: "createdAt" });
  const detail = useDetailParam("order");
  const [deleting, setDeleting] = useState<string | null>(null);
  const [approving, setApproving] = useState<string | null>(null);
  const { approve, remove } = useSettlementActions(() => {
    setDeleting(null);
    detail.close();
  });
  const qc = useQueryClient();
  // Only an operator who may approve (isExchange2) chooses rows, as only it sees the single actions.
  const selection = useRowSelection(
    list.rows,
    (r) => r.id,
    (r) => canAct && r.state === SettlementStateLabel.pending,
  );
  const columns: Column<SettlementOrderDto>[] = [
    { key: "orderNo", header: M.orderNo, cell: (r) => r.orderNo },
    { key: "phonenumber", header: M.phonenumber, cell: (r) => r.phonenumber },
    { key: "value", header: M.value, cell: (r) => formatWon(r.value), numeric: true },
    { key: "state", header: M.state, cell: (r) => <Text data-testid="calc-row-state">{r.state}</Text> },
    { key: "createdAt", header: M.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
    {
      key: "delete",
      header: M.delete,
      cell: (r) =>
        canAct && r.state === SettlementStateLabel.pending ? (
          <Button
            size="xs"
            colorPalette="red"
            variant="outline"
            onClick={(e) => {
              e.stopPropagation();
              setDeleting(r.orderNo);
            }}
            data-testid="calc-row-delete"
          >
            {M.delete}
          </Button>
        ) : null,
    },
  ];
  const tab = list.state.filters.state ?? "all";
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {M.title}
      </Heading>
      <StateTabs
        value={tab}
        tabs={(["all", ...CALC_TABS] as const).map((t) => ({ value: t, label: M.tabs[t] }))}
        onChange={(v) => list.setFilter("state", v === "all" ? undefined : v)}
        testId="calc-tab"
        asChild
      >
        <Stack gap="4">
          <HStack wrap="wrap" gap="3" justify="space-between">
            <DateRangeFilter from={list.state.from!} to={list.state.to!} onApply={list.setRange} testId="calc-range" />
            <ExportButton
              def={downloads.settlementManagement}
              filter={{ ...list.request, page: undefined, perPage: undefined }}
              testId="calc-management-excel"
            />
          </HStack>
          {canAct && (
            <BulkActions
              testId="calc-bulk"
              rows={selection.chosen}
              actions={CALC_BULK}
              rowId={(r) => r.orderNo}
              itemLabel={(r) => r.orderNo}
              amount={(r) => r.value}
              onDone={() => {
                selection.clear();
                void refreshMoney(qc);
              }}
              onUndecided={() => void refreshMoney(qc)}
            />
          )}
          <ListTable
            testId="calc-table"
            columns={columns}
            rowKey={(r) => r.id}
            onRowClick={(r) => detail.open(r.id)}
            emptyText={Msg.noResults}
            list={list}
            selection={canAct ? selection.table : undefined}
          />
        </Stack>
      </StateTabs>
      <SettlementDetail detail={detail} canAct={canAct} busy={approve.isPending} onApprove={setApproving} />
      <ConfirmDialog
        open={approving !== null}
        message={Msg.settlementApproveConfirm}
        onConfirm={() => {
          if (approving) approve.mutate(approving);
          setApproving(null);
        }}
        onClose={() => setApproving(null)}
        testId="calc-approve-confirm"
      />
      <ConfirmDialog
        open={deleting !== null}
        message={Msg.settlementDeleteConfirm}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        testId="calc-delete-confirm"
      />
    </Stack>
  );
}

function SettlementDetail(props: { detail: DetailParam; canAct: boolean; busy: boolean; onApprove: (orderNo: string) => void }) {
  const q = useQuery({ ...endpointQuery("settlementDetail", { id: props.detail.id ?? 0 }), enabled: props.detail.id !== null });
  const d = q.data;
  const footer =
    props.canAct && d?.state === SettlementStateLabel.pending ? (
      <Button colorPalette="blue" loading={props.busy} onClick={() => props.onApprove(d.orderNo)} data-testid="calc-detail-approve">
        {M.approve}
      </Button>
    ) : null;
  const rows: [string, string][] = d
    ? [
        [M.orderNo, d.orderNo],
        [M.type, d.type],
        [M.username, d.username],
        [M.phonenumber, d.requestPhonenumber],
        [M.wallet, d.requestAddress],
        [M.value, `${formatWon(d.requestValue)}원`],
        [M.state, d.state],
        [M.createdAt, formatDateTime(d.createdAt)],
        ...(d.approvedAt ? [[M.approvedAt, formatDateTime(d.approvedAt)] as [string, string]] : []),
        ...(d.deletedAt ? [[M.deletedAt, formatDateTime(d.deletedAt)] as [string, string]] : []),
        ...(d.adminValue !== null ? [[M.adminValue, `${formatWon(d.adminValue)}원`] as [string, string]] : []),
        [M.adminPhonenumber, d.adminPhonenumber ?? "-"],
        [M.adminAddress, d.adminAddress ?? "-"],
        [M.requestTx, d.requestTxHash ?? "-"],
        ...(d.burnTxHash ? [[M.burnTx, d.burnTxHash] as [string, string]] : []),
        ...(d.returnTxHash ? [[M.returnTx, d.returnTxHash] as [string, string]] : []),
      ]
    : [];
  return (
    <DetailDialog
      open={props.detail.isOpen}
      onClose={props.detail.close}
      title={M.detail}
      testId="calc-detail"
      footer={footer}
      error={d ? undefined : detailError(props.detail, q.error)}
    >
      {d ? (
        <DataList.Root orientation="horizontal">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all" data-testid={`calc-detail-${label}`}>
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      ) : (
        <Skeleton h="40" />
      )}
    </DetailDialog>
  );
}
