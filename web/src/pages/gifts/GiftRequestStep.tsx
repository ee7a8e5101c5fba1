import { Field, HStack, Input, Stack } from "@chakra-ui/react";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { GiftMode, GiftForm } from "@domain/schemas/shared/forms";
import { RadioChoices } from "../../components/RadioChoices";
import { GiftAmountSection } from "./GiftAmountSection";
import { GiftFavoritePicker } from "./GiftFavoritePicker";
import type { GiftKind } from "./giftKinds";
import { GiftLabels as L } from "./gifts.labels";

export interface GiftRequestStepProps {
  cfg: GiftKind;
  form: UseFormReturn<GiftForm>;
  values: GiftForm;
  balance: number | undefined;
  busy: boolean;
  onNext: (values: GiftForm) => void;
}

/** Step 1 of a gift or a market use: who receives, and how much (fee and total shown). */
export function GiftRequestStep({ cfg, form, values, balance, busy, onNext }: GiftRequestStepProps) {
  const gift = cfg.kind === "gift";
  const phone = gift && values.mode === "phone";
  const errors = form.formState.errors;
  const recipientId = gift ? "gift-recipient" : "use-address";
  const filled = values.recipient.trim() !== "" && values.amount !== "";

  return (
    <Stack as="form" gap="5" onSubmit={form.handleSubmit(onNext)}>
      <Field.Root invalid={!!errors.recipient}>
        {gift ? (
          <Controller
            control={form.control}
            name="mode"
            render={({ field }) => (
              <RadioChoices
                value={field.value}
                onChange={(mode: GiftMode) => {
                  field.onChange(mode);
                  form.resetField("recipient", { defaultValue: "" });
                }}
                choices={[
                  ["address", L.modeAddress],
                  ["phone", L.modePhone],
                ]}
                testIdPrefix="gift-mode"
                mb="2"
                aria-label={L.modeLabel}
              />
            )}
          />
        ) : (
          <Field.Label>{L.marketAddress}</Field.Label>
        )}
        {gift && <Field.Label srOnly>{phone ? L.modePhone : L.modeAddress}</Field.Label>}
        <HStack w="full" gap="2">
          <Controller
            control={form.control}
            name="recipient"
            render={({ field }) => (
              <Input
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(phone ? e.target.value.replace(/\D/g, "").slice(0, 11) : e.target.value.trim())}
                type={phone ? "tel" : "text"}
                inputMode={phone ? "numeric" : "text"}
                autoComplete="off"
                spellCheck={false}
                placeholder={phone ? L.phonePlaceholder : gift ? L.addressPlaceholder : L.marketAddressPlaceholder}
                fontFamily={phone ? undefined : "mono"}
                data-testid={recipientId}
              />
            )}
          />
          {!phone && (
            <GiftFavoritePicker onPick={(address) => form.setValue("recipient", address, { shouldValidate: true, shouldTouch: true })} />
          )}
        </HStack>
        {errors.recipient && <Field.ErrorText data-testid={`${recipientId}-error`}>{errors.recipient.message}</Field.ErrorText>}
      </Field.Root>

      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <GiftAmountSection
            kind={cfg.kind}
            label={cfg.amountLabel}
            rules={cfg.rules}
            amount={field.value}
            error={errors.amount?.message ?? null}
            onAmount={(amount) => field.onChange(amount)}
            balance={balance}
            filled={filled}
            busy={busy}
          />
        )}
      />
    </Stack>
  );
}
