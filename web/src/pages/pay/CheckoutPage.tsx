import { useState } from "react";
import { Alert, Button, Center, DataList, Flex, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router";
import { checkoutApi } from "@domain/api/merchant-payments";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { PasswordDialog } from "@common/PasswordDialog";
import { ApiError } from "@common/api-client";
import { callEndpoint } from "../../api/endpoint";
import { refreshMoney } from "../../api/refreshMoney";
import { PageFrame } from "../../components/PageFrame";
import { LoadError } from "../../components/ListState";
import { snack, SNACK_SEND_MS } from "../../components/ui/toaster";
import { PayLabels as L } from "./pay.labels";

function Line({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel fontWeight={strong ? "bold" : undefined}>{label}</DataList.ItemLabel>
      <DataList.ItemValue
        justifyContent="flex-end"
        textAlign="right"
        wordBreak="break-all"
        fontWeight={strong ? "bold" : undefined}
        data-testid={testId}
      >
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * /pay/:paymentId, the checkout a merchant's checkout URL or QR opens: merchant, item, amount, the use fee, the
 * member's balance; the payment password pays it (once, whatever how many tabs), then the member goes back to the
 * merchant's return URL with the payment id. An expired, cancelled or paid payment says why and cannot be paid.
 */
export default function CheckoutPage() {
  const { paymentId = "" } = useParams();
  const qc = useQueryClient();
  const [ask, setAsk] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const q = useQuery({
    queryKey: ["checkout", paymentId],
    queryFn: () => callEndpoint(checkoutApi.checkout, { paymentId }),
    retry: false,
  });
  const v = q.data;
  const minutesLeft = v ? Math.floor((new Date(v.expiresAt).getTime() - Date.now()) / 60_000) : 0;
  const short = v ? v.total > v.balance : false;

  async function pay(password: string, idempotencyKey: string) {
    const done = await callEndpoint(checkoutApi.checkoutPay, { paymentId, password }, { idempotencyKey });
    if (done.status === "pending") snack(Msg.paymentPending, { type: "info", duration: SNACK_SEND_MS });
    refreshMoney(qc);
    setAsk(false);
    setLeaving(true);
    snack(L.done, { type: "success", duration: SNACK_SEND_MS });
    window.location.assign(done.redirectUrl);
  }

  return (
    <PageFrame title={L.title} maxW="lg">
      {q.isPending && (
        <Center py="10">
          <Spinner aria-label="불러오는 중" />
        </Center>
      )}
      {q.isError && (
        <LoadError
          message={q.error instanceof ApiError && q.error.code === 404 ? L.notFound : q.error.message}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      )}
      {v && (
        <Stack gap="5" data-testid="checkout">
          <Heading as="h2" size="md" data-testid="checkout-merchant">
            {v.merchantName}
          </Heading>
          <DataList.Root orientation="horizontal" borderWidth="1px" borderRadius="md" p="4">
            <Line label={L.item} value={v.itemName} testId="checkout-item" />
            <Line label={L.orderId} value={v.orderId} testId="checkout-order" />
            <Line label={L.amount} value={L.won(formatWon(v.amount))} testId="checkout-amount" />
            <Line label={L.fee} value={L.won(formatWon(v.fee))} testId="checkout-fee" />
            <Line label={L.total} value={L.won(formatWon(v.total))} testId="checkout-total" strong />
            <Line label={L.balance} value={L.won(formatWon(v.balance))} testId="checkout-balance" />
            {!v.refusal && !short && <Line label={L.after} value={L.won(formatWon(v.balance - v.total))} testId="checkout-after" />}
          </DataList.Root>
          <Text fontSize="sm" color="fg.muted">
            {L.feeNote}
          </Text>
          {v.refusal ? (
            <Alert.Root status={v.paidByMe ? "success" : "warning"} data-testid="checkout-refusal">
              <Alert.Indicator />
              <Alert.Title>{v.paidByMe ? L.doneMine : v.refusal}</Alert.Title>
            </Alert.Root>
          ) : short ? (
            <Alert.Root status="warning" data-testid="checkout-short">
              <Alert.Indicator />
              <Alert.Title>{L.short}</Alert.Title>
            </Alert.Root>
          ) : (
            <Text fontSize="sm" data-testid="checkout-expires">
              {L.expires(minutesLeft)}
            </Text>
          )}
          <Flex gap="3" justify="flex-end" wrap="wrap">
            {v.refusal ? (
              <Button asChild variant="outline" size="lg">
                <a href={v.paidByMe ? v.returnUrl : v.cancelUrl} data-testid="checkout-back">
                  {L.back}
                </a>
              </Button>
            ) : (
              <>
                <Button asChild variant="outline" size="lg" flex={{ base: "1", sm: "initial" }}>
                  <a href={v.cancelUrl} data-testid="checkout-give-up">
                    {L.giveUp}
                  </a>
                </Button>
                {short ? (
                  <Button asChild size="lg" colorPalette="brand" flex={{ base: "1", sm: "initial" }}>
                    <RouterLink to="/buy" data-testid="checkout-charge">
                      {L.charge}
                    </RouterLink>
                  </Button>
                ) : (
                  <Button
                    size="lg"
                    colorPalette="brand"
                    flex={{ base: "1", sm: "initial" }}
                    minW="28"
                    loading={leaving}
                    onClick={() => setAsk(true)}
                    data-testid="checkout-pay"
                  >
                    {L.pay}
                  </Button>
                )}
              </>
            )}
          </Flex>
        </Stack>
      )}
      <PasswordDialog
        open={ask}
        onClose={() => setAsk(false)}
        onSubmit={async (pw, key) => {
          try {
            await pay(pw, key);
          } catch (err) {
            // Paid elsewhere meanwhile, expired, cancelled: the page shows why (the dialog shows the message too).
            if (err instanceof ApiError && err.code !== 400) void q.refetch();
            throw err;
          }
        }}
        snackDuration={SNACK_SEND_MS}
      />
    </PageFrame>
  );
}
