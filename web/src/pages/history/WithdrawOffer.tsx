import { useState } from "react";
import { Box, Button, Field, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { refundsApi } from "@domain/api/refunds";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { PasswordDialog } from "@common/PasswordDialog";
import { snack } from "../../components/ui/toaster";
import { callEndpoint } from "../../api/endpoint";
import { refreshMoney } from "../../api/refreshMoney";
import { HistoryLabels as L } from "./history.labels";

/**
 * 청약철회 in the purchase history: the purchases the server says may still be cancelled (GET /api/refund
 * `withdrawable`: unused, within 7 days), each with a button; an account in the member's name, a confirm dialog, then
 * the payment password. Shows nothing when none may be cancelled.
 */
export function WithdrawOffer() {
  const qc = useQueryClient();
  const info = useQuery({ queryKey: ["refund"], queryFn: () => callEndpoint(refundsApi.refundInfo, undefined) });
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const [bank, setBank] = useState("");
  const [account, setAccount] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const list = info.data?.withdrawable ?? [];
  if (list.length === 0) return null;

  async function withdraw(password: string, idempotencyKey: string) {
    if (!orderNo) return;
    await callEndpoint(refundsApi.refundWithdraw, { bank, account, orderNo, password }, { idempotencyKey });
    setAskPassword(false);
    setOrderNo(null);
    snack(L.withdrawDone, { type: "success" });
    refreshMoney(qc);
    void qc.invalidateQueries({ queryKey: ["refund"] });
    void qc.invalidateQueries({ queryKey: ["refund-history"] });
  }

  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="withdraw-offer">
      <Text fontWeight="bold">{L.withdrawTitle}</Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {L.withdrawHint}
      </Text>
      <Stack gap="2">
        {list.map((no) => (
          <Flex key={no} justify="space-between" align="center" gap="2" wrap="wrap">
            <Text>{no}</Text>
            <Button size="sm" variant="outline" onClick={() => setOrderNo(no)} data-testid="withdraw-order" data-order={no}>
              {L.withdraw}
            </Button>
          </Flex>
        ))}
      </Stack>
      {orderNo && (
        <Stack gap="3" mt="4" data-testid="withdraw-form">
          <Field.Root>
            <Field.Label>{L.withdrawBank}</Field.Label>
            <Input value={bank} onChange={(e) => setBank(e.target.value)} data-testid="withdraw-bank" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{L.withdrawAccount}</Field.Label>
            <Input value={account} inputMode="numeric" onChange={(e) => setAccount(e.target.value)} data-testid="withdraw-account" />
          </Field.Root>
          <Button colorPalette="blue" disabled={!bank || !account} onClick={() => setConfirming(true)} data-testid="withdraw-submit">
            {L.withdraw}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        message={L.withdrawConfirm(orderNo ?? "")}
        onClose={() => setConfirming(false)}
        onConfirm={() => (setConfirming(false), setAskPassword(true))}
        testId="withdraw-confirm"
      />
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={withdraw} />
    </Box>
  );
}
