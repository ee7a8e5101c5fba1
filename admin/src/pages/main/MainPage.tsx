import { Alert, Button, Heading, Stack } from "@chakra-ui/react";
import { useMainData } from "../../api/queries";
import { L } from "../../labels";
import { MAIN_PLACEHOLDER, MainStatCards } from "./MainStatCards";
import { ThresholdsBanner } from "../../components/thresholds/ThresholdsBanner";

/** /admin/main: the operator's home (with the registration-threshold warning, when one is reached). */
export function MainPage() {
  const q = useMainData();
  return (
    <Stack gap="6">
      <Heading size="lg" data-testid="admin-page-title">
        {L.mainTitle}
      </Heading>
      <ThresholdsBanner />
      {q.isError ? (
        <Alert.Root status="error" data-testid="admin-main-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{L.mainError}</Alert.Title>
            <Alert.Description>{q.error.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching} data-testid="admin-main-retry">
            {L.retry}
          </Button>
        </Alert.Root>
      ) : (
        <MainStatCards data={q.data ?? MAIN_PLACEHOLDER} loading={q.isPending} />
      )}
    </Stack>
  );
}
