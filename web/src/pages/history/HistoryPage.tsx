import { Stack, Tabs } from "@chakra-ui/react";
import { useSearchParams } from "react-router";
import { HISTORY_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "@domain/constants";
import { Msg } from "@domain/messages";
import { useHistory, type HistoryKind, type PageSize } from "../../api/moneyQueries";
import { EmptyState, LoadError } from "../../components/ListState";
import { PageFrame } from "../../components/PageFrame";
import { placeholderEntries, toEntries } from "./historyEntries";
import { HistoryLabels as L } from "./history.labels";
import { HistoryPagination } from "./HistoryPagination";
import { HistoryTable } from "./HistoryTable";
import { HistoryRefunds } from "./HistoryRefunds";
import { WithdrawOffer } from "./WithdrawOffer";

const KINDS: HistoryKind[] = [1, 2, 3];
/** The 4th tab, 환불: the member's refunds (POST /api/refund/history), not a kind of the money history. */
const REFUND_TAB = 4;
type Tab = HistoryKind | typeof REFUND_TAB;
const TABS: Tab[] = [...KINDS, REFUND_TAB];
const EMPTY = { 1: Msg.emptyBuy, 2: Msg.emptyUse, 3: Msg.emptyGift } as const;

function readParams(sp: URLSearchParams) {
  const tab = Number(sp.get("tab"));
  const page = Number(sp.get("page"));
  const size = Number(sp.get("size"));
  return {
    type: (TABS.includes(tab as Tab) ? tab : 1) as Tab,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: ((PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : HISTORY_PAGE_SIZE) as PageSize,
  };
}

/** /info/history?tab=1|2|3|4: purchase, use, gift and refund history, paged on the server. */
export default function HistoryPage() {
  const [sp, setSp] = useSearchParams();
  const { type, page, perPage } = readParams(sp);

  function go(next: { type?: Tab; page?: number; perPage?: PageSize }) {
    const p = new URLSearchParams();
    p.set("tab", String(next.type ?? type));
    const np = next.page ?? 1;
    if (np > 1) p.set("page", String(np));
    const size = next.perPage ?? perPage;
    if (size !== HISTORY_PAGE_SIZE) p.set("size", String(size));
    setSp(p);
  }

  return (
    <PageFrame title={L.title}>
      <Tabs.Root
        value={String(type)}
        onValueChange={(d) => go({ type: Number(d.value) as Tab })}
        variant="line"
        colorPalette="brand"
        fitted
      >
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Trigger key={k} value={String(k)} data-testid={`history-tab-${k}`}>
              {L.tabs[k]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* The open tab's panel (its trigger's aria-controls names it): the list of that kind. */}
        <Tabs.Content value={String(type)}>
          {type === REFUND_TAB ? (
            <HistoryRefunds page={page} perPage={perPage} onPage={(n) => go({ page: n })} onPerPage={(n) => go({ perPage: n, page: 1 })} />
          ) : (
            <MoneyHistory type={type} page={page} perPage={perPage} go={go} />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}

/** One money tab (purchases, uses, gifts): the table and its pages; purchases also offer 청약철회 where allowed. */
function MoneyHistory({
  type,
  page,
  perPage,
  go,
}: {
  type: HistoryKind;
  page: number;
  perPage: PageSize;
  go: (next: { page?: number; perPage?: PageSize }) => void;
}) {
  const q = useHistory(type, page, perPage);
  const loading = q.isLoading;
  const entries = loading ? placeholderEntries(Math.min(perPage, HISTORY_PAGE_SIZE)) : toEntries(type, q.data?.data_list ?? []);
  return (
    <Stack gap="4">
      {type === 1 && <WithdrawOffer />}
      {q.isError ? (
        <LoadError message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !loading && entries.length === 0 ? (
        <EmptyState message={EMPTY[type]} testId="history-empty" />
      ) : (
        <HistoryTable entries={entries} loading={loading} caption={L.tabs[type]} />
      )}
      <HistoryPagination
        page={page}
        perPage={perPage}
        total={q.data?.total_count ?? 0}
        onPage={(n) => go({ page: n })}
        onPerPage={(n) => go({ perPage: n, page: 1 })}
      />
    </Stack>
  );
}
