import { Box, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";

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

/** An error line for a failed load. */
export function LoadError({ message }: { message: string }) {
  return (
    <Box py="8" textAlign="center" color="fg.error" data-testid="load-error">
      <Text>{message}</Text>
    </Box>
  );
}
