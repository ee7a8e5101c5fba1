import { useState } from "react";
import { Button, Field, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import type { RefundAdminRow } from "@domain/schemas/refunds";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { RL } from "./refund.labels";

/**
 * A closing refund waiting for its payout is not rejected (the member's account is closed: money returned to its wallet
 * could not be used). When the account they gave cannot be paid, they give another own-name account through support,
 * and it is entered here with why: the server checks it with the bank against the order's holder and audits it.
 */
export function ClosingAccountChange({ row, onChanged }: { row: RefundAdminRow; onChanged: (message: string) => void }) {
  const [bank, setBank] = useState("");
  const [account, setAccount] = useState("");
  const [reason, setReason] = useState("");
  const change = useMutation({
    mutationFn: () => callEndpoint("refundAccount", { orderNo: row.orderNo, bank, account, reason }),
    onSuccess: () => onChanged(RL.accountChanged),
  });
  const error = change.error instanceof ApiError && change.error.message ? change.error.message : change.error ? RL.failed : null;
  return (
    <Stack
      as="form"
      gap="2"
      w="full"
      data-testid="refund-account-change"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (bank.trim() && account.trim() && reason.trim()) change.mutate();
      }}
    >
      <Text fontWeight="semibold">{RL.accountChange}</Text>
      <Text fontSize="sm" color="fg.muted">
        {RL.accountChangeHelp(row.holderName)}
      </Text>
      <Field.Root required>
        <Field.Label>{RL.newBank}</Field.Label>
        <Input value={bank} onChange={(e) => setBank(e.target.value)} autoComplete="off" data-testid="refund-new-bank" />
      </Field.Root>
      <Field.Root required>
        <Field.Label>{RL.newAccount}</Field.Label>
        <Input
          value={account}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setAccount(e.target.value)}
          data-testid="refund-new-account"
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>{RL.changeReason}</Field.Label>
        <Input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="refund-account-reason" />
      </Field.Root>
      <Button
        type="submit"
        alignSelf="start"
        variant="outline"
        disabled={!bank.trim() || !account.trim() || !reason.trim()}
        loading={change.isPending}
        data-testid="refund-account-submit"
      >
        {RL.accountChange}
      </Button>
      {error && (
        <Text role="alert" color="fg.error" data-testid="refund-account-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
