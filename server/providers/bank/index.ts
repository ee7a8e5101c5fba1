import crypto from "node:crypto";
import type { BankProvider } from "./provider";
import { createHttpBank } from "./http";
import { createSimulatedBank } from "./simulated";
import { simulatedBankRoutes } from "./simulated.routes";

/**
 * BANK_PROVIDER: `simulated` (the default: the embedded bank of ./simulated.ts and its /sim-bank page) or `http` (a
 * real provider at BANK_API_URL with BANK_API_KEY, README.md's contract). BANK_CALLBACK_SECRET keys the callbacks'
 * HMAC; with the simulated bank it defaults to one derived from KEY_ENCRYPTION_KEY (every process of one store
 * derives the same). A configuration naming both (the simulated provider and a BANK_API_URL) refuses to start: a
 * simulated bank must never be reachable where a real one is.
 */
export type BankSetting =
  | { provider: "simulated"; callbackSecret: Buffer }
  | { provider: "http"; apiUrl: string; apiKey: string; callbackSecret: Buffer };

export function bankSetting(env: NodeJS.ProcessEnv, keyEncryptionKey: Buffer): BankSetting {
  const provider = (env.BANK_PROVIDER ?? "simulated").trim();
  const secret = env.BANK_CALLBACK_SECRET?.trim();
  if (secret !== undefined && secret.length < 32) throw new Error("BANK_CALLBACK_SECRET must be at least 32 characters");
  if (provider === "simulated") {
    if (env.BANK_API_URL?.trim() || env.BANK_API_KEY?.trim())
      throw new Error("BANK_PROVIDER=simulated with BANK_API_URL/BANK_API_KEY: a real bank and the simulated one cannot run together");
    const derived = crypto.createHmac("sha256", keyEncryptionKey).update("bank-callback").digest();
    return { provider, callbackSecret: secret ? Buffer.from(secret, "utf8") : derived };
  }
  if (provider === "http") {
    const apiUrl = env.BANK_API_URL?.trim();
    const apiKey = env.BANK_API_KEY?.trim();
    if (!apiUrl || !apiKey || !secret) throw new Error("BANK_PROVIDER=http needs BANK_API_URL, BANK_API_KEY and BANK_CALLBACK_SECRET");
    return { provider, apiUrl, apiKey, callbackSecret: Buffer.from(secret, "utf8") };
  }
  throw new Error(`unknown BANK_PROVIDER '${provider}' (available: simulated, http)`);
}

export function createBankProvider(s: BankSetting): BankProvider {
  if (s.provider === "http") return createHttpBank(s.apiUrl, s.apiKey);
  const bank = createSimulatedBank(s.callbackSecret);
  bank.routes = () => simulatedBankRoutes(bank);
  return bank;
}

export type { BankProvider, BankEvent, VirtualAccount } from "./provider";
export { BankRefused, BankUnavailable } from "./provider";
