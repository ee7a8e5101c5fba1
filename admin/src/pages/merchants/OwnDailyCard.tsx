import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { defaultDateRange } from "@domain/schemas/shared/list";
import { endpointQuery } from "../../api/queries";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { Section } from "./cells";
import { DailyTable } from "./DailyTable";
import { ML } from "./merchants.labels";

const D = ML.daily;

/** 일별 정산 대상: the merchant's own payments per Seoul day (paid − cancelled, what its wallet received), by date range. */
export function OwnDailyCard() {
  const [range, setRange] = useState(() => defaultDateRange());
  const daily = useQuery({ ...endpointQuery("merchantOwnDaily", range), placeholderData: keepPreviousData });
  return (
    <Section title={D.ownTitle} hint={D.ownHint} testId="own-daily">
      <DateRangeFilter from={range.from} to={range.to} onApply={(from, to) => setRange({ from, to })} testId="own-daily-range" />
      <DailyTable
        rows={daily.data?.rows}
        loading={daily.isPending}
        error={daily.isError ? daily.error.message : null}
        withMerchant={false}
        caption={D.ownTitle}
        testId="own-daily-table"
        totalTestId="own-daily-total"
      />
    </Section>
  );
}
