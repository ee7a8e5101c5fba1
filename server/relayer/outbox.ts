import crypto from "node:crypto";
import { ethers } from "ethers";
import type { AppDb } from "../db/app-db";
import type { ChainReader } from "../../indexer/reader";
import { nowIso } from "../db/app-db";
import { AppError } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** What the outbox reads of the indexed chain. */
export type ChainView = Pick<ChainReader, "balanceOf" | "indexedHead">;

export type TransferKind = "gift" | "use" | "buy" | "settlement" | "settlement_return" | "admin" | "seed";
export type TransferStatus = "pending" | "submitted" | "confirmed" | "failed";

export interface TransferRow {
  id: number;
  kind: TransferKind;
  from_address: string;
  to_address: string;
  value: number;
  fee: number;
  nonce: string;
  valid_before: number;
  status: TransferStatus;
  tx_hash: string | null;
  block_number: number | null;
  error: string | null;
  member_id: number | null;
  counterparty_member_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface EnqueueInput {
  kind: TransferKind;
  from: string;
  to: string;
  value: number;
  fee?: number;
  memberId?: number | null;
  counterpartyMemberId?: number | null;
}

/** How long a signed authorization stays valid on-chain. */
const AUTH_VALIDITY_SECONDS = 7 * 24 * 3600;

/**
 * The outbox: a money move is a row here, written in the same SQLite transaction as its business
 * record, after checking the spendable balance (indexed balance minus pending outgoing). better-sqlite3
 * runs each transaction to completion on one thread, so concurrent requests cannot overspend.
 */
export interface Outbox {
  /** Integer won not yet reflected in the indexed balance: pending, submitted, or confirmed above the indexed head. */
  pendingOutgoing(address: string): number;
  spendable(address: string): number;
  /** Must run inside the caller's db.transaction. Throws 400 insufficient balance. */
  enqueue(input: EnqueueInput, insufficientMessage?: string): TransferRow;
  get(id: number): TransferRow | undefined;
}

export function createOutbox(db: AppDb, view: ChainView): Outbox {
  const outgoing = db.prepare(
    `SELECT COALESCE(SUM(value + fee), 0) AS n FROM transfers
     WHERE from_address = ? AND (status IN ('pending','submitted') OR (status = 'confirmed' AND block_number > ?))`,
  );
  const insert = db.prepare(
    `INSERT INTO transfers (kind, from_address, to_address, value, fee, nonce, valid_before, status, member_id, counterparty_member_id, created_at, updated_at)
     VALUES (@kind, @from, @to, @value, @fee, @nonce, @validBefore, 'pending', @memberId, @counterpartyMemberId, @now, @now)`,
  );
  const byId = db.prepare("SELECT * FROM transfers WHERE id = ?");

  const api: Outbox = {
    pendingOutgoing(address) {
      const head = view.indexedHead()?.number ?? -1;
      return (outgoing.get(ethers.getAddress(address), head) as { n: number }).n;
    },
    spendable(address) {
      const indexed = view.balanceOf(ethers.getAddress(address));
      // Balances stay far below 2^53 won; the conversion is checked anyway.
      if (indexed > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error("balance exceeds safe integer range");
      return Number(indexed) - api.pendingOutgoing(address);
    },
    enqueue(input, insufficientMessage = Msg.overBalance) {
      if (!db.inTransaction) throw new Error("enqueue must run inside a db transaction");
      const fee = input.fee ?? 0;
      if (!Number.isSafeInteger(input.value) || input.value <= 0 || !Number.isSafeInteger(fee) || fee < 0) {
        throw new AppError(Code.BAD_REQUEST, Msg.badRequest);
      }
      const available = api.spendable(input.from);
      if (available < input.value + fee) throw new AppError(Code.BAD_REQUEST, insufficientMessage, { available, needed: input.value + fee });
      const info = insert.run({
        kind: input.kind,
        from: ethers.getAddress(input.from),
        to: ethers.getAddress(input.to),
        value: input.value,
        fee,
        nonce: "0x" + crypto.randomBytes(32).toString("hex"),
        validBefore: Math.floor(Date.now() / 1000) + AUTH_VALIDITY_SECONDS,
        memberId: input.memberId ?? null,
        counterpartyMemberId: input.counterpartyMemberId ?? null,
        now: nowIso(),
      });
      return byId.get(info.lastInsertRowid) as TransferRow;
    },
    get(id) {
      return byId.get(id) as TransferRow | undefined;
    },
  };
  return api;
}
