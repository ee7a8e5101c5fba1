import crypto from "node:crypto";
import type { BankEvent, BankProvider, VirtualAccount } from "./provider";
import { BankRefused, BankUnavailable } from "./provider";
import { signBody, SIGNATURE_HEADER } from "./signature";
import { createSimulatedBankHolder } from "../bank-holder";

/**
 * The simulated bank of the embedded default and the tests: it keeps its virtual accounts and linked accounts in
 * this process's memory and sends its callbacks over HTTP, signed, to the server as a real provider would
 * (retrying until answered 2xx). A person uses its page (/sim-bank: deposit into a virtual account, any amount, any
 * name, late, twice); tests turn its switches. It never exists beside a real provider (./index.ts).
 *
 * Deterministic accounts for links and debits (as the holder check's, ../bank-holder.ts): a number beginning 999 is
 * someone else's (홍길동), 000 does not exist, 888 is closed, 777 has no money (its debits fail).
 */
export interface SimulatedBankSwitches {
  /** Every call answers as an unreachable provider. */
  down: boolean;
  /** Debits fail (잔액 부족) whatever the account. */
  refuse: boolean;
  /** Callbacks wait this long before they are sent. */
  delayMs: number;
  /** Each callback is sent twice. */
  duplicate: boolean;
  /** Callbacks are held until `flush()`, then sent newest first. */
  reorder: boolean;
}

export interface SimulatedBank extends BankProvider {
  switches: SimulatedBankSwitches;
  /** A deposit made at the bank into `accountNumber` (open, closed or unknown alike: the server decides). */
  deposit(d: { accountNumber: string; amount: number; depositorName: string }): Promise<BankEvent>;
  virtualAccounts(): (VirtualAccount & { orderNo: string; amount: number; customerName: string; closed: boolean })[];
  /** Sends the held callbacks (reorder), newest first. */
  flush(): Promise<void>;
  /**
   * Callbacks answered: their event, what they name (a debit id or an account number), their answer's status and
   * when their first delivery began (ms since the epoch; the bench times the callback → confirmed path from it).
   */
  delivered: { eventId: string; type: string; ref: string; status: number; sentAt: number }[];
  /** Resolves once every scheduled callback has been answered (or given up). */
  idle(): Promise<void>;
}

const BANK_NAME = "가상은행";
const RETRIES = 5;

export function createSimulatedBank(secret: Buffer): SimulatedBank {
  const accounts = new Map<string, VirtualAccount & { orderNo: string; amount: number; customerName: string; closed: boolean }>();
  const links = new Map<string, { bank: string; account: string; name: string }>();
  const holder = createSimulatedBankHolder();
  const held: BankEvent[] = [];
  const inFlight = new Set<Promise<void>>();
  let callbackUrl: string | null = null;
  let stopped = false;
  const switches: SimulatedBankSwitches = { down: false, refuse: false, delayMs: 0, duplicate: false, reorder: false };
  const delivered: SimulatedBank["delivered"] = [];

  const reachable = () => {
    if (switches.down) throw new BankUnavailable("simulated bank is down");
  };

  async function post(event: BankEvent): Promise<void> {
    const body = JSON.stringify(event);
    const sentAt = Date.now();
    const ref = "debitId" in event.data ? event.data.debitId : event.data.accountNumber;
    for (let attempt = 0; attempt < RETRIES && !stopped; attempt++) {
      if (!callbackUrl) return;
      try {
        const res = await fetch(callbackUrl, {
          method: "POST",
          headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(secret, body) },
          body,
        });
        await res.arrayBuffer();
        delivered.push({ eventId: event.eventId, type: event.type, ref, status: res.status, sentAt });
        if (res.ok || (res.status >= 400 && res.status < 500)) return;
      } catch {
        /* the server is down: try again, as a provider's retry schedule would */
      }
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }

  function send(event: BankEvent): void {
    if (switches.reorder) {
      held.push(event);
      return;
    }
    const p = (async () => {
      if (switches.delayMs > 0) await new Promise((r) => setTimeout(r, switches.delayMs));
      await post(event);
      if (switches.duplicate) await post(event);
    })();
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  const event = (type: BankEvent["type"], data: BankEvent["data"]) =>
    ({ eventId: `evt_${crypto.randomUUID()}`, type, occurredAt: new Date().toISOString(), data }) as BankEvent;

  const bank: SimulatedBank = {
    name: "simulated",
    switches,
    delivered,
    async openVirtualAccount({ orderNo, amount, holderName, customerName, expiresAt }) {
      reachable();
      const accountNumber = `7${crypto.randomInt(10 ** 12, 10 ** 13 - 1)}`;
      const va = { bankName: BANK_NAME, accountNumber, holderName, expiresAt, orderNo, amount, customerName, closed: false };
      accounts.set(accountNumber, va);
      return { bankName: BANK_NAME, accountNumber, holderName, expiresAt };
    },
    async closeVirtualAccount(accountNumber) {
      const va = accounts.get(accountNumber);
      if (va) va.closed = true;
    },
    async link({ bank: bankName, account, name }) {
      reachable();
      const verdict = await holder.check({ bank: bankName, account, name });
      if (verdict !== "match") throw new BankRefused(verdict);
      const linkId = `lnk_${crypto.randomUUID()}`;
      links.set(linkId, { bank: bankName, account, name });
      return { linkId };
    },
    async unlink(linkId) {
      links.delete(linkId);
    },
    async debit({ debitId, linkId, amount }) {
      reachable();
      const link = links.get(linkId);
      if (!link) throw new BankRefused("notLinked");
      const poor = switches.refuse || link.account.startsWith("777");
      send(poor ? event("debit.failed", { debitId, amount, reason: "잔액이 부족합니다." }) : event("debit.succeeded", { debitId, amount }));
    },
    async deposit({ accountNumber, amount, depositorName }) {
      const e = event("deposit", { accountNumber, amount, depositorName });
      send(e);
      return e;
    },
    virtualAccounts: () => [...accounts.values()].reverse(),
    async flush() {
      const batch = held.splice(0).reverse();
      for (const e of batch) await post(e);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    setCallbackUrl(url) {
      callbackUrl = url;
    },
    stop() {
      stopped = true;
    },
  };
  return bank;
}
