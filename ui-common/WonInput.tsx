import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from "react";
import { Input, InputGroup, Stack, Text, type InputProps } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { digitsBefore, isDigitKey, parseWonPaste, positionAfterDigits } from "./won-input";

/** Digits that always make a safe integer (Number.MAX_SAFE_INTEGER has 16). */
const SAFE_DIGITS = 16;
/** Keys that move or delete without typing a character. */
const NAV_KEYS = new Set([
  "Backspace",
  "Delete",
  "Tab",
  "Enter",
  "Escape",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
]);
/** beforeinput kinds that bring text in whole (a paste, a drop, autocorrect, Playwright's fill, an IME-less insert). */
const WHOLE_INSERTS = new Set(["insertText", "insertReplacementText", "insertFromPaste", "insertFromDrop", "insertFromYank"]);

export interface WonInputProps extends Omit<InputProps, "value" | "onChange" | "type" | "maxLength"> {
  /** Digits only ("" when empty), no leading zeros. */
  value: string;
  onChange: (digits: string) => void;
  /** The most digits the field takes (the spec's max length); never more than a safe integer. */
  maxDigits?: number;
  /** The message when input would go past maxDigits (default: Msg.amountTooLarge). */
  tooLong?: string;
  /** Shown with thousands separators (the member app). */
  grouped?: boolean;
  /** Text after the field inside it, e.g. "원". */
  endElement?: string;
  /** data-testid of the input; the refusal message is `${testId}-refused`. */
  testId: string;
}

/**
 * The one won amount field of both apps (issue 34): a keystroke other than a digit is blocked, and text that arrives
 * whole — a paste, a drop, an autofill, a multi-character insert — goes through parseWonPaste: a whole number of won
 * (`1,000원` → 1000) replaces the selection, anything else (`10.5`, `-300`, `1e3`, `１０００`) is refused with a
 * Korean message (role="alert") and the field stays exactly as it was. Nothing is stripped into a different amount.
 */
export function WonInput({
  value,
  onChange,
  maxDigits = SAFE_DIGITS,
  tooLong,
  grouped = false,
  endElement,
  testId,
  onKeyDown,
  ...rest
}: WonInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  const [refused, setRefusedState] = useState<string | null>(null);
  const shown = grouped && value !== "" ? formatWon(value) : value;
  const max = Math.min(maxDigits, SAFE_DIGITS);
  /**
   * A key refused while typing (the `.` of `10.5`) is said until the amount is replaced whole: the digits typed after
   * it make another amount (105), so the reason must stay beside the field, not vanish with the next digit.
   */
  const keyRefused = useRef(false);
  /** Whether the whole amount was selected when the last key went down (typing then replaces it whole). */
  const wholeSelected = useRef(false);
  /** The amount this field last gave to onChange: any other new value was set from outside (a button, a reset). */
  const ownValue = useRef(value);
  const setRefused = (message: string | null, byKey = false) => {
    keyRefused.current = message !== null && byKey;
    setRefusedState(message);
  };
  // A new amount set from outside (quick add, 전액, reset) ends what was said about a refused one.
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (value !== ownValue.current) {
      ownValue.current = value;
      keyRefused.current = false;
      setRefusedState(null);
    }
  }

  useLayoutEffect(() => {
    const el = ref.current;
    const want = caretDigits.current;
    if (!el || want === null || document.activeElement !== el) return;
    caretDigits.current = null;
    const pos = positionAfterDigits(shown, want);
    el.setSelectionRange(pos, pos);
  }, [shown]);

  /** Takes `digits` as the new amount (caret after its `caret`th digit), or refuses it when too long. */
  function accept(raw: string, caret: number): boolean {
    const digits = raw.replace(/^0+(?=[0-9])/, "");
    if (digits.length > max || Number(digits) > Number.MAX_SAFE_INTEGER) {
      setRefused(tooLong ?? Msg.amountTooLarge);
      return false;
    }
    // A refused key stays said while typing goes on after it; an amount typed over the whole field, or emptied, ends it.
    if (!keyRefused.current || wholeSelected.current || digits === "") setRefused(null);
    caretDigits.current = Math.max(0, caret - (raw.length - digits.length));
    ownValue.current = digits;
    if (digits !== value) onChange(digits);
    return true;
  }

  /** Text arriving whole, put where the selection is: accepted only when it reads as a whole number of won. */
  function insertWhole(text: string) {
    const el = ref.current;
    const parsed = parseWonPaste(text);
    if (!parsed.ok) {
      if (parsed.reason !== "empty") setRefused(parsed.reason === "tooLarge" ? (tooLong ?? Msg.amountTooLarge) : Msg.amountWholeWon);
      return;
    }
    // A whole amount brought in on purpose (a paste, a drop) ends what a refused key said.
    keyRefused.current = false;
    const from = el ? digitsBefore(shown, el.selectionStart ?? shown.length) : value.length;
    const to = el ? digitsBefore(shown, el.selectionEnd ?? shown.length) : value.length;
    accept(value.slice(0, from) + parsed.digits + value.slice(to), from + parsed.digits.length);
  }
  const insertRef = useRef(insertWhole);
  insertRef.current = insertWhole;

  // The native beforeinput (React's onBeforeInput is another event): one typed digit goes on to onChange; any other
  // text inserted (IME-less keyboards, autocorrect, fill) is read whole here, before the browser changes the field.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = (e: InputEvent) => {
      if (e.isComposing || !WHOLE_INSERTS.has(e.inputType)) return;
      const text = e.data ?? e.dataTransfer?.getData("text/plain") ?? null;
      if (text === null) return;
      if (e.inputType === "insertText" && isDigitKey(text)) return;
      e.preventDefault();
      insertRef.current(text);
    };
    el.addEventListener("beforeinput", before);
    return () => el.removeEventListener("beforeinput", before);
  }, []);

  function handleKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    const el = e.currentTarget;
    wholeSelected.current = el.value !== "" && el.selectionStart === 0 && el.selectionEnd === el.value.length;
    if (e.defaultPrevented) return;
    // copy / paste / select all stay possible; the paste handler reads pasted text
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (NAV_KEYS.has(e.key) || e.key.length !== 1) return;
    if (isDigitKey(e.key) && !e.nativeEvent.isComposing) return;
    e.preventDefault();
    setRefused(Msg.amountWholeWon, true);
  }

  function handlePaste(e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    insertWhole(e.clipboardData.getData("text/plain"));
  }

  function handleDrop(e: DragEvent<HTMLInputElement>) {
    e.preventDefault();
    ref.current?.focus();
    insertWhole(e.dataTransfer.getData("text/plain"));
  }

  // What still reaches onChange: a typed digit or a deletion (digits and our commas only), or a value set whole
  // without beforeinput (browser autofill): that one must read as a whole number of won, or the field stays.
  function handleChange(e: ChangeEvent<HTMLInputElement>) {
    const el = e.target;
    const raw = el.value;
    const kind = (e.nativeEvent as InputEvent).inputType ?? "";
    if ((kind === "insertText" || kind.startsWith("delete")) && /^[0-9,]*$/.test(raw)) {
      accept(raw.replace(/,/g, ""), digitsBefore(raw, el.selectionStart ?? raw.length));
      return;
    }
    if (raw.trim() === "") {
      accept("", 0);
      return;
    }
    const parsed = parseWonPaste(raw);
    if (parsed.ok) accept(parsed.digits, parsed.digits.length);
    else setRefused(parsed.reason === "tooLarge" ? (tooLong ?? Msg.amountTooLarge) : Msg.amountWholeWon);
  }

  const input = (
    <Input
      {...rest}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onDrop={handleDrop}
      onChange={handleChange}
      {...(refused ? { "aria-invalid": true } : {})}
      data-testid={testId}
    />
  );
  return (
    <Stack gap="1" w="full">
      {endElement ? <InputGroup endElement={endElement}>{input}</InputGroup> : input}
      {refused && (
        <Text role="alert" color="fg.error" textStyle="sm" data-testid={`${testId}-refused`}>
          {refused}
        </Text>
      )}
    </Stack>
  );
}
