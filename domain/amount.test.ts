import { describe, expect, it } from "vitest";
import { amountProblem, largestAmount } from "./amount";
import { Msg } from "./messages";
import { buyFormSchema, giftFormSchema } from "./schemas/shared/forms";
import { chargeBody } from "./schemas/purchases";
import { paymentBody } from "./schemas/gifts";

describe("the one order of the amount rules", () => {
  it("required → 15 digits → minimum → unit → limit, per flow", () => {
    expect(amountProblem("buy", 0)).toBe(Msg.required);
    expect(amountProblem("buy", 10 ** 15)).toBe(Msg.amountTooLong);
    expect(amountProblem("buy", 250)).toBe(Msg.buyBelowMin);
    expect(amountProblem("gift", 250)).toBe(Msg.giftBelowMin);
    expect(amountProblem("use", 250)).toBe(Msg.amountUnit);
    // Use has no minimum: under one unit is the unit's message, not the gift minimum's.
    expect(amountProblem("use", 50)).toBe(Msg.amountUnit);
    expect(amountProblem("use", 100)).toBeNull();
    expect(amountProblem("buy", 350)).toBe(Msg.amountUnit);
    expect(amountProblem("buy", 10.5)).toBe(Msg.amountUnit);
    expect(amountProblem("buy", 5_000, 4_000)).toBe(Msg.buyOverCapacity);
    expect(amountProblem("buy", 4_000, 4_000)).toBeNull();
  });

  it("gift and use count the 200-won fee against the balance and say so", () => {
    expect(amountProblem("gift", 29_800, 30_000)).toBeNull();
    expect(amountProblem("gift", 29_900, 30_000)).toBe(Msg.overBalanceWithFee);
    expect(amountProblem("use", 30_000, 30_000)).toBe(Msg.overBalanceWithFee);
    expect(amountProblem("use", 30_100, 30_000)).toBe(Msg.overBalance);
    expect(largestAmount("gift", 30_000)).toBe(29_800);
    expect(largestAmount("gift", 30_050)).toBe(29_800);
    expect(largestAmount("gift", 499)).toBe(0);
    expect(largestAmount("use", 300)).toBe(100);
    expect(largestAmount("buy", 1_000_000)).toBe(1_000_000);
  });

  it("the forms and the request bodies give the same first message", () => {
    for (const value of [250, 350, 200, 1_050]) {
      const form = buyFormSchema(1_000_000).safeParse({ amount: String(value) });
      const body = chargeBody.safeParse({ password: "111111", value });
      expect(form.error?.issues[0].message).toBe(body.error?.issues[0].message);
      const giftForm = giftFormSchema("gift", 1_000_000).safeParse({ mode: "phone", recipient: "01011112222", amount: String(value) });
      const giftBody = paymentBody.safeParse({ opponentAddress: `0x${"1".repeat(40)}`, kind: 0, type: 1, value, password: "111111" });
      expect(giftForm.error?.issues[0].message).toBe(giftBody.error?.issues[0].message);
    }
    for (const value of [50, 150]) {
      const useForm = giftFormSchema("use", 1_000_000).safeParse({
        mode: "address",
        recipient: `0x${"1".repeat(40)}`,
        amount: String(value),
      });
      const useBody = paymentBody.safeParse({ opponentAddress: `0x${"1".repeat(40)}`, kind: 0, type: 0, value, password: "111111" });
      expect(useForm.error?.issues[0].message).toBe(Msg.amountUnit);
      expect(useBody.error?.issues[0].message).toBe(Msg.amountUnit);
    }
  });
});
