import { useState } from "react";
import { Field, HStack, Input, Stack } from "@chakra-ui/react";
import { RadioChoices } from "../../components/RadioChoices";
import { Msg } from "@domain/messages";
import { SendAmountSection } from "./SendAmountSection";
import { SendFavoritePicker } from "./SendFavoritePicker";
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
        <RadioChoices
          value={form.mode}
          onChange={(mode: GiftMode) => {
            onChange({ mode, recipient: "" });
            setTouched((t) => ({ ...t, recipient: false }));
          }}
          choices={[
            ["address", L.modeAddress],
            ["phone", L.modePhone],
          ]}
          testIdPrefix="gift-mode"
          mb="2"
          aria-label={L.modeLabel}
        />
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

      <SendAmountSection
        flow="gift"
        label={L.giftAmount}
        rules={L.giftRules}
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
