import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { Input, InputGroup, type InputProps } from "@chakra-ui/react";
import { AMOUNT_MAX_DIGITS } from "@domain/constants";
import { formatWon } from "@domain/format";

/** Keys that move or delete without typing a character. */
const NAV_KEYS = new Set(["Backspace", "Delete", "Tab", "Enter", "Escape", "ArrowLeft", "ArrowRight", "Home", "End"]);

/** Keeps digits only, drops leading zeros, caps at 15 digits. */
export function cleanDigits(raw: string): string {
  return raw
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, AMOUNT_MAX_DIGITS);
}

export interface AmountInputProps extends Omit<InputProps, "value" | "onChange" | "type"> {
  /** Digits only ("" when empty). */
  value: string;
  onChange: (digits: string) => void;
}

/**
 * Won amount field: only digits, Backspace and navigation keys get through; at most 15 digits;
 * shown with thousands separators. The caret stays after the same digit when commas move.
 */
export function AmountInput({ value, onChange, onKeyDown, ...rest }: AmountInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  const shown = value === "" ? "" : formatWon(value);

  useLayoutEffect(() => {
    const el = ref.current;
    const want = caretDigits.current;
    if (!el || want === null || document.activeElement !== el) return;
    caretDigits.current = null;
    let pos = 0;
    for (let seen = 0; pos < shown.length && seen < want; pos++) if (/\d/.test(shown[pos])) seen++;
    el.setSelectionRange(pos, pos);
  }, [shown]);

  function handleKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    // copy / paste / select all stay possible; the change handler filters pasted text
    if (e.ctrlKey || e.metaKey) return;
    if (NAV_KEYS.has(e.key)) return;
    if (/^\d$/.test(e.key) && !e.nativeEvent.isComposing) return;
    e.preventDefault();
  }

  return (
    <InputGroup endElement="원">
      <Input
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={shown}
        onKeyDown={handleKeyDown}
        onChange={(e) => {
          const el = e.target;
          const before = el.value.slice(0, el.selectionStart ?? el.value.length);
          caretDigits.current = before.replace(/\D/g, "").length;
          onChange(cleanDigits(el.value));
        }}
        {...rest}
      />
    </InputGroup>
  );
}

/** The digits as a safe integer (0 when empty). 15 digits always fit. */
export function amountOf(digits: string): number {
  return digits === "" ? 0 : Number(digits);
}
