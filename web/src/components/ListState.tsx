import { Box, Button, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { LuRefreshCw } from "react-icons/lu";
import { L } from "../labels";

/** Skeleton rows while a list loads. */
export function ListSkeleton({ rows = 5, height = "12" }: { rows?: number; height?: string }) {
  return (
    <Stack gap="2" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} borderRadius="md" />
      ))}
    </Stack>
  );
}

/** The empty state of a list (defaults to '항목이 없습니다'). */
export function EmptyState({ message = Msg.emptyList, testId = "empty-state" }: { message?: string; testId?: string }) {
  return (
    <Box py="12" textAlign="center" color="fg.muted" data-testid={testId}>
      <Text>{message}</Text>
    </Box>
  );
}

/** A failed load: the reason and, given `onRetry`, a button that loads again (the rest of the page stays usable). */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Stack py="8" align="center" gap="3" color="fg.error" data-testid="load-error" role="alert">
      <Text textAlign="center">{message}</Text>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} data-testid="load-retry">
          <LuRefreshCw aria-hidden /> {L.common.retry}
        </Button>
      )}
    </Stack>
  );
}
