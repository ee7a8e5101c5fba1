import { AMOUNT_MAX_DIGITS } from "@domain/constants";
import { Msg } from "@domain/messages";
import { WonInput, type WonInputProps } from "@common/WonInput";

export interface AmountInputProps extends Omit<WonInputProps, "maxDigits" | "tooLong" | "grouped" | "endElement" | "testId"> {
  "data-testid": string;
}

/**
 * The member app's won amount field (buy, gift, use): the shared WonInput (ui-common/WonInput.tsx) with thousands
 * separators, "원" inside the field and at most 15 digits. Only digits are typed; a pasted or autofilled amount that is
 * not a whole number of won (`10.5`, `-300`, `1e3`, `１０００`) is refused with a message and the field stays as it was.
 */
export function AmountInput({ "data-testid": testId, ...rest }: AmountInputProps) {
  return <WonInput {...rest} grouped endElement="원" maxDigits={AMOUNT_MAX_DIGITS} tooLong={Msg.amountTooLong} testId={testId} />;
}

/** The digits as a safe integer (0 when empty). 15 digits always fit. */
export function amountOf(digits: string): number {
  return digits === "" ? 0 : Number(digits);
}
