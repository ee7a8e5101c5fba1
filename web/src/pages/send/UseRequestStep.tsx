import { useState } from "react";
import { Field, HStack, Input, Stack } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { SendAmountSection } from "./SendAmountSection";
import { SendFavoritePicker } from "./SendFavoritePicker";
import { SendLabels as L } from "./sendLabels";
import { marketAmountError } from "./sendRules";

export interface UseForm {
  address: string;
  amount: string;
}

export interface UseRequestStepProps {
  form: UseForm;
  onChange: (patch: Partial<UseForm>) => void;
  balance: number | undefined;
  busy: boolean;
  onNext: () => void;
}

/** Market use, step 1: the shop's voucher address and the amount (fee and total shown). */
export function UseRequestStep({ form, onChange, balance, busy, onNext }: UseRequestStepProps) {
  const [touched, setTouched] = useState({ address: form.address !== "", amount: form.amount !== "" });
  const addressEmpty = form.address.trim() === "";
  const addressError = touched.address && addressEmpty ? Msg.notMarketAddress : null;
  const amountError = balance === undefined ? null : marketAmountError(form.amount, balance);
  const shownAmountError = touched.amount ? amountError : null;
  const filled = !addressEmpty && form.amount !== "";

  return (
    <Stack
      as="form"
      gap="5"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched({ address: true, amount: true });
        if (filled && balance !== undefined && !amountError && !busy) onNext();
      }}
    >
      <Field.Root invalid={!!addressError}>
        <Field.Label>{L.marketAddress}</Field.Label>
        <HStack w="full" gap="2">
          <Input
            value={form.address}
            onChange={(e) => {
              setTouched((t) => ({ ...t, address: true }));
              onChange({ address: e.target.value.trim() });
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder={L.marketAddressPlaceholder}
            fontFamily="mono"
            data-testid="use-address"
          />
          <SendFavoritePicker
            onPick={(address) => {
              setTouched((t) => ({ ...t, address: true }));
              onChange({ address });
            }}
          />
        </HStack>
        {addressError && <Field.ErrorText data-testid="use-address-error">{addressError}</Field.ErrorText>}
      </Field.Root>

      <SendAmountSection
        flow="use"
        label={L.useAmount}
        rules={L.useRules}
        amount={form.amount}
        error={shownAmountError}
        onAmount={(amount) => {
          setTouched((t) => ({ ...t, amount: true }));
          onChange({ amount });
        }}
        balance={balance}
        filled={filled}
        busy={busy}
      />
    </Stack>
  );
}
