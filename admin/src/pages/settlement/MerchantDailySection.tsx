import { useId } from "react";
import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { defaultDateRange } from "@domain/schemas/shared/list";
import type { MerchantDailyRow } from "@domain/schemas/merchant-payments";
import { downloads } from "../../api/endpoints";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { useListQuery } from "../../components/list/useListQuery";
import { DailyTable } from "../merchants/DailyTable";
import { ML } from "../merchants/merchants.labels";

const D = ML.daily;

/**
 * 정산 현황's 가맹점 결제 (일별): every merchant's payments per Seoul day (paid − cancelled), by date range, and the same
 * as merchant_daily.xlsx (with the download's reason, as every file). The range lives in the URL under its own keys
 * (dailyFrom, dailyTo; the owner history has from and to): a reload or a shared link shows the same days.
 */
export function MerchantDailySection() {
  const headingId = useId();
  const daily = useListQuery<"merchantDaily", MerchantDailyRow>("merchantDaily", {
    paged: false,
    filters: ["dailyFrom", "dailyTo"],
    body: (r) => {
      const range = defaultDateRange();
      return { from: String(r.dailyFrom ?? range.from), to: String(r.dailyTo ?? range.to) };
    },
    select: (d) => ({ list: d.rows, total: d.rows.length }),
  });
  const fallback = defaultDateRange();
  const range = { from: daily.state.filters.dailyFrom ?? fallback.from, to: daily.state.filters.dailyTo ?? fallback.to };
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} data-testid="merchant-daily">
      <Heading size="md" id={headingId}>
        {D.adminTitle}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {D.adminHint}
      </Text>
      <HStack wrap="wrap" gap="3" justify="space-between" align="flex-start">
        <DateRangeFilter
          from={range.from}
          to={range.to}
          onApply={(from, to) => daily.setFilters({ dailyFrom: from, dailyTo: to })}
          testId="merchant-daily-range"
        />
        <ExportButton def={downloads.merchantDaily} filter={range} testId="merchant-daily-download" />
      </HStack>
      <DailyTable
        rows={daily.rows}
        loading={daily.loading}
        error={daily.error}
        withMerchant
        caption={D.adminTitle}
        testId="merchant-daily-table"
        totalTestId="merchant-daily-total"
      />
    </Stack>
  );
}
