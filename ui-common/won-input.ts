/**
 * The one reading of a won amount that arrives whole (a paste, a drop, an autofill, a multi-character insert):
 * either it is plainly a whole number of won, or it is refused. Nothing is stripped to make it fit: `10.5` is not
 * 105, `-300` is not 300, `1e3` is not 13 (issue 34). Pure, shared by the member app and the back office.
 *
 * Accepted: ASCII digits, optionally grouped by thousands with commas (`1,000`, `12,345,678`), optionally followed by
 * `원` (with or without a space before it), with whitespace around. Leading zeros read as the number (`007` → 7).
 * Refused: a decimal point, a sign, an exponent, letters, full-width digits (`１０００`), any other character, and
 * commas that do not group by three (`1,00`, `10,00,000`, `,100`, `1,000,`): in some locales `1,00` means one, so it
 * is not guessed at. Beyond Number.MAX_SAFE_INTEGER is refused as too large (it would not be exact).
 */
export type WonParse = { ok: true; value: number; digits: string } | { ok: false; reason: "empty" | "notWhole" | "tooLarge" };

const PLAIN = /^[0-9]+$/;
const GROUPED = /^[0-9]{1,3}(?:,[0-9]{3})+$/;

export function parseWonPaste(text: string): WonParse {
  let body = text.trim();
  if (body === "") return { ok: false, reason: "empty" };
  if (body.endsWith("원")) body = body.slice(0, -1).trimEnd();
  if (!PLAIN.test(body) && !GROUPED.test(body)) return { ok: false, reason: "notWhole" };
  const digits = body.replace(/,/g, "").replace(/^0+(?=[0-9])/, "");
  if (digits.length > 16 || Number(digits) > Number.MAX_SAFE_INTEGER) return { ok: false, reason: "tooLarge" };
  return { ok: true, value: Number(digits), digits };
}

/** A typed key that may go into an amount field: one ASCII digit (navigation and editing keys are not characters). */
export function isDigitKey(key: string): boolean {
  return /^[0-9]$/.test(key);
}

/** How many digits come before position `pos` of a shown amount (`1,2|34` → 2): the caret kept across regrouping. */
export function digitsBefore(shown: string, pos: number): number {
  return shown.slice(0, pos).replace(/[^0-9]/g, "").length;
}

/** The position in `shown` just after its `n`th digit (0 → the start). */
export function positionAfterDigits(shown: string, n: number): number {
  let pos = 0;
  for (let seen = 0; pos < shown.length && seen < n; pos++) if (/[0-9]/.test(shown[pos])) seen++;
  return pos;
}
