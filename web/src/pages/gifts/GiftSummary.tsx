import { DataList } from "@chakra-ui/react";
import { FEE_WON } from "@domain/constants";
import { formatWon } from "@domain/format";
import { GiftLabels as L } from "./gifts.labels";

export interface GiftSummaryProps {
  /** The amount in won, or null while none is entered. */
  value: number | null;
  children?: React.ReactNode;
}

/** Amount, the fixed 200-won fee and the total taken from the balance (shown on both steps). */
export function GiftSummary({ value, children }: GiftSummaryProps) {
  const total = value === null ? null : value + FEE_WON;
  return (
    <DataList.Root orientation="horizontal" borderWidth="1px" borderRadius="md" p="4" data-testid="send-summary">
      {children}
      <DataList.Item>
        <DataList.ItemLabel>{L.amount}</DataList.ItemLabel>
        <DataList.ItemValue justifyContent="flex-end" data-testid="send-value">
          {value === null ? "–" : L.won(formatWon(value))}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{L.fee}</DataList.ItemLabel>
        <DataList.ItemValue justifyContent="flex-end" data-testid="send-fee">
          {L.won(formatWon(FEE_WON))}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel fontWeight="bold">{L.total}</DataList.ItemLabel>
        <DataList.ItemValue justifyContent="flex-end" fontWeight="bold" data-testid="send-total">
          {total === null ? "–" : L.won(formatWon(total))}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

/** One labelled line inside a GiftSummary (recipient, shop…). */
export function GiftSummaryLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="flex-end" textAlign="right" wordBreak="break-all" data-testid={testId}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
