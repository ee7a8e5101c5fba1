import type { EventEmitter } from "node:events";
import { ethers } from "ethers";
import { describeRevert as describeData } from "../../../indexer/decode";
import { nonceHex } from "../../../chain/eip712";
import type { Chain } from "../../../chain/bootstrap";
import type { AppDb } from "../../db/schema";
import type { OutboxRow } from "../outbox";
import * as repo from "../outbox.repo";

/** What a mined transaction did, as the relayer reads it: from its receipt, or from its own events. */
export interface Outcome {
  hash: string;
  blockNumber: number;
  status: number;
  logs: readonly { address: string; topics: readonly string[]; data: string }[];
  /**
   * The transaction reverted for want of gas (it used all it declared): nothing it carried moved, and its rows are
   * sent again rather than failed (an external chain's batch declares an estimate: batch.ts, ESTIMATE_MARGIN).
   */
  outOfGas?: boolean;
}

/** A log as eth_getLogs answers it. */
export interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  removed?: boolean;
}

/**
 * A revert payload for the row's error column: the token's custom error or Error(string) with its arguments, as the
 * indexer names it (indexer/decode.ts), or, when nothing decodes it, its first 36 bytes of hex.
 */
export function describeRevert(iface: ethers.Interface, data: string): string {
  const text = describeData(iface, data);
  return text === data ? data.slice(0, 74) : text;
}

/**
 * Reading and applying what a sent batch did: its outcome (own events or receipt), applied to the rows it
 * carried, each row's settlement announced on `events` ("resolved" and "resolved:<id>").
 */
export function createOutcomes(db: AppDb, chain: Chain, events: EventEmitter) {
  const iface = chain.iface;
  // The two events a batch's receipt is read for, by topic (computed once, not per log).
  const TRANSFER_WITH_FEE = iface.getEvent("TransferWithFee")!.topicHash;
  const AUTHORIZATION_FAILED = iface.getEvent("AuthorizationFailed")!.topicHash;
  const tokenAddress = chain.deployment.token.toLowerCase();
  const coder = ethers.AbiCoder.defaultAbiCoder();

  /**
   * What a sent batch did. On the embedded node (it has mined the transaction when it accepted it) the
   * batch's own events are read from the newest block: the node answers that in a fraction of the time a
   * receipt with every ERC-20 Transfer log takes. A transaction with none of them there (reverted, or a
   * block mined by someone else in between) and any other chain: the receipt, polled.
   */
  async function outcome(hash: string): Promise<Outcome> {
    if (chain.node) {
      const logs: RpcLog[] = await chain.provider.send("eth_getLogs", [
        { address: chain.deployment.token, fromBlock: "latest", toBlock: "latest", topics: [[TRANSFER_WITH_FEE, AUTHORIZATION_FAILED]] },
      ]);
      const own = logs.filter((l) => l.transactionHash.toLowerCase() === hash.toLowerCase() && !l.removed);
      if (own.length > 0) return { hash, blockNumber: Number(own[0].blockNumber), status: 1, logs: own };
    }
    const receipt = await chain.sender.receipt(hash);
    if (!receipt) throw new Error(`no receipt for ${hash}`);
    return outcomeOf(receipt);
  }

  /** A receipt as an outcome; a reverted one is looked at again for whether it ran out of gas. */
  async function outcomeOf(receipt: ethers.TransactionReceipt): Promise<Outcome> {
    const status = receipt.status ?? 0;
    let outOfGas = false;
    if (status === 0) {
      const tx = await chain.provider.getTransaction(receipt.hash);
      outOfGas = tx !== null && receipt.gasUsed >= tx.gasLimit;
    }
    return { hash: receipt.hash, blockNumber: receipt.blockNumber, status, logs: receipt.logs, outOfGas };
  }

  async function emitResolved(ids: number[]) {
    for (const row of await repo.outboxRows(db, ids)) {
      events.emit("resolved", row);
      events.emit(`resolved:${row.id}`, row);
    }
  }

  const rowKey = (address: string, nonce: string) => `${address}:${nonceHex(nonce)}`.toLowerCase();
  /** An indexed address topic as the lowercase address. */
  const topicAddress = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;

  /**
   * Applies a mined transaction's outcome to the rows it carried; resolves with how many went back to pending (a
   * batch out of gas).
   */
  async function applyReceipt(rows: OutboxRow[], receipt: Outcome): Promise<number> {
    const used = new Set<string>();
    const failed = new Map<string, string>();
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() !== tokenAddress) continue;
      // TransferWithFee(from, to, value, fee, nonce) is the contract's record of a used authorization.
      if (log.topics[0] === TRANSFER_WITH_FEE && log.topics.length === 4)
        used.add(`${topicAddress(log.topics[1])}:${log.topics[3].toLowerCase()}`);
      // AuthorizationFailed(index, authorizer, nonce, reason): a batch item that did not run.
      if (log.topics[0] === AUTHORIZATION_FAILED && log.topics.length === 4) {
        let reason = "0x";
        try {
          reason = coder.decode(["bytes"], log.data)[0] as string;
        } catch {
          /* an undecodable reason is recorded as a plain revert */
        }
        failed.set(`${topicAddress(log.topics[2])}:${log.topics[3].toLowerCase()}`, describeRevert(iface, reason));
      }
    }
    // A row this transaction did not carry out may have been carried out by another one (a journal replay
    // after the node died mined the first send, and this re-send found the nonce used): then it moved,
    // exactly once, and must not be recorded as failed. Which transaction it was is found in its logs.
    const elsewhere = new Map<number, { hash: string; block: number } | null>();
    const done: number[] = [];
    const again: number[] = [];
    for (const row of rows) {
      if (receipt.status === 1 && used.has(rowKey(row.from_address, row.nonce))) {
        done.push(row.id);
        continue;
      }
      if (!(await chain.token.authorizationState(row.from_address, row.nonce).catch(() => false))) continue;
      elsewhere.set(row.id, await usedIn(row));
    }
    await db.transaction().execute(async (trx) => {
      await repo.markConfirmedMany(trx, done, receipt.blockNumber, receipt.hash);
      const carried = new Set(done);
      for (const row of rows) {
        if (carried.has(row.id)) continue;
        if (elsewhere.has(row.id)) {
          const tx = elsewhere.get(row.id);
          await repo.markConfirmed(trx, row.id, tx?.block ?? null, tx?.hash ?? null);
        } else if (receipt.outOfGas) {
          // Its authorization is unused (the whole transaction reverted): it goes out again in another batch.
          await repo.requeue(trx, row.id);
          again.push(row.id);
        } else
          await repo.markFailed(
            trx,
            row.id,
            failed.get(rowKey(row.from_address, row.nonce)) ?? "transaction reverted",
            receipt.blockNumber,
          );
      }
    });
    const resent = new Set(again);
    await emitResolved(rows.filter((r) => !resent.has(r.id)).map((r) => r.id));
    return again.length;
  }

  /** The transaction whose TransferWithFee used this row's authorization (searched in the token's logs). */
  async function usedIn(row: OutboxRow): Promise<{ hash: string; block: number } | null> {
    try {
      // `from` and `nonce` are indexed topics of TransferWithFee: the node filters for the one log.
      const topics = [TRANSFER_WITH_FEE, ethers.zeroPadValue(row.from_address, 32), null, nonceHex(row.nonce)];
      const [log] = await chain.provider.getLogs({
        address: chain.deployment.token,
        topics,
        fromBlock: chain.deployment.deployBlock,
        toBlock: "latest",
      });
      if (log) return { hash: log.transactionHash, block: log.blockNumber };
    } catch {
      /* the node is not answering: the row is confirmed all the same; its hash stays the last one tried */
    }
    return null;
  }

  return { outcome, outcomeOf, applyReceipt, emitResolved };
}
