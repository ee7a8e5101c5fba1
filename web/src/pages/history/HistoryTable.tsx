import { Badge, HStack, Link, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { formatHistoryDate, formatWon, shortAddress } from "@domain/format";
import { Fragment } from "react";
import { HistoryDeposit } from "./HistoryDeposit";
import { CopyButton } from "../../components/CopyButton";
import type { HistoryEntry } from "./historyEntries";
import { HistoryLabels as L } from "./history.labels";

export interface HistoryTableProps {
  entries: HistoryEntry[];
  /** The entries are placeholders: draw skeletons. */
  loading: boolean;
  /** Read by screen readers as the table's name (hidden on screen): the open tab's title. */
  caption: string;
}

/** When, what and with whom, then the amount breakdown: two columns, so it fits a 360 px screen. */
export function HistoryTable({ entries, loading, caption }: HistoryTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="history-table">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{L.detail}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{L.amount}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((e) => (
            <Fragment key={e.id}>
              <HistoryRow entry={e} loading={loading} />
              {e.deposit && !loading && (
                <Table.Row>
                  <Table.Cell colSpan={2} pt="0">
                    <HistoryDeposit deposit={e.deposit} />
                  </Table.Cell>
                </Table.Row>
              )}
            </Fragment>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function HistoryRow({ entry: e, loading }: { entry: HistoryEntry; loading: boolean }) {
  return (
    <Table.Row data-testid={loading ? "history-row-skeleton" : "history-row"} verticalAlign="top">
      <Table.Cell>
        <Skeleton loading={loading}>
          <Stack gap="1" align="flex-start">
            <Text fontSize="xs" color="fg.muted" data-testid="history-date">
              {formatHistoryDate(e.createdAt)}
            </Text>
            <HStack gap="2" wrap="wrap">
              {e.badge && (
                <Badge colorPalette={e.badge.palette} size="sm" data-testid="history-badge">
                  {e.badge.label}
                </Badge>
              )}
              <Text fontSize="sm" fontWeight="medium" data-testid="history-title">
                {e.title}
              </Text>
            </HStack>
            {e.address && (
              <HStack gap="0.5">
                <Text fontSize="xs" color="fg.muted" fontFamily="mono" title={e.address} data-testid="history-address">
                  {shortAddress(e.address)}
                </Text>
                {!loading && <CopyButton text={e.address} what={L.address} size="2xs" data-testid="history-copy" />}
              </HStack>
            )}
            {e.txHash && (
              <Text fontSize="xs" color="fg.subtle" fontFamily="mono" title={e.txHash} data-testid="history-tx">
                {L.tx} {shortAddress(e.txHash, 8, 6)}
              </Text>
            )}
            {!loading && (
              <Link asChild fontSize="xs" color="brand.fg">
                <RouterLink to={e.receipt} data-testid="history-receipt">
                  {L.receipt}
                </RouterLink>
              </Link>
            )}
          </Stack>
        </Skeleton>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Skeleton loading={loading}>
          <Text fontWeight="semibold" whiteSpace="nowrap" color={e.main.sign === "+" ? "fg.success" : "fg"} data-testid="history-amount">
            {e.main.sign}
            {L.won(formatWon(e.main.won))}
          </Text>
          {e.breakdown.map((b) => (
            <Text key={b.label} fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {b.label} {L.won(formatWon(b.won))}
            </Text>
          ))}
        </Skeleton>
      </Table.Cell>
    </Table.Row>
  );
}
