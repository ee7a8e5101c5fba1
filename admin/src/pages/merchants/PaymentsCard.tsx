import { useState } from "react";
import { Badge, Code, Table } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDateTime, formatWon } from "@domain/format";
import { PAYMENT_STATE_LABEL, PAYMENT_STATES, type PaymentState } from "@domain/policy/merchant-payments";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { FilterSelect } from "../../components/list/FilterSelect";
import { PlainTable } from "../../components/list/PlainTable";
import { L } from "../../labels";
import { MoreButton, Section } from "./cells";
import { ML } from "./merchants.labels";

const P = ML.payments;
const PAGE = 20;
const STATE_COLOR: Record<PaymentState, string> = {
  pending: "gray",
  paid: "green",
  partially_cancelled: "orange",
  cancelled: "red",
  expired: "gray",
};
const won = (n: number) => `${formatWon(n)}${L.won}`;

/** The merchant's payments, newest first, by state; cursor-paged ("더 보기" adds the next page below). */
export function PaymentsCard() {
  const [state, setState] = useState<PaymentState | undefined>(undefined);
  const list = useInfiniteQuery({
    queryKey: endpointKey("merchantPayments", { state }),
    queryFn: ({ pageParam, signal }) => callEndpoint("merchantPayments", { state, limit: PAGE, cursor: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.payments) ?? [];
  return (
    <Section
      title={P.title}
      testId="merchant-payments"
      actions={
        <FilterSelect
          value={state}
          options={PAYMENT_STATES.map((s) => [s, PAYMENT_STATE_LABEL[s]])}
          onChange={(v) => setState(v as PaymentState | undefined)}
          label={P.stateFilter}
          testId="payments-state"
        />
      }
    >
      <PlainTable
        testId="payments-table"
        caption={P.title}
        wide
        headers={[
          { label: P.paymentId },
          { label: P.orderId },
          { label: P.itemName },
          { label: P.amount, numeric: true },
          { label: P.cancelled, numeric: true },
          { label: P.state },
          { label: P.createdAt },
          { label: P.paidAt },
        ]}
        loading={list.isPending}
        error={list.isError ? list.error.message : null}
        empty={list.isSuccess && rows.length === 0 ? P.empty : null}
      >
        {rows.map((p) => (
          <Table.Row key={p.paymentId} data-testid={`payment-row-${p.paymentId}`} data-state={p.state}>
            <Table.Cell>
              <Code fontSize="xs">{p.paymentId}</Code>
            </Table.Cell>
            <Table.Cell wordBreak="break-all">{p.orderId}</Table.Cell>
            <Table.Cell>{p.itemName}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {won(p.amount)}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {p.cancelledAmount > 0 ? won(p.cancelledAmount) : ML.none}
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={STATE_COLOR[p.state]}>{PAYMENT_STATE_LABEL[p.state]}</Badge>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(p.createdAt)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{p.paidAt ? formatDateTime(p.paidAt) : ML.none}</Table.Cell>
          </Table.Row>
        ))}
      </PlainTable>
      <MoreButton
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        testId="payments-more"
      />
    </Section>
  );
}
