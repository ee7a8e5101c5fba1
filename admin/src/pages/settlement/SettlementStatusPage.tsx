import { useEffect, useState } from "react";
import {
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { CALC_OWNER_FILTERS, findOwners, type SettlementOwnerFilter, type SettlementStatusCard } from "@domain/schemas/settlement";
import { downloads } from "../../api/endpoints";
import { endpointQuery } from "../../api/queries";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { useListQuery } from "../../components/list/useListQuery";
import { ExportButton } from "../../components/list/ExportButton";
import { MerchantDailySection } from "./MerchantDailySection";
import { CL } from "./settlement.labels";

const S = CL.status;
const CARD_FIELDS = ["y_money", "c_money", "calc", "deposit", "send", "gift"] as const;
const walletsOf = (v: unknown): string[] => (typeof v === "string" && v ? v.split(",") : []);

function StatusCard({ card, owner }: { card: SettlementStatusCard; owner?: string }) {
  return (
    <Card.Root size="sm" data-testid="calc-status-card" data-address={card.address}>
      <Card.Header>
        <Text fontWeight="bold">{owner ?? ""}</Text>
        <Code fontSize="xs" title={card.address} wordBreak="break-all" whiteSpace="normal">
          {card.address}
        </Code>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={2} gap="1">
          {CARD_FIELDS.map((f) => (
            <Box key={f} display="contents">
              <Text color="fg.muted" fontSize="sm">
                {S.cards[f]}
              </Text>
              <Text textAlign="end" fontSize="sm" data-testid={`calc-status-${f}`}>
                {formatWon(card[f])}원
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /admin/calc/status (isExchange4): today's status card of every owner wallet; an owner search (keyword
 * required; wallet, email or owner name); the chosen owner's wallets, their cards and history by date range; every
 * merchant's payments per day (paid − cancelled) and their file.
 */
export function SettlementStatusPage() {
  const today = useQuery(endpointQuery("settlementStatusToday"));
  const ownerOf = (address: string) => today.data?.exchanger.find((o) => o.wallets.includes(address))?.username;
  // The owner search (q, by), the chosen owner and wallets, and the history's range live in the URL: a reload or a
  // shared link shows the same owner and history. The history is read once its range is asked for (조회).
  const history = useListQuery("settlementStatusHistory", {
    paged: false,
    dates: true,
    filters: ["q", "by", "owner", "wallets"],
    body: (r) => ({ user_id: Number(r.owner ?? 0), from: String(r.from), to: String(r.to), wallets: walletsOf(r.wallets) }),
    enabled: (state) => state.rangeChosen && Boolean(state.filters.owner) && walletsOf(state.filters.wallets).length > 0,
  });
  const url = history.state.filters;
  const searchedBy = (url.by as SettlementOwnerFilter | undefined) ?? "name";
  const [keyword, setKeyword] = useState(url.q ?? "");
  const [filter, setFilter] = useState<SettlementOwnerFilter>(searchedBy);
  useEffect(() => {
    setKeyword(url.q ?? "");
    setFilter(searchedBy);
  }, [url.q, searchedBy]);
  // A blank keyword is said at once and not written to the URL.
  const [blank, setBlank] = useState<string | null>(null);
  const found = blank ?? (url.q && today.data ? findOwners(today.data.exchanger, url.q, searchedBy) : null);
  const owner = Array.isArray(found) ? (found.find((o) => String(o.id) === url.owner) ?? null) : null;
  const wallets = owner ? walletsOf(url.wallets).filter((w) => owner.wallets.includes(w)) : [];
  const [historyError, setHistoryError] = useState<string | null>(null);
  const cards = useQuery({ ...endpointQuery("settlementStatusWallets", { wallets }), enabled: wallets.length > 0 });
  const body = { user_id: owner?.id ?? 0, from: history.state.from!, to: history.state.to!, wallets };
  const askHistory = (from: string, to: string) => {
    if (!owner || wallets.length === 0) {
      setHistoryError(Msg.settlementSelectWallet);
      return;
    }
    setHistoryError(null);
    history.setRange(from, to);
  };
  return (
    <Stack gap="5">
      <Heading size="lg" data-testid="admin-page-title">
        {S.title}
      </Heading>
      <Heading size="md">{S.today}</Heading>
      {today.isError && <Text color="fg.error">{today.error.message}</Text>}
      {today.isPending && <Skeleton h="24" />}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="calc-status-today">
        {today.data?.data.map((c) => (
          <StatusCard key={c.address} card={c} owner={ownerOf(c.address)} />
        ))}
      </SimpleGrid>

      <Heading size="md">{S.search}</Heading>
      <HStack
        as="form"
        gap="2"
        wrap="wrap"
        onSubmit={(e) => {
          e.preventDefault();
          const text = keyword.trim();
          setBlank(text ? null : (findOwners(today.data?.exchanger ?? [], text, filter) as string));
          setHistoryError(null);
          // The search, and no owner, wallets or history of the one before: one write of the URL.
          history.setFilters({
            q: text,
            by: text ? filter : undefined,
            owner: undefined,
            wallets: undefined,
            from: undefined,
            to: undefined,
          });
        }}
      >
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value as SettlementOwnerFilter)}
            aria-label={S.filterBy}
            data-testid="calc-owner-filter"
          >
            {CALC_OWNER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {S.filters[f]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          w="64"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={S.keyword}
          aria-label={S.keyword}
          data-testid="calc-owner-keyword"
        />
        {/* The owners come with today's cards: a search before they are read would say "no such owner". */}
        <Button size="sm" type="submit" disabled={!today.isSuccess} data-testid="calc-owner-search">
          {S.search}
        </Button>
      </HStack>
      {typeof found === "string" && (
        <Text color="fg.error" data-testid="calc-owner-error">
          {found}
        </Text>
      )}
      {Array.isArray(found) && (
        <Stack gap="2">
          {found.map((o) => (
            <Button
              key={o.id}
              size="sm"
              variant={owner?.id === o.id ? "solid" : "outline"}
              justifyContent="flex-start"
              onClick={() => history.setFilters({ owner: o.id, wallets: undefined, from: undefined, to: undefined })}
              data-testid="calc-owner-row"
            >
              {o.username} · {o.phonenumber} {o.email ? `· ${o.email}` : ""}
            </Button>
          ))}
        </Stack>
      )}
      {owner && (
        <Field.Root>
          <Field.Label>{S.wallets}</Field.Label>
          <Stack>
            {owner.wallets.map((w) => (
              <Checkbox.Root
                key={w}
                checked={wallets.includes(w)}
                onCheckedChange={(e) =>
                  history.setFilter("wallets", (e.checked ? [...wallets, w] : wallets.filter((x) => x !== w)).join(","))
                }
                data-testid="calc-owner-wallet"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Code fontSize="xs">{w}</Code>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Field.Root>
      )}
      {cards.isError && (
        <Text color="fg.error" role="alert" data-testid="calc-status-cards-error">
          {cards.error.message}
        </Text>
      )}
      {cards.isLoading && <Skeleton h="24" />}
      {cards.data && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="calc-status-selected">
          {cards.data.map((c) => (
            <StatusCard key={c.address} card={c} owner={owner?.username} />
          ))}
        </SimpleGrid>
      )}

      <Heading size="md">{S.history}</Heading>
      <HStack wrap="wrap" gap="3" justify="space-between">
        <DateRangeFilter from={history.state.from!} to={history.state.to!} onApply={askHistory} testId="calc-status-range" />
        <ExportButton def={downloads.settlementStatus} filter={body} testId="calc-status-excel" />
      </HStack>
      {historyError && (
        <Text color="fg.error" data-testid="calc-status-history-error">
          {historyError}
        </Text>
      )}
      {history.error && <Text color="fg.error">{history.error}</Text>}
      {history.rows && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="calc-status-history">
            <Table.Header>
              <Table.Row>
                {(["id", "type", "direction", "from", "to", "value", "createdAt"] as const).map((k) => (
                  <Table.ColumnHeader key={k}>{S.columns[k]}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={7}>{Msg.noResults}</Table.Cell>
                </Table.Row>
              ) : (
                history.rows.map((m) => (
                  <Table.Row key={m.id}>
                    <Table.Cell>{m.id}</Table.Cell>
                    <Table.Cell>{m.type}</Table.Cell>
                    <Table.Cell>{m.direction}</Table.Cell>
                    <Table.Cell>
                      <Code fontSize="xs">{m.from}</Code>
                    </Table.Cell>
                    <Table.Cell>
                      <Code fontSize="xs">{m.to}</Code>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatWon(m.value)}</Table.Cell>
                    <Table.Cell>{formatDateTime(m.createdAt)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <MerchantDailySection />
    </Stack>
  );
}
