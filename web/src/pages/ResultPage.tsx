import { Button, Container, Link, Stack, Text } from "@chakra-ui/react";
import { ResultType } from "@domain/constants";
import { ResultPages } from "@domain/state-labels";
import { usePageTitle } from "../lib/usePageTitle";
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { L } from "../labels";
import { HistoryDeposit } from "./history/HistoryDeposit";
import type { HistoryEntry } from "./history/historyEntries";

/** /result?type=N: one message and one button (spec §2); an unknown type goes home. */
export default function ResultPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const deposit = (useLocation().state as { deposit?: HistoryEntry["deposit"] } | null)?.deposit;
  const type = params.get("type") ?? "";
  const page = /^\d+$/.test(type) ? ResultPages[Number(type)] : undefined;
  usePageTitle(page?.message ?? null);
  if (!page) return <Navigate to="/" replace />;
  return (
    <Container maxW="md" pt="40" pb="24">
      <Stack
        gap="10"
        align="center"
        textAlign="center"
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
        p="10"
        data-testid="result-page"
        data-type={type}
      >
        <Text fontSize="lg" fontWeight="semibold" data-testid="result-message">
          {page.message}
        </Text>
        {deposit && type === String(ResultType.BUY_REQUESTED) && (
          <Stack w="full" gap="3" textAlign="left">
            <HistoryDeposit deposit={deposit} />
            <Link asChild fontSize="sm" alignSelf="center" color="fg.muted">
              <RouterLink to="/info/history?tab=1" data-testid="result-history">
                {L.result.toHistory}
              </RouterLink>
            </Link>
          </Stack>
        )}
        <Button colorPalette="brand" size="lg" w="full" onClick={() => navigate(page.to, { replace: true })} data-testid="result-button">
          {page.button}
        </Button>
      </Stack>
    </Container>
  );
}
