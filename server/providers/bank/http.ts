import type { BankProvider } from "./provider";
import { BankRefused, BankUnavailable } from "./provider";

const TIMEOUT_MS = 10_000;

/**
 * A real bank or payment gateway speaking the contract of README.md over HTTPS: JSON bodies, `Authorization: Bearer
 * <BANK_API_KEY>`, `Idempotency-Key` on every write. 4xx with `{ code, message }` is a refusal (the message shown to
 * the member), anything else (5xx, timeout, no answer) is unavailability: the caller records nothing and answers 503.
 */
export function createHttpBank(apiUrl: string, apiKey: string): BankProvider {
  async function call<T>(method: string, path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, apiUrl), {
        method,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${apiKey}`,
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new BankUnavailable((err as Error).name);
    }
    const text = await res.text();
    if (res.status >= 400 && res.status < 500) {
      const { code, message } = (text ? JSON.parse(text) : {}) as { code?: string; message?: string };
      throw new BankRefused(code ?? message ?? `http ${res.status}`);
    }
    if (!res.ok) throw new BankUnavailable(`http ${res.status}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    name: "http",
    openVirtualAccount: (req) => call("POST", "/virtual-accounts", req, `va:${req.orderNo}`),
    closeVirtualAccount: (accountNumber) => call("DELETE", `/virtual-accounts/${encodeURIComponent(accountNumber)}`, undefined),
    link: (req) => call("POST", "/links", req),
    unlink: (linkId) => call("DELETE", `/links/${encodeURIComponent(linkId)}`, undefined),
    debit: (req) => call("POST", "/debits", req, req.debitId),
  };
}
