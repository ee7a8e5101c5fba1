import { useState } from "react";
import { Badge, Button, Field, Heading, HStack, Input, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { DepositRow } from "@domain/schemas/purchases";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey, refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import { PlainTable } from "../../components/list/PlainTable";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { snack } from "../../components/ui/toaster";
import { DL } from "./deposits.labels";
import { StatementUpload } from "./StatementUpload";

type Act = "match" | "hold" | "return";
const fail = (e: unknown) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });

/**
 * /admin/sale/deposits 입금 확인 필요: deposits the bank reported that the machine could not match (wrong amount, late,
 * unknown account, another name). An operator matches one to an order, holds it, or returns it to its sender.
 */
export function DepositsPage() {
  const qc = useQueryClient();
  const [tab, setTab] = useState<"waiting" | "done">("waiting");
  const list = useQuery({
    queryKey: endpointKey("saleDeposits", { state: tab }),
    queryFn: () => callEndpoint("saleDeposits", { state: tab }),
  });
  const [acting, setActing] = useState<{ act: Act; row: DepositRow } | null>(null);
  const [orderNo, setOrderNo] = useState("");
  const [note, setNote] = useState("");
  const open = (act: Act, row: DepositRow) => {
    setActing({ act, row });
    setOrderNo(act === "match" ? (row.orderNo ?? "") : "");
    setNote("");
  };
  const decide = useMutation({
    mutationFn: async (v: { act: Act; id: number; orderNo: string; note: string }) => {
      if (v.act === "match") return callEndpoint("saleDepositMatch", { id: v.id, orderNo: v.orderNo, note: v.note });
      if (v.act === "hold") return callEndpoint("saleDepositHold", { id: v.id, note: v.note });
      return callEndpoint("saleDepositReturn", { id: v.id, note: v.note });
    },
    onSuccess: (r, v) => {
      snack(r.proposalId ? DL.proposed : DL.done[v.act], { type: "success" });
      setActing(null);
      void qc.invalidateQueries({ queryKey: ["saleDeposits"] });
      void refreshMoney(qc);
    },
    onError: fail,
  });

  const rows = list.data?.list ?? [];
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {DL.title}
      </Heading>
      <Text color="fg.muted">{DL.hint}</Text>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2" role="tablist" aria-label={DL.title}>
          {(["waiting", "done"] as const).map((t) => (
            <Button
              key={t}
              size="sm"
              role="tab"
              aria-selected={tab === t}
              variant={tab === t ? "solid" : "outline"}
              colorPalette="brand"
              onClick={() => setTab(t)}
              data-testid={`deposits-tab-${t}`}
            >
              {DL.tabs[t]}
              {t === "waiting" && list.data ? ` (${list.data.waiting})` : ""}
            </Button>
          ))}
        </HStack>
        <StatementUpload />
      </HStack>
      <PlainTable
        testId="deposits-table"
        wide
        headers={[
          { label: DL.depositedAt },
          { label: DL.amount, numeric: true },
          { label: DL.depositor },
          { label: DL.account },
          { label: DL.reason },
          { label: DL.order },
          { label: DL.state },
          { label: "" },
        ]}
        loading={list.isPending}
        error={list.isError ? list.error.message : null}
        empty={rows.length === 0 ? (tab === "waiting" ? DL.emptyWaiting : Msg.noResults) : null}
      >
        {rows.map((d) => (
          <Table.Row key={d.id} data-testid="deposit-row" data-id={d.id}>
            <Table.Cell>{formatDateTime(d.depositedAt)}</Table.Cell>
            <Table.Cell textAlign="end">{formatWon(d.amount)}원</Table.Cell>
            <Table.Cell>{d.depositorName || "-"}</Table.Cell>
            <Table.Cell>{d.accountNumber ?? (d.source === "statement" ? DL.statement : "-")}</Table.Cell>
            <Table.Cell>{d.reasonLabel && <Badge colorPalette="orange">{d.reasonLabel}</Badge>}</Table.Cell>
            <Table.Cell>{d.orderNo ?? "-"}</Table.Cell>
            <Table.Cell>
              {d.stateLabel}
              {d.note && (
                <Text fontSize="xs" color="fg.muted">
                  {d.note}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>
              {(d.state === "review" || d.state === "held") && (
                <HStack gap="1">
                  <Button size="xs" colorPalette="brand" onClick={() => open("match", d)} data-testid="deposit-match">
                    {DL.acts.match}
                  </Button>
                  {d.state === "review" && (
                    <Button size="xs" variant="outline" onClick={() => open("hold", d)} data-testid="deposit-hold">
                      {DL.acts.hold}
                    </Button>
                  )}
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => open("return", d)} data-testid="deposit-return">
                    {DL.acts.return}
                  </Button>
                </HStack>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PlainTable>
      <DetailDialog
        open={acting !== null}
        onClose={() => setActing(null)}
        title={acting ? DL.acts[acting.act] : ""}
        testId="deposit-dialog"
      >
        {acting && (
          <Stack
            as="form"
            gap="3"
            onSubmit={(e) => {
              e.preventDefault();
              if (note.trim() && (acting.act !== "match" || orderNo.trim()))
                decide.mutate({ act: acting.act, id: acting.row.id, orderNo: orderNo.trim(), note: note.trim() });
            }}
          >
            <Text>
              {formatWon(acting.row.amount)}원 · {acting.row.depositorName || "-"} · {acting.row.reasonLabel ?? ""}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {DL.explain[acting.act]}
            </Text>
            {acting.act === "match" && (
              <Field.Root required>
                <Field.Label>{DL.orderNo}</Field.Label>
                <Input value={orderNo} onChange={(e) => setOrderNo(e.target.value)} maxLength={40} data-testid="deposit-order-no" />
              </Field.Root>
            )}
            <Field.Root required>
              <Field.Label>{DL.note}</Field.Label>
              <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} rows={2} data-testid="deposit-note" />
            </Field.Root>
            <HStack justify="flex-end">
              <Button variant="outline" onClick={() => setActing(null)}>
                {DL.cancel}
              </Button>
              <Button
                type="submit"
                colorPalette={acting.act === "return" ? "red" : "brand"}
                loading={decide.isPending}
                disabled={!note.trim() || (acting.act === "match" && !orderNo.trim())}
                data-testid="deposit-confirm"
              >
                {DL.acts[acting.act]}
              </Button>
            </HStack>
          </Stack>
        )}
      </DetailDialog>
    </Stack>
  );
}
