import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../api/endpoints";
import { L } from "../../labels";
import { formatWon } from "@domain/format";

/** The reconciliation as a card: supply, every balance, records ↔ transfers, reserves; each failing line named. */
export function ReconcileCard() {
  const q = useQuery({
    queryKey: ["reconcile"],
    queryFn: ({ signal }) => callEndpoint("reconcile", undefined, { signal }),
    staleTime: 30_000,
  });
  const bad = q.data?.lines.filter((l) => !l.ok) ?? [];
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="reconcile-card">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{L.dashboard.reconcileTitle}</Text>
        <HStack>
          {q.data && (
            <Badge colorPalette={q.data.ok ? "green" : "red"} data-testid="reconcile-verdict">
              {q.data.ok ? L.dashboard.reconcileOk : L.dashboard.reconcileBad(bad.length)}
            </Badge>
          )}
          <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {L.dashboard.reconcileRun}
          </Button>
        </HStack>
      </HStack>
      {q.error && <Text color="fg.error">{q.error.message}</Text>}
      {q.data && (
        <Stack gap="1" mt="2" fontSize="sm">
          {q.data.lines.map((l, i) => (
            <Text key={i} color={l.ok ? "fg.muted" : "fg.error"} data-testid={`reconcile-line-${l.ok ? "ok" : "bad"}`}>
              {l.ok ? "✓" : "✗"} {l.label}: {l.detail}
            </Text>
          ))}
          <Text fontWeight="medium" mt="2">
            {L.dashboard.reserves}
          </Text>
          {q.data.reserves.map((r) => (
            <HStack key={r.label} justify="space-between" maxW="lg">
              <Text>{r.label}</Text>
              <Text fontFamily="mono">{formatWon(r.value)}원</Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
