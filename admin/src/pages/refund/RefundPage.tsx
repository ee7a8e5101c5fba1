import { useState } from "react";
import { Button, Field, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { RefundStateLabel } from "@domain/state-labels";
import { REFUND_STATES, type RefundAdminRow } from "@domain/schemas/refunds";
import { callEndpoint, downloads } from "../../api/endpoints";
import { refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import { ListTable } from "../../components/list/ListTable";
import { StateTabs } from "../../components/list/StateTabs";
import { useListQuery } from "../../components/list/useListQuery";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { FieldsDialog } from "../../components/dialogs/FieldsDialog";
import { useDetailParam } from "../../components/dialogs/useDetailParam";
import type { Column } from "../../components/list/DataTable";
import { snack } from "../../components/ui/toaster";
import { RL } from "./refund.labels";
import { ClosingAccountChange } from "./ClosingAccountChange";

/**
 * /admin/refund (isRefund1): refunds by state and dates; a row opens its detail (`?order=<id>`), where a 환불 대기
 * refund is paid (the bank transfer's reference recorded, the escrow burned; above the threshold a proposal) or
 * rejected with a reason (the amount returned); a closing refund's account is changed instead of rejected.
 */
export function RefundPage() {
  const list = useListQuery("refundSearch", { dates: true, filters: ["state"], defaultSort: "createdAt" });
  const detail = useDetailParam("order");
  const row = list.rows?.find((r) => r.id === detail.id) ?? null;
  const columns: Column<RefundAdminRow>[] = [
    { key: "orderNo", header: RL.orderNo, cell: (r) => r.orderNo },
    { key: "kind", header: RL.kind, cell: (r) => r.kindLabel },
    { key: "username", header: RL.member, cell: (r) => (r.closedAt ? `${r.username} (${RL.closed})` : r.username) },
    { key: "phonenumber", header: RL.phone, cell: (r) => r.phonenumber },
    { key: "value", header: RL.value, cell: (r) => formatWon(r.value), numeric: true },
    { key: "bank", header: RL.bank, cell: (r) => `${r.bankName} ${r.bankAccount} (${r.holderName})` },
    { key: "state", header: RL.state, cell: (r) => <Text data-testid="refund-row-state">{r.stateLabel}</Text> },
    { key: "createdAt", header: RL.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
  ];
  const tab = list.state.filters.state ?? "all";
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {RL.title}
      </Heading>
      <StateTabs
        value={tab}
        tabs={[{ value: "all", label: RL.all }, ...REFUND_STATES.map((t) => ({ value: t, label: RefundStateLabel[t] }))]}
        onChange={(v) => list.setFilter("state", v === "all" ? undefined : v)}
        testId="refund-tab"
      >
        <Stack gap="4">
          <HStack wrap="wrap" gap="3" justify="space-between">
            <DateRangeFilter from={list.state.from!} to={list.state.to!} onApply={list.setRange} testId="refund-range" />
            <ExportButton def={downloads.refunds} filter={{ ...list.request, page: undefined, perPage: undefined }} testId="refund-excel" />
          </HStack>
          <ListTable
            testId="refund-table"
            columns={columns}
            rowKey={(r) => r.id}
            onRowClick={(r) => detail.open(r.id)}
            emptyText={Msg.noResults}
            list={list}
          />
        </Stack>
      </StateTabs>
      <FieldsDialog
        open={detail.isOpen}
        onClose={detail.close}
        title={RL.detail}
        testId="refund-detail"
        items={row ? [...detailItems(row), ["", <RefundActions key="actions" row={row} onDone={detail.close} />]] : null}
        error={RL.notFound}
      />
    </Stack>
  );
}

function detailItems(r: RefundAdminRow): [string, string][] {
  return [
    [RL.orderNo, r.orderNo],
    [RL.kind, r.kindLabel],
    [RL.member, r.closedAt ? `${r.username} (${RL.closed} ${formatDateTime(r.closedAt)})` : r.username],
    [RL.phone, r.phonenumber],
    [RL.value, `${formatWon(r.value)}원`],
    [RL.deduction, `${formatWon(r.deduction)}원`],
    [RL.rule, r.ruleLabel],
    [RL.bank, `${r.bankName} ${r.bankAccount}`],
    [RL.holder, r.holderName],
    [RL.state, r.stateLabel],
    [RL.bankRef, r.bankRef ?? "-"],
    [RL.reason, r.rejectReason ?? "-"],
    [RL.requestTx, r.requestTxHash ?? "-"],
    [RL.burnTx, r.burnTxHash ?? "-"],
    [RL.createdAt, formatDateTime(r.createdAt)],
    [RL.decidedAt, r.decidedAt ? formatDateTime(r.decidedAt) : "-"],
  ];
}

/**
 * Pay (reference → burn, or a proposal above the threshold) or reject (reason → return), while 환불 대기; a closing
 * refund is not rejected: its account is changed instead (ClosingAccountChange).
 */
function RefundActions({ row, onDone }: { row: RefundAdminRow; onDone: () => void }) {
  const qc = useQueryClient();
  const [bankRef, setBankRef] = useState("");
  const [reason, setReason] = useState("");
  const done = (message: string) => {
    snack(message, { type: "success" });
    void refreshMoney(qc);
    void qc.invalidateQueries();
    onDone();
  };
  const failed = (e: Error) => {
    snack(e instanceof ApiError && e.message ? e.message : RL.failed, { type: e instanceof ApiError && e.code === 202 ? "info" : "error" });
    void qc.invalidateQueries();
  };
  const pay = useMutation({
    mutationFn: () => callEndpoint("refundPay", { orderNo: row.orderNo, bankRef }),
    onSuccess: (d) => done(d.proposalId === null ? RL.paid : Msg.refundProposed),
    onError: failed,
  });
  const reject = useMutation({
    mutationFn: () => callEndpoint("refundReject", { orderNo: row.orderNo, reason }),
    onSuccess: () => done(RL.rejected),
    onError: failed,
  });
  if (row.state !== "requested") return null;
  return (
    <Stack gap="3" w="full">
      <Field.Root>
        <Field.Label>{RL.bankRef}</Field.Label>
        <HStack w="full">
          <Input value={bankRef} onChange={(e) => setBankRef(e.target.value)} data-testid="refund-bank-ref" />
          <Button
            colorPalette="blue"
            disabled={!bankRef.trim()}
            loading={pay.isPending}
            onClick={() => pay.mutate()}
            data-testid="refund-pay"
          >
            {RL.pay}
          </Button>
        </HStack>
      </Field.Root>
      {row.kind === "closing" ? (
        <ClosingAccountChange
          row={row}
          onChanged={(message) => {
            snack(message, { type: "success" });
            void qc.invalidateQueries();
          }}
        />
      ) : (
        <Field.Root>
          <Field.Label>{RL.reason}</Field.Label>
          <HStack w="full">
            <Input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="refund-reason" />
            <Button
              colorPalette="red"
              variant="outline"
              disabled={!reason.trim()}
              loading={reject.isPending}
              onClick={() => reject.mutate()}
              data-testid="refund-reject"
            >
              {RL.reject}
            </Button>
          </HStack>
        </Field.Root>
      )}
    </Stack>
  );
}
