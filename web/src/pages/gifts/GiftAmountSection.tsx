import { Button, Field, Flex, HStack } from "@chakra-ui/react";
import { largestAmount } from "@domain/amount";
import { AmountInput } from "../../components/AmountInput";
import { GiftBalanceLine } from "./GiftBalanceLine";
import { GiftSummary } from "./GiftSummary";
import { GiftLabels as L } from "./gifts.labels";
import { L as AppL } from "../../labels";

export interface GiftAmountSectionProps {
  /** "gift" or "use": prefixes the test ids (gift-amount, use-amount-error…). */
  kind: "gift" | "use";
  label: string;
  rules: string;
  amount: string;
  /** The validation message to show, or null. */
  error: string | null;
  onAmount: (amount: string) => void;
  balance: number | undefined;
  filled: boolean;
  busy: boolean;
}

/** The lower half of the request step: amount with '전액', balance, fee and total, and Next. */
export function GiftAmountSection({ kind, label, rules, amount, error, onAmount, balance, filled, busy }: GiftAmountSectionProps) {
  const all = balance === undefined ? 0 : largestAmount(kind, balance);
  return (
    <>
      <Field.Root invalid={!!error}>
        <Field.Label>{label}</Field.Label>
        <HStack w="full" gap="2">
          <AmountInput
            value={amount}
            onChange={onAmount}
            placeholder={L.amountPlaceholder}
            aria-label={AppL.a11y.amountName(label)}
            data-testid={`${kind}-amount`}
          />
          <Button
            variant="outline"
            flexShrink={0}
            disabled={all === 0}
            onClick={() => onAmount(String(all))}
            title={L.allTitle}
            data-testid="send-all"
          >
            {L.all}
          </Button>
        </HStack>
        {error ? (
          <Field.ErrorText data-testid={`${kind}-amount-error`}>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>{rules}</Field.HelperText>
        )}
      </Field.Root>

      <GiftBalanceLine balance={balance} />
      <GiftSummary value={amount === "" ? null : Number(amount)} />

      <Flex justify="flex-end">
        <Button
          type="submit"
          size="lg"
          w={{ base: "full", sm: "auto" }}
          minW="32"
          disabled={!filled || balance === undefined}
          loading={busy}
          colorPalette="brand"
          data-testid="send-next"
        >
          {L.next}
        </Button>
      </Flex>
    </>
  );
}
