import { useState } from "react";
import { Button, Field, Input, Stack, Text } from "@chakra-ui/react";
import { refundsApi } from "@domain/api/refunds";
import { callEndpoint } from "../../api/endpoint";
import { CloseLabels as L } from "./close.labels";

export interface CheckedAccount {
  bank: string;
  account: string;
}

/**
 * The closing refund's account: bank and number, checked as held in the member's verified name (POST
 * /api/refund/holder, as on the refund page) before it counts; an edit asks for the check again.
 */
export function CloseRefundAccount({ onChecked }: { onChecked: (a: CheckedAccount | null) => void }) {
  const [bank, setBank] = useState("");
  const [account, setAccount] = useState("");
  const [holder, setHolder] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const edit = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setHolder(null);
    onChecked(null);
  };

  async function check() {
    setError(null);
    setChecking(true);
    try {
      const r = await callEndpoint(refundsApi.refundHolderCheck, { bank, account });
      setHolder(r.holderName);
      onChecked({ bank, account });
    } catch (e) {
      setHolder(null);
      onChecked(null);
      setError((e as Error).message);
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack
      gap="3"
      as="form"
      data-testid="close-account"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (bank && account) void check();
      }}
    >
      <Field.Root required>
        <Field.Label>{L.bank}</Field.Label>
        <Input value={bank} onChange={edit(setBank)} autoComplete="off" data-testid="close-bank" />
      </Field.Root>
      <Field.Root required>
        <Field.Label>{L.account}</Field.Label>
        <Input value={account} inputMode="numeric" autoComplete="off" onChange={edit(setAccount)} data-testid="close-account-no" />
      </Field.Root>
      <Button
        type="submit"
        alignSelf="start"
        variant="outline"
        loading={checking}
        disabled={!bank || !account}
        data-testid="close-holder-check"
      >
        {L.check}
      </Button>
      <Text role="status" color={error ? "fg.error" : "fg.success"} data-testid={error ? "close-holder-error" : "close-holder-ok"}>
        {error ?? (holder ? L.checked(holder) : "")}
      </Text>
    </Stack>
  );
}
