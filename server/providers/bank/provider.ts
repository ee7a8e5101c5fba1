import type { Router } from "express";

/**
 * The bank provider (은행 / 결제대행): opens a virtual account per order, debits a member's linked own-name account,
 * and tells this server about deposits and debits by signed callbacks (`POST /api/bank/callback`, signature.ts).
 * The contract a real provider speaks is README.md's; `simulated.ts` plays it in the embedded default and tests.
 */
export interface BankProvider {
  readonly name: string;
  /** Opens an order's own virtual account, closing at `expiresAt`. */
  openVirtualAccount(req: {
    orderNo: string;
    amount: number;
    holderName: string;
    /** The member the order is for (the depositor the bank expects). */
    customerName: string;
    expiresAt: string;
  }): Promise<VirtualAccount>;
  /** Closes it (the order was cancelled or expired): a later deposit into it is refused or reported as late. */
  closeVirtualAccount(accountNumber: string): Promise<void>;
  /**
   * Registers a member's own-name account for debits (출금이체 동의): the provider checks the holder against `name`
   * and answers a link id, the only thing this server keeps besides the masked number.
   */
  link(req: { bank: string; account: string; name: string }): Promise<{ linkId: string }>;
  /** Withdraws the consent. */
  unlink(linkId: string): Promise<void>;
  /**
   * Asks for a debit; the answer only says the request was taken. The result comes by callback
   * (`debit.succeeded` / `debit.failed`) carrying the same `debitId`, which is also the provider's idempotency key.
   */
  debit(req: { debitId: string; linkId: string; amount: number }): Promise<void>;
  /** Pages of the provider itself (the simulated bank's); a real provider has none here. */
  routes?(): Router;
  /** Where callbacks go, once this server listens (a real provider has it in its own configuration). */
  setCallbackUrl?(url: string): void;
  stop?(): void;
}

export interface VirtualAccount {
  bankName: string;
  accountNumber: string;
  holderName: string;
  expiresAt: string;
}

/** The provider could not be reached or answered 5xx: nothing was done there; the member is told to retry. */
export class BankUnavailable extends Error {
  constructor(cause?: string) {
    super(`bank provider unavailable${cause ? `: ${cause}` : ""}`);
  }
}

/** The provider refused (holder mismatch, closed account, limit at the bank); `reason` is Korean for the member. */
export class BankRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A callback's body (JSON, signed as received). */
export type BankEvent =
  | {
      eventId: string;
      type: "deposit";
      occurredAt: string;
      data: { accountNumber: string; amount: number; depositorName: string };
    }
  | {
      eventId: string;
      type: "debit.succeeded" | "debit.failed";
      occurredAt: string;
      data: { debitId: string; amount: number; reason?: string };
    };
