import { useState } from "react";
import { Button, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatHistoryDate, formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { purchasesApi } from "@domain/api/purchases";
import { callEndpoint } from "../../api/endpoint";
import { refreshMoney } from "../../api/refreshMoney";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { CopyButton } from "../../components/CopyButton";
import { snack } from "../../components/ui/toaster";
import type { HistoryEntry } from "./historyEntries";
import { HistoryLabels as L } from "./history.labels";

/** Under a pending purchase: the deposit account (with copy), the amount, the deadline, and a cancel button. */
export function HistoryDeposit({ deposit }: { deposit: NonNullable<HistoryEntry["deposit"]> }) {
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const cancel = useMutation({
    mutationFn: () => callEndpoint(purchasesApi.buyCancel, { id: deposit.id }),
    onSuccess: () => {
      snack(Msg.buyCancelDone);
      setCancelled(true);
      refreshMoney(qc);
    },
    onError: (e) => snack(e.message, { type: "error" }),
    onSettled: () => setConfirm(false),
  });
  const bank = deposit.bank;
  if (cancelled)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="history-deposit-cancelled">
        {Msg.buyCancelDone}
      </Text>
    );
  return (
    <Stack gap="3" bg="bg.subtle" borderRadius="md" p="3" data-testid="history-deposit">
      <Text fontWeight="semibold" fontSize="sm">
        {L.depositTitle}
      </Text>
      <DataList.Root orientation="horizontal" size="sm" gap="1">
        {bank?.bankAccount && (
          <DataList.Item>
            <DataList.ItemLabel minW="20">{L.depositAccount}</DataList.ItemLabel>
            <DataList.ItemValue alignItems="center" flexWrap="wrap" gap="1">
              <Text as="span" data-testid="history-deposit-account">
                {bank.bankName} {bank.bankAccount} ({bank.ownerName})
              </Text>
              <CopyButton text={bank.bankAccount} what={L.depositAccount} size="2xs" data-testid="history-deposit-copy" />
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel minW="20">{L.depositAmount}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="history-deposit-amount">{L.won(formatWon(deposit.value))}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="20">{L.depositDeadline}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="history-deposit-deadline">{formatHistoryDate(deposit.expiredAt)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <HStack justify="flex-end">
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirm(true)} data-testid="history-cancel-buy">
          {L.cancelBuy}
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirm}
        message={Msg.buyCancelConfirm}
        loading={cancel.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => cancel.mutate()}
        testId="history-cancel-dialog"
      />
    </Stack>
  );
}
