import { describe, expect, it } from "vitest";
import { digitsBefore, parseWonPaste, positionAfterDigits } from "./won-input";

describe("parseWonPaste: a whole number of won, or refused (never reinterpreted)", () => {
  it.each([
    ["1000", 1000],
    ["1,000", 1000],
    ["1,000원", 1000],
    ["1,000 원", 1000],
    ["  2000  ", 2000],
    ["\t12,345,678원\n", 12_345_678],
    ["007", 7],
    ["0", 0],
    ["9007199254740991", Number.MAX_SAFE_INTEGER],
  ])("accepts %j as %d", (text, value) => {
    const r = parseWonPaste(text);
    expect(r).toEqual({ ok: true, value, digits: String(value) });
  });

  it.each([
    "10.5",
    "1,000.50",
    "-300",
    "+300",
    "1e3",
    "1E3",
    "１０００",
    "1０00",
    "12a3",
    "abc",
    "0x10",
    "1 000",
    "1_000",
    "원",
    "1,000원원",
    "₩1,000",
    // commas that do not group by three are not guessed at (in some locales 1,00 is one)
    "1,00",
    "10,00,000",
    ",100",
    "1,000,",
    "1,,000",
    "1000,000",
  ])("refuses %j as not a whole number of won", (text) => {
    expect(parseWonPaste(text)).toEqual({ ok: false, reason: "notWhole" });
  });

  it("refuses an amount beyond Number.MAX_SAFE_INTEGER (it would not be exact)", () => {
    expect(parseWonPaste("9007199254740992")).toEqual({ ok: false, reason: "tooLarge" });
    expect(parseWonPaste("99,999,999,999,999,999원")).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("calls empty and blank text empty (the field ignores it)", () => {
    expect(parseWonPaste("")).toEqual({ ok: false, reason: "empty" });
    expect(parseWonPaste("   ")).toEqual({ ok: false, reason: "empty" });
  });
});

describe("caret helpers across thousands separators", () => {
  it("counts digits before a position and finds the position after the nth digit", () => {
    expect(digitsBefore("1,234", 3)).toBe(2);
    expect(digitsBefore("1,234", 0)).toBe(0);
    expect(positionAfterDigits("1,234", 2)).toBe(3);
    expect(positionAfterDigits("1,234", 0)).toBe(0);
    expect(positionAfterDigits("1,234", 9)).toBe(5);
  });
});
