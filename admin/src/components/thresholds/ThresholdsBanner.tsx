import { Alert, Button, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router";
import { useSession } from "../../api/session";
import { useThresholds } from "../../api/queries";
import { allowsArea } from "@domain/admin-access";
import { warnings } from "./thresholds";
import { TH } from "./thresholds.labels";

/**
 * The home screen's warning (issue 53) when the outstanding balance or the year's issuance reached 80 % (warning) or
 * 100 % (error) of its registration threshold, for operators who may open the dashboard. Nothing below 80 %, and
 * nothing when the figures cannot be read (the dashboard's card says why).
 */
export function ThresholdsBanner() {
  const { account } = useSession();
  const may = !!account && allowsArea("dashboard", account);
  const q = useThresholds(may);
  if (!may || !q.data) return null;
  const w = warnings(q.data.lines);
  if (w.level === 0) return null;
  return (
    <Alert.Root status={w.level >= 100 ? "error" : "warning"} data-testid="thresholds-banner" data-level={w.level}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{TH.bannerTitle[w.level]}</Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            {w.messages.map((m) => (
              <Text key={m}>{m}</Text>
            ))}
          </Stack>
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" variant="outline" alignSelf="center">
        <Link to="/dashboard" data-testid="thresholds-banner-link">
          {TH.view}
        </Link>
      </Button>
    </Alert.Root>
  );
}
