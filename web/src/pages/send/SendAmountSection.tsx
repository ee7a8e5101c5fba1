import { Button, Field, Flex } from "@chakra-ui/react";
import { AmountInput } from "../../components/AmountInput";
import { SendBalanceLine } from "./SendBalanceLine";
import { SendSummary } from "./SendSummary";
import { SendLabels as L } from "./sendLabels";

export interface SendAmountSectionProps {
  /** "gift" or "use": prefixes the test ids (gift-amount, use-amount-error…). */
  flow: "gift" | "use";
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

/** The shared lower half of both send request steps: amount, balance, fee and total, and Next. */
export function SendAmountSection({ flow, label, rules, amount, error, onAmount, balance, filled, busy }: SendAmountSectionProps) {
  return (
    <>
      <Field.Root invalid={!!error}>
        <Field.Label>{label}</Field.Label>
        <AmountInput value={amount} onChange={onAmount} placeholder={L.amountPlaceholder} data-testid={`${flow}-amount`} />
        {error ? <Field.ErrorText data-testid={`${flow}-amount-error`}>{error}</Field.ErrorText> : <Field.HelperText>{rules}</Field.HelperText>}
      </Field.Root>

      <SendBalanceLine balance={balance} />
      <SendSummary value={amount === "" ? null : Number(amount)} />

      <Flex justify="flex-end">
        <Button type="submit" size="lg" w={{ base: "full", sm: "auto" }} minW="32" disabled={!filled} loading={busy} colorPalette="brand" data-testid="send-next">
          {L.next}
        </Button>
      </Flex>
    </>
  );
}
