import { Alert, Badge, Button, Card, DataList, HStack, Heading, Skeleton, Text } from "@chakra-ui/react";
import { formatDate } from "@domain/format";
import type { SecurityStatus } from "@domain/schemas/operator-security";
import { L } from "../../labels";

const S = L.security;

/** Whether two-factor login is on, whether this operator must use it, and the button that starts or ends it. */
export function SecurityStatusCard(props: {
  status: SecurityStatus | undefined;
  error: string | null;
  starting: boolean;
  onStart: () => void;
  onDisable: () => void;
}) {
  const { status } = props;
  return (
    <Card.Root bg="card.bg" data-testid="security-status" data-enabled={status?.enabled}>
      <Card.Header>
        <HStack gap="3">
          <Heading size="md">{S.twoFactor}</Heading>
          {status && (
            <Badge colorPalette={status.enabled ? "green" : "gray"} data-testid="security-state">
              {status.enabled ? S.on : S.off}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {S.intro}
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        {!status ? (
          props.error ? (
            <Text color="fg.error" role="alert">
              {props.error}
            </Text>
          ) : (
            <Skeleton h="12" />
          )
        ) : (
          <>
            {status.required && !status.enabled && (
              <Alert.Root status="warning" data-testid="security-required">
                <Alert.Indicator />
                <Alert.Title>{S.requiredNotice}</Alert.Title>
              </Alert.Root>
            )}
            {status.enabled && (
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{S.enabledAt}</DataList.ItemLabel>
                  <DataList.ItemValue>{status.enabledAt ? formatDate(status.enabledAt) : "-"}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{S.recoveryLeft}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="security-recovery-left">{S.count(status.recoveryCodesLeft)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            )}
          </>
        )}
      </Card.Body>
      <Card.Footer>
        {status?.enabled ? (
          <Button variant="outline" colorPalette="red" onClick={props.onDisable} data-testid="security-disable">
            {S.disable}
          </Button>
        ) : (
          <Button colorPalette="brand" onClick={props.onStart} loading={props.starting} disabled={!status} data-testid="security-start">
            {S.start}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
