import { Box, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { healthApi } from "@domain/api/health";
import { callEndpoint } from "../../api/endpoint";

/** How often the member app asks whether the token is paused (an operator's emergency pause, dual control). */
export const SERVICE_STATUS_POLL_MS = 15_000;

/**
 * The maintenance banner: while the token is paused every money call answers 503 and the member reads why here,
 * above every page; reads keep working. It goes away by itself on the next poll after the unpause.
 */
export function MaintenanceBanner() {
  const q = useQuery({
    queryKey: ["service-status"],
    queryFn: () => callEndpoint(healthApi.serviceStatus),
    refetchInterval: SERVICE_STATUS_POLL_MS,
    refetchOnWindowFocus: true,
  });
  if (!q.data?.paused) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      bg="orange.subtle"
      color="orange.fg"
      px="4"
      py="3"
      textAlign="center"
      data-testid="maintenance-banner"
    >
      <Text fontWeight="semibold">{q.data.message}</Text>
    </Box>
  );
}
