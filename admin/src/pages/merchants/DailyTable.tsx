import { Table } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import type { MerchantDailyRow } from "@domain/schemas/merchant-payments";
import { PlainTable } from "../../components/list/PlainTable";
import { L } from "../../labels";
import { dailyTotals, type DailySums } from "./daily";
import { ML } from "./merchants.labels";

const D = ML.daily;
const won = (n: number) => `${formatWon(n)}${L.won}`;

/** The number cells of a row or of the totals: count, paid, cancelled, net (paid − cancelled; red below zero), fee. */
function Amounts({ v }: { v: DailySums }) {
  return (
    <>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatWon(v.paidCount)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {won(v.paidAmount)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {won(v.cancelledAmount)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold" color={v.netAmount < 0 ? "fg.error" : undefined}>
        {won(v.netAmount)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {won(v.feeAmount)}
      </Table.Cell>
    </>
  );
}

/**
 * Payments per merchant and Seoul day (newest day first, as the server sends them): paid, cancelled, net and the
 * members' fees, with a totals row. Without `withMerchant` (a shop owner's own merchant) there is no merchant column.
 */
export function DailyTable(props: {
  rows: readonly MerchantDailyRow[] | undefined;
  loading: boolean;
  error?: string | null;
  withMerchant: boolean;
  caption: string;
  testId: string;
  totalTestId: string;
}) {
  const rows = props.rows ?? [];
  const headers = [
    { label: D.day },
    ...(props.withMerchant ? [{ label: D.merchant }] : []),
    { label: D.paidCount, numeric: true },
    { label: D.paidAmount, numeric: true },
    { label: D.cancelledAmount, numeric: true },
    { label: D.netAmount, numeric: true },
    { label: D.feeAmount, numeric: true },
  ];
  return (
    <PlainTable
      testId={props.testId}
      caption={props.caption}
      wide
      headers={headers}
      loading={props.loading}
      error={props.error}
      empty={!props.loading && !props.error && props.rows && rows.length === 0 ? D.empty : null}
      footer={
        rows.length > 0 && (
          <Table.Row fontWeight="bold" data-testid={props.totalTestId}>
            <Table.ColumnHeader scope="row" colSpan={props.withMerchant ? 2 : 1}>
              {D.total}
            </Table.ColumnHeader>
            <Amounts v={dailyTotals(rows)} />
          </Table.Row>
        )
      }
    >
      {rows.map((r) => (
        <Table.Row key={`${r.day}:${r.merchantId}`} data-testid={`${props.testId}-row`} data-day={r.day} data-merchant={r.merchantId}>
          <Table.Cell whiteSpace="nowrap">{r.day}</Table.Cell>
          {props.withMerchant && <Table.Cell>{r.merchantName}</Table.Cell>}
          <Amounts v={r} />
        </Table.Row>
      ))}
    </PlainTable>
  );
}
