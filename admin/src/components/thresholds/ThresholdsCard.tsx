import { Alert, Badge, Box, HStack, Progress, Skeleton, Stack, Text } from "@chakra-ui/react";
import { formatDateTime, formatWon } from "@domain/format";
import { useThresholds } from "../../api/queries";
import { L } from "../../labels";
import { barValue, LEVEL_PALETTE, levelOf, type ThresholdLine } from "./thresholds";
import { TH } from "./thresholds.labels";

/**
 * The registration thresholds (issue 53) as a dashboard card: the outstanding balance against 30억원 and the trailing
 * 365 days' issuance against 500억원, each with its share as a bar and the level reached; the registration as stated,
 * the figures' time, and a note when they are the last good ones.
 */
export function ThresholdsCard() {
  const q = useThresholds();
  const d = q.data;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="thresholds-card" aria-busy={q.isPending}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{TH.title}</Text>
        {d && (
          <Text fontSize="sm" color="fg.muted" data-testid="thresholds-as-of">
            {TH.asOf(formatDateTime(d.asOf))}
          </Text>
        )}
      </HStack>
      {q.isPending && <Skeleton h="24" mt="2" />}
      {q.isError && (
        <Text color="fg.error" role="alert" mt="2" data-testid="thresholds-error">
          {q.error.message}
        </Text>
      )}
      {d && (
        <Stack gap="3" mt="2" fontSize="sm">
          {d.stale && (
            <Alert.Root status="warning" size="sm" data-testid="thresholds-stale">
              <Alert.Indicator />
              <Alert.Title>{TH.stale}</Alert.Title>
            </Alert.Root>
          )}
          {d.lines.map((l) => (
            <ThresholdRow key={l.which} line={l} />
          ))}
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium">{TH.registration}</Text>
            <Text data-testid="thresholds-registration">{d.registration}</Text>
          </HStack>
          <Text color="fg.muted">{TH.law}</Text>
        </Stack>
      )}
    </Box>
  );
}

function ThresholdRow({ line: l }: { line: ThresholdLine }) {
  const level = levelOf(l.level);
  const palette = LEVEL_PALETTE[level];
  return (
    <Stack gap="1" data-testid={`threshold-${l.which}`} data-level={level}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2">
          <Text fontWeight="medium">{l.label}</Text>
          <Badge colorPalette={palette} data-testid={`threshold-${l.which}-level`}>
            {TH.levels[level]}
          </Badge>
        </HStack>
        <HStack gap="2">
          <Text fontFamily="mono">
            {formatWon(l.value)}
            {L.won} / {formatWon(l.threshold)}
            {L.won}
          </Text>
          <Text fontWeight="semibold" data-testid={`threshold-${l.which}-percent`}>
            {l.percent}%
          </Text>
        </HStack>
      </HStack>
      <Progress.Root value={barValue(l.percent)} max={100} size="sm" colorPalette={palette}>
        <Progress.Track aria-label={TH.bar(l.label, l.percent)} aria-valuetext={`${l.percent}%`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
