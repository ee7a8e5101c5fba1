import { useState } from "react";
import { Button, Field, Flex, HStack, Input, RadioGroup, Stack } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { AmountInput } from "../../components/AmountInput";
import { SendBalanceLine } from "./SendBalanceLine";
import { SendFavoritePicker } from "./SendFavoritePicker";
import { SendSummary } from "./SendSummary";
import { SendLabels as L } from "./sendLabels";
import { giftAmountError } from "./sendRules";

export type GiftMode = "address" | "phone";

export interface GiftForm {
  mode: GiftMode;
  recipient: string;
  amount: string;
}

export interface GiftRequestStepProps {
  form: GiftForm;
  onChange: (patch: Partial<GiftForm>) => void;
  balance: number | undefined;
  busy: boolean;
  onNext: () => void;
}

/** Gift, step 1: recipient by wallet address or phone number, and the amount (fee and total shown). */
export function GiftRequestStep({ form, onChange, balance, busy, onNext }: GiftRequestStepProps) {
  const [touched, setTouched] = useState({ recipient: form.recipient !== "", amount: form.amount !== "" });
  const recipientEmpty = form.recipient.trim() === "";
  const recipientError = touched.recipient && recipientEmpty ? (form.mode === "phone" ? Msg.recipientPhoneEmpty : Msg.recipientAddressEmpty) : null;
  const amountError = balance === undefined ? null : giftAmountError(form.amount, balance);
  const shownAmountError = touched.amount ? amountError : null;
  const filled = !recipientEmpty && form.amount !== "";

  return (
    <Stack
      as="form"
      gap="5"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched({ recipient: true, amount: true });
        if (filled && balance !== undefined && !amountError && !busy) onNext();
      }}
    >
      <Field.Root invalid={!!recipientError}>
        <RadioGroup.Root
          value={form.mode}
          onValueChange={(d) => {
            onChange({ mode: d.value as GiftMode, recipient: "" });
            setTouched((t) => ({ ...t, recipient: false }));
          }}
          aria-label={L.modeLabel}
          colorPalette="brand"
        >
          <HStack gap="6" mb="2">
            {(
              [
                ["address", L.modeAddress],
                ["phone", L.modePhone],
              ] as const
            ).map(([value, label]) => (
              <RadioGroup.Item key={value} value={value} data-testid={`gift-mode-${value}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        <Field.Label srOnly>{form.mode === "phone" ? L.modePhone : L.modeAddress}</Field.Label>
        <HStack w="full" gap="2">
          <Input
            value={form.recipient}
            onChange={(e) => {
              setTouched((t) => ({ ...t, recipient: true }));
              const v = form.mode === "phone" ? e.target.value.replace(/\D/g, "").slice(0, 11) : e.target.value.trim();
              onChange({ recipient: v });
            }}
            type={form.mode === "phone" ? "tel" : "text"}
            inputMode={form.mode === "phone" ? "numeric" : "text"}
            autoComplete="off"
            spellCheck={false}
            placeholder={form.mode === "phone" ? L.phonePlaceholder : L.addressPlaceholder}
            fontFamily={form.mode === "address" ? "mono" : undefined}
            data-testid="gift-recipient"
          />
          {form.mode === "address" && (
            <SendFavoritePicker
              onPick={(address) => {
                onChange({ recipient: address });
                setTouched((t) => ({ ...t, recipient: true }));
              }}
            />
          )}
        </HStack>
        {recipientError && <Field.ErrorText data-testid="gift-recipient-error">{recipientError}</Field.ErrorText>}
      </Field.Root>

      <Field.Root invalid={!!shownAmountError}>
        <Field.Label>{L.giftAmount}</Field.Label>
        <AmountInput
          value={form.amount}
          onChange={(amount) => {
            setTouched((t) => ({ ...t, amount: true }));
            onChange({ amount });
          }}
          placeholder={L.amountPlaceholder}
          data-testid="gift-amount"
        />
        {shownAmountError ? (
          <Field.ErrorText data-testid="gift-amount-error">{shownAmountError}</Field.ErrorText>
        ) : (
          <Field.HelperText>{L.giftRules}</Field.HelperText>
        )}
      </Field.Root>

      <SendBalanceLine balance={balance} />
      <SendSummary value={form.amount === "" ? null : Number(form.amount)} />

      <Flex justify="flex-end">
        <Button type="submit" size="lg" w={{ base: "full", sm: "auto" }} minW="32" disabled={!filled} loading={busy} colorPalette="brand" data-testid="send-next">
          {L.next}
        </Button>
      </Flex>
    </Stack>
  );
}
