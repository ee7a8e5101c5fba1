import { Box, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { apiCall } from "../../api/client";

/** How often the member app asks whether the token is paused (an operator's emergency pause, dual control). */
export const SERVICE_STATUS_POLL_MS = 15_000;

/**
 * GET /api/status (healthApi.serviceStatus in domain/api/health.ts), read without the endpoint table: its zod
 * schemas would put zod into every page's first script (the banner polls on the landing page too; the pages
 * bench measured the landing's JavaScript at 213 KB against its 200 KB budget with them, 193 KB without). The
 * answer only decides whether a banner shows, so it is checked by hand: anything else is "not paused". The path is
 * the table's literal again; e2e/dual-control.e2e.ts watches this banner come and go against the real server, so a
 * path that drifts from the table fails there.
 */
const STATUS_PATH = "/api/status";
async function serviceStatus(): Promise<{ paused: boolean; message: string | null }> {
  const d = await apiCall<{ paused?: unknown; message?: unknown }>("GET", STATUS_PATH);
  return { paused: d?.paused === true, message: typeof d?.message === "string" ? d.message : null };
}

/**
 * The maintenance banner: while the token is paused every money call answers 503 and the member reads why here,
 * above every page; reads keep working. It goes away by itself on the next poll after the unpause.
 */
export function MaintenanceBanner() {
  const q = useQuery({
    queryKey: ["service-status"],
    queryFn: serviceStatus,
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
