import { EventEmitter } from "node:events";
import { ethers } from "ethers";
import type { AppDb } from "../db/schema";
import type { Custody } from "../custody/keys";
import type { Chain } from "../../chain/bootstrap";
import type { TransferRow } from "./outbox";
import { TRANSFER_WITH_AUTHORIZATION_TYPES, nonceHex, voucherDomain } from "../../chain/eip712";
import * as repo from "./outbox.repo";

export interface Relayer {
  start(): void;
  /**
   * Stops after the batch in flight (waiting at most `graceMs` for it; a batch cut short stays
   * 'submitted' with its hash and is reconciled by the next start).
   */
  stop(graceMs?: number): Promise<void>;
  /** Wake the loop now (after an enqueue). */
  kick(): void;
  /**
   * Resolves when the row is confirmed or failed, or with its current state after `timeoutMs`. Another
   * process may be the one relaying, so the row is also polled, not only awaited as an event.
   */
  waitFor(id: number, timeoutMs: number): Promise<TransferRow>;
  /**
   * Settles rows left 'submitted' by a previous run against the chain; each moves exactly once. With
   * `pending`, also rows still 'pending' whose authorization the chain already shows as used (a
   * transaction that left an earlier version of this process between journal and record).
   */
  reconcile(opts?: { pending?: boolean }): Promise<{ confirmed: number; failed: number; requeued: number }>;
  /** Runs one send cycle (tests). */
  runOnce(): Promise<number>;
  on(event: "settled", fn: (row: TransferRow) => void): void;
}

export interface RelayerOptions {
  db: AppDb;
  custody: Custody;
  chain: Chain;
  batchSize?: number;
  log?: { info: (o: unknown, m?: string) => void; warn: (o: unknown, m?: string) => void; error: (o: unknown, m?: string) => void };
  /** Test hook: called after rows are marked submitted and before the transaction is sent. */
  beforeSend?: (rows: TransferRow[], txHash: string) => void | Promise<void>;
}


/**
 * Sends outbox rows in order: signs each authorization with the member's custodial key and submits
 * them through the operator's relayer account, one row as transferWithAuthorization, several as one
 * batch (a bad item fails alone). Rows are marked 'submitted' with the tx hash before the send.
 */
export function createRelayer(opts: RelayerOptions): Relayer {
  const { db, custody, chain } = opts;
  const batchSize = opts.batchSize ?? 50;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const iface = chain.iface;
  const domain = voucherDomain(chain.deployment.chainId, chain.deployment.token);
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = true;
  let current: Promise<unknown> = Promise.resolve();
  let wakeAgain = false;

  async function sign(row: TransferRow) {
    const signer = await custody.signerFor(row.from_address);
    const message = {
      from: row.from_address,
      to: row.to_address,
      value: BigInt(row.value),
      fee: BigInt(row.fee),
      validAfter: 0n,
      validBefore: BigInt(row.valid_before),
      // The outbox stores the uint256 bitmap nonce (word << 8 | bit) as 0x-prefixed 32-byte hex.
      nonce: BigInt(row.nonce),
    };
    const sig = ethers.Signature.from(await signer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, message));
    return { ...message, v: sig.v, r: sig.r, s: sig.s };
  }

  async function emitSettled(ids: number[]) {
    for (const row of await repo.outboxRows(db, ids)) {
      events.emit("settled", row);
      events.emit(`settled:${row.id}`, row);
    }
  }

  /** Applies a mined receipt to the rows it carried. */
  async function applyReceipt(rows: TransferRow[], receipt: ethers.TransactionReceipt) {
    const used = new Set<string>();
    const failed = new Map<string, string>();
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() !== chain.deployment.token.toLowerCase()) continue;
      let parsed: ethers.LogDescription | null = null;
      try {
        parsed = iface.parseLog(log);
      } catch {
        continue;
      }
      if (!parsed) continue;
      // TransferWithFee(from, to, value, fee, nonce) is the contract's record of a used authorization.
      if (parsed.name === "TransferWithFee") used.add(`${parsed.args.from}:${nonceHex(parsed.args.nonce)}`.toLowerCase());
      if (parsed.name === "AuthorizationFailed") failed.set(`${parsed.args.authorizer}:${nonceHex(parsed.args.nonce)}`.toLowerCase(), describeRevert(iface, parsed.args.reason));
    }
    // A row this transaction did not carry out may have been carried out by another one (a journal replay
    // after the node died mined the first send, and this re-send found the nonce used): then it moved,
    // exactly once, and must not be recorded as failed. Which transaction it was is found in its logs.
    const elsewhere = new Map<number, { hash: string; block: number } | null>();
    for (const row of rows) {
      const key = `${row.from_address}:${nonceHex(row.nonce)}`.toLowerCase();
      if (receipt.status === 1 && used.has(key)) continue;
      if (!(await chain.token.authorizationState(row.from_address, row.nonce).catch(() => false))) continue;
      elsewhere.set(row.id, await usedIn(row));
    }
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const key = `${row.from_address}:${nonceHex(row.nonce)}`.toLowerCase();
        if (receipt.status === 1 && used.has(key)) await repo.markConfirmed(trx, row.id, receipt.blockNumber, receipt.hash);
        else if (elsewhere.has(row.id)) {
          const tx = elsewhere.get(row.id);
          await repo.markConfirmed(trx, row.id, tx?.block ?? null, tx?.hash ?? null);
        } else await repo.markFailed(trx, row.id, failed.get(key) ?? "transaction reverted", receipt.blockNumber);
      }
    });
    await emitSettled(rows.map((r) => r.id));
  }

  /** The transaction whose TransferWithFee used this row's authorization (searched in the token's logs). */
  async function usedIn(row: TransferRow): Promise<{ hash: string; block: number } | null> {
    try {
      // `from` and `nonce` are indexed topics of TransferWithFee: the node filters for the one log.
      const topics = [iface.getEvent("TransferWithFee")!.topicHash, ethers.zeroPadValue(row.from_address, 32), null, nonceHex(row.nonce)];
      const [log] = await chain.provider.getLogs({ address: chain.deployment.token, topics, fromBlock: chain.deployment.deployBlock, toBlock: "latest" });
      if (log) return { hash: log.transactionHash, block: log.blockNumber };
    } catch {
      /* the node is not answering: the row is confirmed all the same; its hash stays the last one tried */
    }
    return null;
  }

  async function runOnce(): Promise<number> {
    const rows = await repo.pendingRows(db, batchSize);
    if (rows.length === 0) return 0;
    const signed = [];
    for (const row of rows) signed.push(await sign(row));
    const data =
      rows.length === 1
        ? iface.encodeFunctionData("transferWithAuthorization", [
            signed[0].from, signed[0].to, signed[0].value, signed[0].fee, signed[0].validAfter, signed[0].validBefore, signed[0].nonce, signed[0].v, signed[0].r, signed[0].s,
          ])
        : iface.encodeFunctionData("batchTransferWithAuthorization", [signed]);
    const gasLimit = BigInt(120_000 + 90_000 * rows.length);
    const receipt = await chain.sender.send(
      { to: chain.deployment.token, data, gasLimit },
      {
        beforeSend: (hash) =>
          repo.markSubmitted(
            db,
            rows.map((r) => r.id),
            hash,
          ),
      },
    );
    if (opts.beforeSend) await opts.beforeSend(rows, receipt.hash);
    await applyReceipt(rows, receipt);
    return rows.length;
  }

  async function loop() {
    if (running || stopped) {
      wakeAgain = true;
      return;
    }
    running = true;
    try {
      if (await repo.hasSubmitted(db)) await reconcile();
      do {
        wakeAgain = false;
        while (!stopped && (await runOnce()) > 0);
      } while (wakeAgain && !stopped);
    } catch (err) {
      opts.log?.warn({ err: (err as Error).message }, "relayer: send failed; will retry");
      // Rows whose send failed before reaching the chain go back to pending via reconcile.
      await reconcile().catch(() => undefined);
    } finally {
      running = false;
    }
  }

  async function reconcile(o: { pending?: boolean } = {}) {
    const rows = await repo.submittedRows(db);
    let confirmed = 0;
    let failed = 0;
    let requeued = 0;
    if (o.pending) {
      for (const r of await repo.pendingRows(db, batchSize)) {
        if (!(await chain.token.authorizationState(r.from_address, r.nonce))) continue;
        await repo.markConfirmed(db, r.id, null, null);
        confirmed++;
        await emitSettled([r.id]);
      }
    }
    const byHash = new Map<string, TransferRow[]>();
    for (const r of rows) byHash.set(r.tx_hash ?? "", [...(byHash.get(r.tx_hash ?? "") ?? []), r]);
    for (const [hash, group] of byHash) {
      const receipt = hash ? await chain.provider.getTransactionReceipt(hash) : null;
      if (receipt) {
        await applyReceipt(group, receipt);
        for (const r of await repo.outboxRows(db, group.map((g) => g.id))) (r.status === "confirmed" ? confirmed++ : failed++);
        continue;
      }
      for (const r of group) {
        // Not mined: if the authorization was used anyway (another tx), it is done; else it goes out again.
        const usedOnChain: boolean = await chain.token.authorizationState(r.from_address, r.nonce);
        if (usedOnChain) {
          await repo.markConfirmed(db, r.id, null, null);
          confirmed++;
          await emitSettled([r.id]);
        } else {
          await repo.requeue(db, r.id);
          requeued++;
        }
      }
    }
    return { confirmed, failed, requeued };
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      current = reconcile({ pending: true })
        .catch((err) => opts.log?.error({ err: (err as Error).message }, "relayer: reconcile failed"))
        .then(() => loop());
      timer = setInterval(() => void (current = loop()), 1000);
      timer.unref();
    },
    async stop(graceMs = 15_000) {
      stopped = true;
      if (timer) clearInterval(timer);
      const deadline = Date.now() + graceMs;
      const grace = new Promise((r) => setTimeout(r, graceMs).unref());
      await Promise.race([current.catch(() => undefined), grace]);
      while (running && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (running) opts.log?.warn({ graceMs }, "relayer: stopped with a batch in flight; it is reconciled on the next start");
    },
    kick() {
      current = loop();
    },
    async waitFor(id, timeoutMs) {
      const settled = (r: TransferRow | undefined) => !r || r.status === "confirmed" || r.status === "failed";
      const first = await repo.outboxRow(db, id);
      if (settled(first)) return first as TransferRow;
      const deadline = Date.now() + timeoutMs;
      return new Promise<TransferRow>((resolve) => {
        let done = false;
        const finish = (r: TransferRow) => {
          if (done) return;
          done = true;
          clearInterval(poll);
          clearTimeout(t);
          events.off(`settled:${id}`, finish);
          resolve(r);
        };
        events.once(`settled:${id}`, finish);
        const poll = setInterval(() => {
          void repo.outboxRow(db, id).then((r) => {
            if (settled(r) || Date.now() >= deadline) finish(r as TransferRow);
          }, () => undefined);
        }, 250);
        const t = setTimeout(() => void repo.outboxRow(db, id).then((r) => finish(r as TransferRow), () => undefined), timeoutMs);
      });
    },
    reconcile,
    runOnce,
    on(event, fn) {
      events.on(event, fn);
    },
  };
}

/** Decodes a revert payload into its custom error name and args, for the row's error column. */
export function describeRevert(iface: ethers.Interface, data: string): string {
  try {
    const err = iface.parseError(data);
    if (err) return `${err.name}(${err.args.map((a: unknown) => String(a)).join(",")})`;
  } catch {
    /* fall through */
  }
  return data && data !== "0x" ? data.slice(0, 74) : "reverted";
}
