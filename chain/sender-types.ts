import type { ethers } from "ethers";
import type { BlockClock } from "./block-clock";
import type { Journal } from "./journal";
import type { Replacement } from "./tx-lifecycle";
import type { TxSigner } from "./tx-signer";

/** Runs with a transaction's hash and nonce before it is journaled and sent (see `Sender.send`). */
export type BeforeSend = (hash: string, nonce: number) => void | Promise<void>;

/**
 * The sender of one account (each role's key has its own: chain/roles.ts): one nonce stream, strictly serialised
 * (an automining node rejects out-of-order nonces). Every signed transaction is journaled before
 * it is sent. On the embedded node each block gets an explicit timestamp, so a replay is exact.
 */
export interface Sender {
  address: string;
  /** Who signs: a key held by this process, or a remote signer (chain/tx-signer.ts). */
  signer: "local" | "remote";
  /**
   * Signs, journals and sends; resolves with the receipt (status 0 included) once mined. `beforeSend`
   * runs with the hash (and the nonce) BEFORE the transaction is journaled: whatever the caller records there (e.g.
   * "submitted with hash H") is on disk before the transaction can exist anywhere, so a crash at any
   * later point leaves a record that reconciliation can look up by hash.
   */
  send(tx: ethers.TransactionRequest, opts?: { beforeSend?: BeforeSend }): Promise<ethers.TransactionReceipt>;
  /**
   * As `send`, but resolves with the hash once the node accepted the transaction, without its receipt: on
   * the embedded automining node it is mined then; elsewhere `receipt` waits for it. (The embedded node
   * answers a receipt of a batch with hundreds of logs slowly; the relayer reads its own events instead.)
   */
  submit(tx: ethers.TransactionRequest, opts?: { beforeSend?: BeforeSend }): Promise<string>;
  /**
   * The receipt of a transaction sent here, polled as `send` waits for it (null after receiptTimeoutMs). On an
   * external chain: the receipt of the transaction of that nonce that landed (`hash` or a replacement of it), once
   * `confirmations` deep; not bounded by receiptTimeoutMs (the transaction is re-sent and replaced meanwhile).
   */
  receipt(hash: string): Promise<ethers.TransactionReceipt | null>;
  /** Blocks a receipt needs (its own included) before `send`/`receipt` give it: 1 = mined. */
  confirmations: number;
  /** Whether `hash` (or its replacement) is in flight here: sent and not yet `confirmations` deep. */
  inFlight(hash: string): boolean;
  /**
   * A transaction a previous run sent (its hash on record) is watched again as one sent here: true when the node
   * knows it (pending, or mined), false when it is neither (it was dropped: whatever it carried is to be re-sent).
   */
  adopt(hash: string): Promise<boolean>;
  /** Where replacements are recorded before they are journaled and sent (the app store: tx_replacements). */
  onReplace(fn: (r: Replacement) => Promise<void>): void;
  /** Stops waiting for receipts (pending sends reject at once); used by a stopping process. */
  close(): void;
  /** Runs `fn` between sends (no send runs meanwhile), then re-reads the nonce from the node. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Signs a transaction without sending it (hash is known before sending). */
  provider: ethers.JsonRpcProvider;
  /**
   * Forgets the cached nonce, fee data and head timestamp: the next send reads them from the node (after a
   * reorg dropped sent transactions, or anything else sent from this account or mined blocks).
   */
  resync(): void;
}

export interface SenderOptions {
  provider: ethers.JsonRpcProvider;
  /** The account's key held here; or `signer` (chain/tx-signer.ts: a local key, or a remote signer). */
  privateKey?: string;
  signer?: TxSigner;
  journal: Journal;
  /**
   * The embedded node's block clock, shared by every sender of that node (`createBlockClock`): setting a block's
   * timestamp, journaling and sending are one step across all accounts, so the journal holds each block's timestamp.
   */
  clock?: BlockClock;
  /** True on the embedded Hardhat node: set each block's timestamp explicitly and journal it. */
  controlTime: boolean;
  receiptTimeoutMs?: number;
  /** Test hook (fault injection): runs right after the journal append, before the node sees the transaction. */
  afterJournal?: (hash: string) => void | Promise<void>;
  /**
   * An external chain's transaction lifecycle (chain/tx-lifecycle.ts): depth, re-sending and fee replacement. Off on
   * the embedded node (it mines each transaction as it arrives, and its journal replay needs the sends as they were).
   */
  lifecycle?: { confirmations: number; replaceAfterMs: number; maxReplacements: number; maxFeeCap: bigint; pollMs?: number };
  log?: (msg: string) => void;
}
