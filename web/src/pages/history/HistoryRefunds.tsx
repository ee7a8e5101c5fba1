import { Box, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { refundsApi } from "@domain/api/refunds";
import { formatDateTime, formatWon } from "@domain/format";
import type { PageSize } from "../../api/moneyQueries";
import { callEndpoint } from "../../api/endpoint";
import { EmptyState, ListSkeleton, LoadError } from "../../components/ListState";
import { HistoryLabels as L } from "./history.labels";
import { HistoryPagination } from "./HistoryPagination";

/** The history's 4th tab 환불: the member's refunds (잔액 환불, 청약철회, 탈퇴 환불) with their state, newest first. */
export function HistoryRefunds({
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  page: number;
  perPage: PageSize;
  onPage: (n: number) => void;
  onPerPage: (n: PageSize) => void;
}) {
  const q = useQuery({
    queryKey: ["refund-history", page, perPage],
    queryFn: () => callEndpoint(refundsApi.refundHistory, { page, perPage }),
  });
  if (q.isPending) return <ListSkeleton rows={3} />;
  if (q.isError) return <LoadError message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  return (
    <Stack gap="4">
      {q.data.list.length === 0 ? (
        <EmptyState message={L.emptyRefund} testId="history-empty" />
      ) : (
        <Stack gap="2" data-testid="history-refunds">
          {q.data.list.map((r) => (
            <Box key={r.orderNo} borderWidth="1px" borderRadius="md" p="3" data-testid="history-refund-row">
              <Flex justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="bold">
                  {r.kindLabel} {L.won(formatWon(r.value))}
                </Text>
                <Text data-testid="history-refund-state">{r.stateLabel}</Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(r.createdAt)} · {L.refundNo} {r.orderNo}
              </Text>
              <Flex justify="space-between" wrap="wrap" gap="2">
                <Text fontSize="sm" color="fg.muted">
                  {L.refundAccount} {r.bankName} {r.bankAccount}
                </Text>
                <Link asChild fontSize="sm" color="brand.fg">
                  <RouterLink to={`/info/receipt/refund/${r.id}`} data-testid="history-refund-receipt">
                    {L.receipt}
                  </RouterLink>
                </Link>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
      <HistoryPagination page={page} perPage={perPage} total={q.data.total} onPage={onPage} onPerPage={onPerPage} />
    </Stack>
  );
}
