import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankSetting } from "./index";
import { signBody, verifySignature } from "./signature";
import { startTestStack, type TestStack } from "../../test/harness";
import { purchasesApi } from "../../../domain/api/purchases";
import { Msg } from "../../../domain/messages";

const KEK = crypto.randomBytes(32);

describe("the bank provider's configuration and signatures", () => {
  it("runs the simulated bank by default and refuses a configuration that names a real one beside it", () => {
    expect(bankSetting({}, KEK).provider).toBe("simulated");
    // Every process of one store derives the same callback secret from the same key.
    expect(bankSetting({}, KEK).callbackSecret.equals(bankSetting({}, KEK).callbackSecret)).toBe(true);
    expect(() => bankSetting({ BANK_API_URL: "https://bank.example" }, KEK)).toThrow(/cannot run together/);
    expect(() => bankSetting({ BANK_PROVIDER: "simulated", BANK_API_KEY: "k" }, KEK)).toThrow(/cannot run together/);
    expect(() => bankSetting({ BANK_PROVIDER: "http", BANK_API_URL: "https://bank.example" }, KEK)).toThrow(/needs/);
    expect(() => bankSetting({ BANK_PROVIDER: "toss" }, KEK)).toThrow(/unknown BANK_PROVIDER/);
    expect(() => bankSetting({ BANK_CALLBACK_SECRET: "short" }, KEK)).toThrow(/at least 32/);
    const real = bankSetting(
      { BANK_PROVIDER: "http", BANK_API_URL: "https://bank.example", BANK_API_KEY: "k", BANK_CALLBACK_SECRET: "s".repeat(40) },
      KEK,
    );
    expect(real.provider).toBe("http");
  });

  it("accepts its own signature only: the body as sent, within the window", () => {
    const secret = crypto.randomBytes(32);
    const body = '{"eventId":"e1"}';
    const now = 1_800_000_000;
    expect(verifySignature(secret, signBody(secret, body, now), body, now)).toBe("ok");
    expect(verifySignature(secret, signBody(secret, body, now - 300), body, now)).toBe("ok");
    expect(verifySignature(secret, signBody(secret, body, now - 301), body, now)).toBe("stale");
    expect(verifySignature(secret, signBody(secret, body, now + 301), body, now)).toBe("stale");
    expect(verifySignature(secret, signBody(secret, `${body} `, now), body, now)).toBe("bad");
    expect(verifySignature(crypto.randomBytes(32), signBody(secret, body, now), body, now)).toBe("bad");
    expect(verifySignature(secret, undefined, body, now)).toBe("missing");
    expect(verifySignature(secret, "t=abc,v1=00", body, now)).toBe("bad");
  });

  describe("with a real provider configured", () => {
    let s: TestStack;
    beforeAll(async () => {
      // A provider at an address nobody listens on: it is down, and nothing simulated stands in for it.
      s = await startTestStack({
        bank: { provider: "http", apiUrl: "http://127.0.0.1:9", apiKey: "test-key", callbackSecret: crypto.randomBytes(32) },
      });
    }, 120_000);
    afterAll(async () => {
      await s?.stop();
    });

    it("serves no simulated bank, and a virtual account it cannot open answers 503 with nothing recorded", async () => {
      expect((await s.call("POST", "/sim-bank/deposit", { body: { accountNumber: "7000", amount: 1 } })).status).toBe(404);
      const page = await fetch(`${s.url}/sim-bank`);
      expect(await page.text()).not.toContain("모의 은행");
      const token = await s.loginUser("01011112222", "111111");
      const orders = async () =>
        Number(
          (
            await s.ctx.db
              .selectFrom("buy_orders")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await orders();
      const r = await s.api(purchasesApi.buyCharge, { value: 1_000, password: "111111", method: "virtual" }, { token });
      expect([r.status, r.message]).toEqual([503, Msg.bankUnavailable]);
      expect(await orders()).toBe(before);
    });
  });
});
