import { Alert, Button, DataList, EmptyState, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Code } from "@domain/codes";
import { endpointQuery } from "../../api/queries";
import { ApiError } from "../../api/client";
import { CopyValue, MerchantStateBadge, Section } from "./cells";
import { DeliveriesCard } from "./DeliveriesCard";
import { KeysCard } from "./KeysCard";
import { OwnDailyCard } from "./OwnDailyCard";
import { PaymentsCard } from "./PaymentsCard";
import { WebhookCard } from "./WebhookCard";
import { ML } from "./merchants.labels";
import type { MerchantSelf } from "./own";

const O = ML.own;

/**
 * /admin/merchant 결제 연동 (a shop-owner operator, permission 3): the merchant of the operator's linked member, as the
 * merchant's developer needs it: its API keys (each shown whole once, several live so one rotates without downtime), the
 * webhook (URL, signing secret shown once, a test event), its payments, their sums per day (paid − cancelled) and the
 * webhook's deliveries with their attempts.
 * A shop owner no operator has made a merchant reads the server's 404 message as the page's empty state.
 */
export function MerchantOwnPage() {
  const self = useQuery(endpointQuery("merchantSelf"));
  const notMerchant = self.error instanceof ApiError && self.error.code === Code.NOT_FOUND;
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {O.title}
      </Heading>
      {self.data ? (
        <Merchant merchant={self.data} />
      ) : self.isPending ? (
        <Stack gap="4" data-testid="merchant-own-loading">
          <Skeleton h="24" />
          <Skeleton h="40" />
        </Stack>
      ) : notMerchant ? (
        <EmptyState.Root borderWidth="1px" borderColor="card.border" rounded="md" bg="card.bg" data-testid="merchant-none">
          <EmptyState.Content>
            <EmptyState.Title>{self.error.message}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <HStack gap="3" role="alert" data-testid="merchant-own-error">
          <Text color="fg.error">{self.error?.message}</Text>
          <Button size="sm" variant="outline" onClick={() => void self.refetch()} loading={self.isFetching} loadingText={ML.retry}>
            {ML.retry}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function Merchant({ merchant }: { merchant: MerchantSelf }) {
  return (
    <>
      <Text color="fg.muted">{O.intro}</Text>
      {merchant.state === "suspended" && (
        <Alert.Root status="warning" data-testid="merchant-own-suspended">
          <Alert.Indicator />
          <Alert.Title>{O.suspendedNotice}</Alert.Title>
        </Alert.Root>
      )}
      <Section title={O.info} testId="merchant-info">
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{O.name}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="merchant-own-name">{merchant.name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{O.state}</DataList.ItemLabel>
            <DataList.ItemValue>
              <MerchantStateBadge state={merchant.state} testId="merchant-own-state" />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{O.wallet}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Stack gap="1">
                <CopyValue value={merchant.wallet} what={O.wallet} testId="merchant-own-wallet" />
                <Text fontSize="xs" color="fg.muted">
                  {O.walletHint}
                </Text>
              </Stack>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Section>
      <KeysCard keys={merchant.keys} />
      <WebhookCard webhookUrl={merchant.webhookUrl} secretPrefix={merchant.webhookSecretPrefix} />
      <PaymentsCard />
      <OwnDailyCard />
      <DeliveriesCard />
    </>
  );
}
