import { checksumAddress } from "../../chain/checksum";
import type { AppDb, AppTx, OutboxKind, OutboxRow, OutboxStatus } from "../db/schema";
import type { ChainReader } from "../../indexer/reader";
import { nowIso } from "../db/app-db";
import { nonceHex } from "../../chain/eip712";
import { AppError } from "../http/errors";
import { linkIdempotencyMove } from "./idempotency.repo";
import { groupedTransactions } from "./grouped-transactions";
import { insertOutboxRow, lockWallet, outboxRow, outgoing, sentRows, takeNonce } from "./outbox.repo";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** What the outbox reads of the indexed chain. */
export type ChainView = Pick<ChainReader, "balanceAndHead" | "usedAuthorizations">;

export type TransferKind = OutboxKind;

export type { OutboxRow };

export interface EnqueueInput {
  kind: TransferKind;
  from: string;
  to: string;
  value: number;
  fee?: number;
  memberId?: number | null;
  counterpartyMemberId?: number | null;
  /** The request's Idempotency-Key: the row is linked to it in the same transaction. */
  idempotency?: { scope: string; key: string };
}

/** How long a signed authorization stays valid on-chain. */
const AUTH_VALIDITY_SECONDS = 7 * 24 * 3600;

/**
 * An authorization nonce: the wallet's address in the high bits, its sequence number in the low 64.
 * Unique across wallets, and a wallet's consecutive nonces share one 256-bit word of the contract's
 * bitmap (word = nonce >> 8), so each costs a warm bit flip instead of a fresh storage slot.
 */
export function authorizationNonce(address: string, seq: number): string {
  return nonceHex((BigInt(address) << 64n) | BigInt(seq));
}

/**
 * The outbox: a money move is a row here, written in the caller's transaction after checking the
 * spendable balance (indexed balance minus pending outgoing) under the wallet's lock, so concurrent
 * requests, in one process or several, cannot overspend.
 */
export interface Outbox {
  /** Integer won not yet reflected in the indexed balance: pending, submitted, or confirmed above the indexed head. */
  pendingOutgoing(address: string): Promise<number>;
  spendable(address: string, trx?: AppTx): Promise<number>;
  /**
   * Runs inside the caller's transaction `trx`. Insufficient balance: a member's payment (no
   * `insufficientMessage`) answers 1131 '보유금액을 넘었습니다.' (naming the fee when the value alone would
   * fit); an operator move answers 400 with `insufficientMessage`.
   */
  enqueue(trx: AppTx, input: EnqueueInput, insufficientMessage?: string): Promise<OutboxRow>;
  /** enqueue in a transaction of its own (on SQLite, committed together with concurrent ones: groupedTransactions). */
  send(input: EnqueueInput, insufficientMessage?: string): Promise<OutboxRow>;
  /**
   * A caller's own transaction that writes a move with `enqueue` (a business record and its move together), grouped as
   * `send`'s are (on SQLite, committed together with the concurrent ones: groupedTransactions).
   */
  transact<T>(fn: (trx: AppTx) => Promise<T>): Promise<T>;
  get(id: number): Promise<OutboxRow | undefined>;
}

export function createOutbox(db: AppDb, view: ChainView): Outbox {
  const inTransaction = groupedTransactions(db);
  /**
   * What `a` owes beyond its balance in the index at `head`. A sent row whose authorization the index already
   * shows as used at or below the head is in that balance (the indexer saw the block before the relayer recorded
   * the receipt): counting it again refused money the member had ("지갑 잔액이 부족합니다" to a shop with a
   * balance). Only a used authorization counts as shown: a batch can succeed while one of its items fails.
   */
  async function unshown(trx: AppTx, a: string, head: number | null): Promise<number> {
    const o = await outgoing(trx, a, head ?? -1);
    if (o.submitted === 0 || head === null) return o.owed;
    const sent = await sentRows(trx, a);
    const used = await view.usedAuthorizations(
      a,
      sent.map((r) => r.nonce),
      head,
    );
    return o.owed - sent.filter((r) => used.has(r.nonce.toLowerCase())).reduce((n, r) => n + r.n, 0);
  }

  const api: Outbox = {
    async pendingOutgoing(address) {
      const a = checksumAddress(address);
      const { head } = await view.balanceAndHead(a);
      return unshown(db, a, head);
    },
    async spendable(address, trx = db) {
      const a = checksumAddress(address);
      // Balance and indexed head from one snapshot of the index, then the rows it does not show yet.
      const { balance, head } = await view.balanceAndHead(a);
      // Balances stay far below 2^53 won; the conversion is checked anyway.
      if (balance > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error("balance exceeds safe integer range");
      return Number(balance) - (await unshown(trx, a, head));
    },
    async enqueue(trx, input, insufficientMessage) {
      if (!trx.isTransaction) throw new Error("enqueue must run inside a transaction");
      const fee = input.fee ?? 0;
      if (!Number.isSafeInteger(input.value) || input.value <= 0 || !Number.isSafeInteger(fee) || fee < 0) {
        throw new AppError(Code.BAD_REQUEST, Msg.badRequest);
      }
      const from = checksumAddress(input.from);
      await lockWallet(trx, from);
      const available = await api.spendable(from, trx);
      if (available < input.value + fee) {
        const data = { available, needed: input.value + fee };
        if (insufficientMessage) throw new AppError(Code.BAD_REQUEST, insufficientMessage, data);
        throw new AppError(Code.OVER_BALANCE, available >= input.value ? Msg.overBalanceWithFee : Msg.overBalance, data);
      }
      const now = nowIso();
      const row = await insertOutboxRow(trx, {
        kind: input.kind,
        from_address: from,
        to_address: checksumAddress(input.to),
        value: input.value,
        fee,
        nonce: authorizationNonce(from, await takeNonce(trx, from)),
        valid_before: Math.floor(Date.now() / 1000) + AUTH_VALIDITY_SECONDS,
        status: "pending",
        member_id: input.memberId ?? null,
        counterparty_member_id: input.counterpartyMemberId ?? null,
        created_at: now,
        updated_at: now,
      });
      if (input.idempotency) await linkIdempotencyMove(trx, input.idempotency, { transfer_id: row.id });
      return row;
    },
    send(input, insufficientMessage) {
      return inTransaction((trx) => api.enqueue(trx, input, insufficientMessage));
    },
    transact: (fn) => inTransaction(fn),
    get(id) {
      return outboxRow(db, id);
    },
  };
  return api;
}
