import { Fragment, useState } from "react";
import { Badge, Button, Code, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTime, formatWon, shortAddress } from "@domain/format";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { PlainTable } from "../../components/list/PlainTable";
import { snack } from "../../components/ui/toaster";
import { CopyValue, MoreButton, Section } from "./cells";
import { ML } from "./merchants.labels";
import { failure, refreshDeliveries, type Delivery } from "./own";

const D = ML.deliveries;
const PAGE = 20;
/** A resent event goes out from the server's worker after the answer: the list is read once more after this. */
const RESEND_SETTLE_MS = 3_000;
const STATE_COLOR: Record<Delivery["state"], string> = { pending: "orange", delivered: "green", failed: "red", void: "gray" };
const HEADERS = [D.eventId, D.type, D.paymentId, D.state, D.attempts, D.lastStatus, D.nextAttempt, D.createdAt, D.actions];
const NUMERIC = new Set<string>([D.attempts, D.lastStatus]);
/** evt_3f2a1b…9c0d: a table's column; the whole id in its title and the opened row. */
const shortId = (id: string) => shortAddress(id, 10, 4);

/**
 * The webhook's events, newest first (cursor-paged): state, attempts, the last answer's status, the next try. A row opens
 * its latest attempts (time, status or error, latency, the answer's first characters); 다시 보내기 sends one again now.
 */
export function DeliveriesCard() {
  const qc = useQueryClient();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const list = useInfiniteQuery({
    queryKey: endpointKey("merchantDeliveries"),
    queryFn: ({ pageParam, signal }) => callEndpoint("merchantDeliveries", { limit: PAGE, cursor: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const resend = useMutation({
    mutationFn: (deliveryId: number) => callEndpoint("merchantDeliveryResend", { deliveryId }),
    onSuccess: () => {
      snack(D.resent, { type: "success" });
      void refreshDeliveries(qc);
      setTimeout(() => void refreshDeliveries(qc), RESEND_SETTLE_MS);
    },
    onError: (e) => snack(failure(e), { type: "error" }),
  });
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const rows = list.data?.pages.flatMap((p) => p.deliveries) ?? [];

  return (
    <Section
      title={D.title}
      testId="merchant-deliveries"
      actions={
        <Button
          size="sm"
          variant="outline"
          loading={list.isRefetching && !list.isFetchingNextPage}
          loadingText={D.refresh}
          onClick={() => void list.refetch()}
          data-testid="deliveries-refresh"
        >
          {D.refresh}
        </Button>
      }
    >
      <PlainTable
        testId="deliveries-table"
        caption={D.title}
        wide
        headers={HEADERS.map((label) => ({ label, numeric: NUMERIC.has(label) }))}
        loading={list.isPending}
        error={list.isError ? list.error.message : null}
        empty={list.isSuccess && rows.length === 0 ? D.empty : null}
      >
        {rows.map((d) => {
          const expanded = open.has(d.id);
          return (
            <Fragment key={d.id}>
              <Table.Row data-testid={`delivery-row-${d.id}`} data-state={d.state}>
                <Table.Cell>
                  {/* The event's short id opens its attempts (the whole ids are in the panel, with copy buttons). */}
                  <Button
                    size="xs"
                    variant="ghost"
                    fontFamily="mono"
                    px="1"
                    aria-expanded={expanded}
                    aria-controls={expanded ? `delivery-attempts-${d.id}` : undefined}
                    aria-label={`${shortId(d.eventId)} ${D.attemptsToggle}`}
                    title={d.eventId}
                    onClick={() => toggle(d.id)}
                    data-testid={`delivery-expand-${d.id}`}
                  >
                    <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>
                    {shortId(d.eventId)}
                  </Button>
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="0.5">
                    <Text>{D.types[d.type]}</Text>
                    <Code fontSize="2xs" alignSelf="flex-start">
                      {d.type}
                    </Code>
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  {d.paymentId ? (
                    <Code fontSize="xs" title={d.paymentId}>
                      {shortId(d.paymentId)}
                    </Code>
                  ) : (
                    ML.none
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATE_COLOR[d.state]} data-testid={`delivery-state-${d.id}`}>
                    {D.states[d.state]}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
                <Table.Cell textAlign="end">{d.lastStatus ?? ML.none}</Table.Cell>
                <Table.Cell maxW="24" whiteSpace="normal">
                  {d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : ML.none}
                </Table.Cell>
                <Table.Cell maxW="24" whiteSpace="normal">
                  {formatDateTime(d.createdAt)}
                </Table.Cell>
                <Table.Cell>
                  {d.state !== "void" && (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={resend.isPending && resend.variables === d.id}
                      loadingText={D.resend}
                      onClick={() => resend.mutate(d.id)}
                      data-testid={`delivery-resend-${d.id}`}
                    >
                      {D.resend}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
              {expanded && (
                <Table.Row id={`delivery-attempts-${d.id}`} data-testid={`delivery-attempts-${d.id}`} bg="bg.subtle">
                  <Table.Cell colSpan={HEADERS.length}>
                    <Attempts delivery={d} />
                  </Table.Cell>
                </Table.Row>
              )}
            </Fragment>
          );
        })}
      </PlainTable>
      <MoreButton
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        testId="deliveries-more"
      />
    </Section>
  );
}

/** One event's whole ids and its latest attempts, newest first. */
function Attempts({ delivery }: { delivery: Delivery }) {
  return (
    <Stack gap="2">
      <HStack gap="4" wrap="wrap" fontSize="sm">
        <HStack gap="1">
          <Text>{D.eventId}</Text>
          <CopyValue value={delivery.eventId} what={D.eventId} />
        </HStack>
        {delivery.paymentId && (
          <HStack gap="1">
            <Text>{D.paymentId}</Text>
            <CopyValue value={delivery.paymentId} what={D.paymentId} />
          </HStack>
        )}
      </HStack>
      {delivery.recent.length === 0 ? <Text color="fg.muted">{D.noAttempts}</Text> : <AttemptTable delivery={delivery} />}
    </Stack>
  );
}

function AttemptTable({ delivery }: { delivery: Delivery }) {
  return (
    <Table.Root size="sm" variant="outline" bg="card.bg">
      <Table.Caption srOnly>{D.recent(delivery.eventId)}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{D.attemptedAt}</Table.ColumnHeader>
          <Table.ColumnHeader>{D.result}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{D.latency}</Table.ColumnHeader>
          <Table.ColumnHeader>{D.excerpt}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {delivery.recent.map((a, i) => (
          <Table.Row key={i} data-testid="delivery-attempt">
            <Table.Cell whiteSpace="nowrap">{formatDateTime(a.attemptedAt)}</Table.Cell>
            <Table.Cell>
              {a.status !== null && <Text>{D.http(a.status)}</Text>}
              {a.error && <Text color="fg.error">{a.error}</Text>}
              {a.status === null && !a.error && ML.none}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {D.ms(formatWon(a.latencyMs))}
            </Table.Cell>
            <Table.Cell>
              {a.excerpt ? (
                <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" display="block" maxW="md">
                  {a.excerpt}
                </Code>
              ) : (
                ML.none
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
