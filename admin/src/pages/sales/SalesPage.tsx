import { useState, type ReactNode } from "react";
import { Button, Card, Code, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { formatDateTime, formatWon, shortAddress } from "@domain/format";
import { Msg } from "@domain/messages";
import type { MoveColumn, MoveRowDto, SaleTotals, SaleType, SellColumn, SellRowDto } from "@domain/schemas/purchases";
import type { SavedViewList } from "@domain/schemas/saved-views";
import { callEndpoint, downloads } from "../../api/endpoints";
import { endpointQuery, refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { useListQuery } from "../../components/list/useListQuery";
import { ColumnMenu } from "../../components/list/ColumnMenu";
import { SavedViewsMenu } from "../../components/list/SavedViewsMenu";
import { useColumnChoice } from "../../components/list/useColumnChoice";
import { useRowSelection } from "../../components/list/useRowSelection";
import { BulkActions, type BulkAction } from "../../components/bulk/BulkActions";
import { BK } from "../../components/bulk/bulk.labels";
import { FieldsDialog } from "../../components/dialogs/FieldsDialog";
import { detailError, useDetailParam, type DetailParam } from "../../components/dialogs/useDetailParam";
import { snack } from "../../components/ui/toaster";
import { TxAmount } from "../../components/ui/TxAmount";
import { L } from "../../labels";

type Row = SellRowDto | MoveRowDto;
const S = L.sale;
const TOTALS = { sell: "saleTotalsSell", use: "saleTotalsUse", gift: "saleTotalsGift" } as const;
const DOWNLOAD = { sell: downloads.saleSell, use: downloads.saleUse, gift: downloads.saleGift } as const;
const TOTAL_KEYS: (keyof SaleTotals)[] = ["daily_value", "weekly_value", "monthly_value"];
/** Each type's list, as its saved views and column choice name it. */
const VIEW_LIST: Record<SaleType, SavedViewList> = { sell: "saleSell", use: "saleUse", gift: "saleGift" };

const txHashCell = (r: { txHash: string | null }) =>
  r.txHash ? (
    <Code fontSize="xs" title={r.txHash}>
      {shortAddress(r.txHash)}
    </Code>
  ) : (
    "-"
  );
const isSell = (r: Row): r is SellRowDto => "orderNo" in r;
/** Pending sell orders can be approved or cancelled several at once. */
const SELL_BULK: BulkAction<SellRowDto>[] = [
  {
    key: "accept",
    label: BK.approve,
    verb: BK.verb.approve,
    run: (rows, opts) => callEndpoint("saleAcceptBulk", { ids: rows.map((r) => r.id) }, opts),
  },
  {
    key: "delete",
    label: BK.cancel,
    verb: BK.verb.cancel,
    danger: true,
    run: (rows, opts) => callEndpoint("saleDeleteBulk", { ids: rows.map((r) => r.id) }, opts),
  },
];

/** Keyed as the file's columns (SALE_COLUMNS): the download writes the ones shown. The row's actions are not the file's. */
function sellColumns(
  act: (kind: "accept" | "delete", row: SellRowDto) => void,
): (Column<SellRowDto> & ({ key: SellColumn } | { key: "actions"; fixed: true }))[] {
  return [
    { key: "id", header: S.id, cell: (r) => r.id, sortKey: "id" },
    { key: "orderNo", header: S.orderNo, cell: (r) => r.orderNo },
    { key: "status", header: S.status, cell: (r) => r.type },
    { key: "confirmedBy", header: S.confirmedBy, cell: (r) => r.confirmedBy ?? "-" },
    {
      key: "actions",
      fixed: true,
      header: "",
      cell: (r) =>
        r.state === "pending" ? (
          <HStack gap="1" onClick={(e) => e.stopPropagation()}>
            <Button size="xs" colorPalette="brand" onClick={() => act("accept", r)} data-testid={`sale-accept-${r.id}`}>
              {S.approve}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => act("delete", r)} data-testid={`sale-delete-${r.id}`}>
              {S.delete}
            </Button>
          </HStack>
        ) : null,
    },
    { key: "bank", header: S.bank, cell: (r) => r.bank },
    { key: "username", header: S.username, cell: (r) => r.username },
    { key: "phone", header: S.phone, cell: (r) => r.phone },
    {
      key: "address",
      header: S.address,
      cell: (r) =>
        r.address ? (
          <Code fontSize="xs" title={r.address}>
            {shortAddress(r.address)}
          </Code>
        ) : (
          "-"
        ),
    },
    { key: "createdAt", header: S.createdAt, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
    { key: "expiredAt", header: S.expiredAt, cell: (r) => formatDateTime(r.expiredAt) },
    {
      key: "value",
      header: S.value,
      cell: (r) => <TxAmount text={`${formatWon(r.value)}${L.won}`} txHash={r.txHash} />,
      sortKey: "value",
      numeric: true,
    },
    { key: "txHash", header: S.txHash, cell: txHashCell, optional: true },
  ];
}

function moveColumns(gift: boolean): (Column<MoveRowDto> & { key: MoveColumn })[] {
  return [
    { key: "id", header: S.id, cell: (r) => r.id, sortKey: "id" },
    { key: "status", header: S.status, cell: (r) => r.type, optional: true },
    {
      key: "sender",
      header: S.sender,
      cell: (r) => (
        <Code fontSize="xs" title={r.senderAddress}>
          {shortAddress(r.senderAddress)}
        </Code>
      ),
    },
    {
      key: "receiver",
      header: S.receiver,
      cell: (r) => (
        <Code fontSize="xs" title={r.receiverAddress}>
          {shortAddress(r.receiverAddress)}
        </Code>
      ),
    },
    { key: "from", header: S.from, cell: (r) => r.username ?? "-" },
    { key: "to", header: S.to, cell: (r) => r.toUsername ?? "-" },
    {
      key: "value",
      header: S.value,
      cell: (r) => <TxAmount text={`${formatWon(r.value)}${L.won}`} txHash={r.txHash} />,
      sortKey: "value",
      numeric: true,
    },
    ...(gift ? [{ key: "fee" as const, header: S.fee, cell: (r: MoveRowDto) => `${formatWon(r.fee)}${L.won}`, numeric: true }] : []),
    { key: "createdAt", header: S.date, cell: (r) => formatDateTime(r.createdAt), sortKey: "createdAt" },
    { key: "txHash", header: S.txHash, cell: txHashCell, optional: true },
  ];
}

function TotalsCards({ type }: { type: SaleType }) {
  const q = useQuery(endpointQuery(TOTALS[type]));
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" data-testid="sale-totals">
      {TOTAL_KEYS.map((k) => (
        <Card.Root key={k} bg="card.bg" borderColor="card.border">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{S.totals[k]}</Stat.Label>
              <Skeleton asChild loading={q.isPending} alignSelf="flex-start">
                <Stat.ValueText data-testid={`sale-total-${k}`}>
                  {/* Not "0원" when the totals could not be read. */}
                  {q.data ? formatWon(q.data[k]) : "-"}
                  {q.data && <Stat.ValueUnit color="fg.muted">{L.won}</Stat.ValueUnit>}
                </Stat.ValueText>
              </Skeleton>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
      {q.isError && (
        <Text color="fg.error" role="alert" data-testid="sale-totals-error">
          {q.error.message}
        </Text>
      )}
    </SimpleGrid>
  );
}

/** /admin/sale/{sell|use|gift}: totals, date-range list, detail (`?sale=<id>`), approve / delete of pending sells, excel. */
function SalePage({ type }: { type: SaleType }) {
  const qc = useQueryClient();
  const list = useListQuery("saleList", { dates: true, fixed: { type }, defaultSort: "createdAt" });
  const detail = useDetailParam("sale");
  const [asking, setAsking] = useState<{ kind: "accept" | "delete"; row: SellRowDto } | null>(null);
  // An approval mints and sends: every amount on screen moves, not this list's only.
  const refresh = () => void refreshMoney(qc);
  const act = useMutation({
    mutationFn: async (a: { kind: "accept" | "delete"; row: SellRowDto }) =>
      a.kind === "accept"
        ? callEndpoint("saleAccept", { id: a.row.id }, { idempotencyKey: crypto.randomUUID() })
        : callEndpoint("saleDelete", { id: a.row.id }),
    onSuccess: (_d, a) => {
      snack(a.kind === "accept" ? Msg.saleApproved : Msg.saleDeleted, { type: "success" });
      refresh();
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.approveFailed, { type: "error" }),
    onSettled: () => setAsking(null),
  });
  const columns = (type === "sell" ? sellColumns((kind, row) => setAsking({ kind, row })) : moveColumns(type === "gift")) as Column<Row>[];
  const choice = useColumnChoice(VIEW_LIST[type], columns);
  // The sell list chooses pending orders for the bulk actions (the screen's own flag, isSale1, is theirs too).
  const selection = useRowSelection<Row>(
    list.rows,
    (r) => r.id,
    (r) => isSell(r) && r.state === "pending",
  );
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {S.titles[type]}
      </Heading>
      <TotalsCards type={type} />
      <HStack wrap="wrap" gap="3" justify="space-between">
        <DateRangeFilter testId="sale-range" from={list.state.from!} to={list.state.to!} onApply={list.setRange} />
        <HStack gap="2">
          <SavedViewsMenu list={VIEW_LIST[type]} query={list} choice={choice} testId="sale-views" />
          <ColumnMenu columns={columns} choice={choice} testId="sale-columns" />
          <ExportButton
            def={DOWNLOAD[type]}
            filter={{ from: list.state.from, to: list.state.to, columns: choice.chosen }}
            testId="sale-excel"
          />
        </HStack>
      </HStack>
      {type === "sell" && (
        <BulkActions
          testId="sale-bulk"
          rows={selection.chosen.filter(isSell)}
          actions={SELL_BULK}
          rowId={(r) => r.id}
          itemLabel={(r) => r.orderNo}
          amount={(r) => r.value}
          onDone={() => {
            selection.clear();
            refresh();
          }}
          onUndecided={refresh}
        />
      )}
      <ListTable
        testId="sale-table"
        columns={columns}
        visibleColumns={choice.keys}
        rowKey={(r) => r.id}
        list={list}
        onRowClick={(r) => detail.open(r.id)}
        selection={type === "sell" ? selection.table : undefined}
      />
      <SaleDetail type={type} detail={detail} />
      <ConfirmDialog
        open={asking !== null && !act.isPending}
        message={asking?.kind === "accept" ? Msg.saleApproveConfirm : Msg.saleDeleteConfirm}
        onConfirm={() => asking && act.mutate(asking)}
        onClose={() => setAsking(null)}
        testId="sale-confirm"
      />
      <ConfirmDialog
        open={act.isPending}
        alert
        message={Msg.requesting}
        loading
        onConfirm={() => undefined}
        onClose={() => undefined}
        testId="sale-requesting"
      />
    </Stack>
  );
}

function SaleDetail({ type, detail }: { type: SaleType; detail: DetailParam }) {
  const q = useQuery({ ...endpointQuery("saleDetail", { id: detail.id ?? 0, type }), enabled: detail.id !== null });
  const d = q.data;
  const items: [string, ReactNode][] = !d
    ? []
    : "orderNo" in d
      ? [
          [S.orderNo, d.orderNo],
          [S.status, d.type],
          [S.bank, d.bank],
          [S.username, d.username],
          [S.phone, d.phone],
          [S.address, d.address ?? "-"],
          [S.createdAt, formatDateTime(d.createdAt)],
          [S.expiredAt, formatDateTime(d.expiredAt)],
          [S.value, `${formatWon(d.value)}${L.won}`],
          [S.txHash, d.txHash ?? "-"],
        ]
      : [
          [S.status, d.type],
          [S.sender, d.senderAddress],
          [S.receiver, d.receiverAddress],
          [S.from, d.username ?? "-"],
          [S.to, d.toUsername ?? "-"],
          [S.value, `${formatWon(d.value)}${L.won}`],
          ...(type === "gift" ? ([[S.fee, `${formatWon(d.fee)}${L.won}`]] as [string, string][]) : []),
          [S.date, formatDateTime(d.createdAt)],
          [S.txHash, d.txHash ?? "-"],
        ];
  return (
    <FieldsDialog
      open={detail.isOpen}
      onClose={detail.close}
      title={S.detailTitle}
      items={d ? items : null}
      error={detailError(detail, q.error)}
      testId="sale-detail"
    />
  );
}

export const SaleSellPage = () => <SalePage type="sell" />;
export const SaleUsePage = () => <SalePage type="use" />;
export const SaleGiftPage = () => <SalePage type="gift" />;
