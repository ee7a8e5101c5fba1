import { useEffect, useState } from "react";
import { allowsArea } from "@domain/admin-access";
import { useSession } from "../../api/session";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { TransferForm } from "../wallets/WalletsPage";
import { Button, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { DASHBOARD_TYPES, FILTER_TYPES, type DashboardType, type FilterType } from "@domain/schemas/dashboard";
import { Msg } from "@domain/messages";
import { downloads } from "../../api/endpoints";
import { endpointQuery } from "../../api/queries";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { ColumnMenu } from "../../components/list/ColumnMenu";
import { SavedViewsMenu } from "../../components/list/SavedViewsMenu";
import { useColumnChoice } from "../../components/list/useColumnChoice";
import { L } from "../../labels";
import { transferColumns } from "./cells";
import { TxDialog } from "./TxDialog";
import { useDetailParam } from "../../components/dialogs/useDetailParam";
import { ReconcileCard } from "./ReconcileCard";
import { PauseTimeline } from "./PauseTimeline";
import { GasCard } from "./GasCard";
import { ThresholdsCard } from "../../components/thresholds/ThresholdsCard";

/**
 * /admin/dashboard: every token transfer in a date range, by type, searched by hash, address, member
 * name or phone; a transaction opens (or `?tx=<hash>` opens) its detail verified against the chain.
 */
export function DashboardPage() {
  const list = useListQuery("dashboardTable", { dates: true, filters: ["type", "filter", "filter_type"], defaultSort: "timestamp" });
  const tx = useDetailParam("tx");
  const columns = transferColumns(tx.open);
  const choice = useColumnChoice("dashboard", columns);
  // The search box as typed; the URL's search once submitted (and again when the URL changes: back, a link).
  const searched = { text: list.state.filters.filter ?? "", type: (list.state.filters.filter_type as FilterType | undefined) ?? "phone" };
  const [filter, setFilter] = useState(searched.text);
  const [filterType, setFilterType] = useState<FilterType>(searched.type);
  useEffect(() => {
    setFilter(searched.text);
    setFilterType(searched.type);
  }, [searched.text, searched.type]);
  const [paste, setPaste] = useState("");
  const [transferring, setTransferring] = useState(false);
  const { account } = useSession();
  const canTransfer = !!account && allowsArea("walletTransfer", account);
  const wallets = useQuery({ ...endpointQuery("walletList"), enabled: transferring });
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="lg" data-testid="admin-page-title">
          {L.dashboard.title}
        </Heading>
        <HStack>
          {canTransfer && (
            <Button size="sm" onClick={() => setTransferring(true)} data-testid="dashboard-transfer-open">
              {L.dashboard.transfer}
            </Button>
          )}
          <Button asChild size="sm" variant="outline">
            <Link to="/dashboard/holder" data-testid="holders-link">
              {L.dashboard.holdersLink}
            </Link>
          </Button>
        </HStack>
      </HStack>
      <ReconcileCard />
      <ThresholdsCard />
      <PauseTimeline />
      <GasCard />
      <HStack wrap="wrap" gap="3" justify="space-between">
        <DateRangeFilter from={list.state.from!} to={list.state.to!} onApply={list.setRange} testId="dashboard-range" />
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={L.dashboard.typeLabel}
            value={list.state.filters.type ?? ""}
            onChange={(e) => list.setFilter("type", e.currentTarget.value || undefined)}
            data-testid="dashboard-type"
          >
            <option value="">{L.list.all}</option>
            {DASHBOARD_TYPES.map((t: DashboardType) => (
              <option key={t} value={t}>
                {L.dashboard.types[t]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack wrap="wrap" gap="3" justify="space-between">
        <HStack
          as="form"
          role="search"
          gap="2"
          onSubmit={(e) => {
            e.preventDefault();
            // The text and its basis in one write of the URL (two writes in a row kept only the second).
            const text = filter.trim();
            list.setFilters({ filter: text, filter_type: text ? filterType : undefined });
          }}
        >
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label={L.dashboard.filterTypeLabel}
              value={filterType}
              onChange={(e) => setFilterType(e.currentTarget.value as FilterType)}
              data-testid="dashboard-filter-type"
            >
              {FILTER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {L.dashboard.filterTypes[t]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input
            size="sm"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={L.dashboard.searchPlaceholder}
            data-testid="dashboard-search"
            w="64"
          />
          <Button size="sm" type="submit" data-testid="dashboard-search-submit">
            {L.list.search}
          </Button>
        </HStack>
        <HStack gap="2">
          <SavedViewsMenu list="dashboard" query={list} choice={choice} testId="dashboard-views" />
          <ColumnMenu columns={columns} choice={choice} testId="dashboard-columns" />
          <ExportButton
            def={downloads.dashboard}
            filter={{ ...list.request, page: undefined, perPage: undefined, columns: choice.chosen }}
            testId="dashboard-excel"
          />
        </HStack>
      </HStack>
      <HStack
        as="form"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          if (paste.trim()) tx.open(paste.trim());
        }}
      >
        <Input
          size="sm"
          value={paste}
          onChange={(e) => setPaste(e.target.value)}
          placeholder={L.dashboard.openHash}
          aria-label={L.dashboard.openHash}
          data-testid="dashboard-hash-input"
          maxW="xl"
        />
        <Button size="sm" type="submit" variant="outline" data-testid="dashboard-hash-open">
          {L.dashboard.open}
        </Button>
      </HStack>
      <ListTable
        testId="dashboard-table"
        columns={columns}
        visibleColumns={choice.keys}
        rowKey={(r) => `${r.hash}:${r.logIndex}`}
        onRowClick={(r) => tx.open(r.hash)}
        emptyText={Msg.noResults}
        list={list}
      />
      <TxDialog hash={tx.value} onClose={tx.close} />
      <DetailDialog open={transferring} onClose={() => setTransferring(false)} title={L.dashboard.transfer} testId="dashboard-transfer">
        {wallets.isPending && <Skeleton h="40" />}
        {wallets.isError && (
          <Text color="fg.error" role="alert" data-testid="dashboard-transfer-error">
            {wallets.error.message}
          </Text>
        )}
        {wallets.data && <TransferForm wallets={wallets.data} via="dashboardTransfer" onSent={() => setTransferring(false)} />}
      </DetailDialog>
    </Stack>
  );
}
