import { Controller, type UseFormReturn } from "react-hook-form";
import { Button, DataList, Field, Flex, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { AMOUNT_MAX_DIGITS, QUICK_ADD_WON } from "@domain/constants";
import { formatWon } from "@domain/format";
import { AmountInput } from "../../components/AmountInput";
import type { BuyInfo } from "@domain/schemas/purchases";
import { BuyLabels as L } from "./buy.labels";
import { L as AppL } from "../../labels";
import type { BuyForm } from "@domain/schemas/shared/forms";

export interface BuyAmountStepProps {
  info: BuyInfo | undefined;
  form: UseFormReturn<BuyForm>;
  onNext: () => void;
}

/** Step 1: the amount, quick-add buttons, balance and remaining monthly capacity. */
export function BuyAmountStep({ info, form, onNext }: BuyAmountStepProps) {
  const amount = form.watch("amount");
  const shownError = form.formState.errors.amount?.message;
  const set = (digits: string) => form.setValue("amount", digits, { shouldValidate: digits !== "", shouldDirty: true });

  function quickAdd(won: number) {
    const next = (BigInt(amount || "0") + BigInt(won)).toString();
    if (next.length <= AMOUNT_MAX_DIGITS) set(next);
  }

  return (
    <Stack as="form" gap="5" onSubmit={form.handleSubmit(() => info && onNext())}>
      <Field.Root invalid={!!shownError}>
        <Field.Label>{L.amount}</Field.Label>
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <AmountInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={L.amountPlaceholder}
              aria-label={AppL.a11y.amountName(L.amount)}
              data-testid="buy-amount"
              size="lg"
            />
          )}
        />
        {shownError ? (
          <Field.ErrorText data-testid="buy-amount-error">{shownError}</Field.ErrorText>
        ) : (
          <Field.HelperText>{L.rules}</Field.HelperText>
        )}
      </Field.Root>

      <Wrap gap="2" role="group" aria-label={L.amount}>
        {QUICK_ADD_WON.map((won) => (
          <Button key={won} size="sm" variant="outline" onClick={() => quickAdd(won)} data-testid={`buy-add-${won}`}>
            {L.plus(formatWon(won))}
          </Button>
        ))}
        <Button size="sm" variant="subtle" onClick={() => form.reset({ amount: "" })} data-testid="buy-reset">
          {L.reset}
        </Button>
      </Wrap>

      <DataList.Root orientation="horizontal" size="md" borderWidth="1px" borderRadius="md" p="4">
        <DataList.Item>
          <DataList.ItemLabel>{L.balance}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="flex-end">
            <Skeleton loading={!info}>
              <Text data-testid="buy-balance">{L.won(formatWon(info?.balance ?? 0))}</Text>
            </Skeleton>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{L.capacity}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="flex-end">
            <Skeleton loading={!info}>
              <Text data-testid="buy-capacity">{L.won(formatWon(info?.capacity ?? 0))}</Text>
            </Skeleton>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>

      <Flex justify="flex-end">
        <Button
          type="submit"
          size="lg"
          w={{ base: "full", sm: "auto" }}
          minW="32"
          disabled={!info}
          colorPalette="brand"
          data-testid="buy-next"
        >
          {L.next}
        </Button>
      </Flex>
    </Stack>
  );
}
