import { EventEmitter } from "node:events";
import { createBatchMaker } from "./batch";
import { createWaiters } from "./waiters";
import { createOutcomes, type Outcome } from "./outcome";
import type { AppDb } from "../../db/schema";
import type { Custody } from "../../custody/keys";
import type { Chain } from "../../../chain/bootstrap";
import type { OutboxRow } from "../outbox";
import * as repo from "../outbox.repo";
import { durably } from "../../../db/open";
import { hashFamily } from "../tx-replacements.repo";

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
   * process may be the one relaying, so the row is also polled, not only awaited as an event. `known`: the row as
   * the caller has just written it (pending), which is then not read again.
   */
  waitFor(id: number, timeoutMs: number, known?: OutboxRow): Promise<OutboxRow>;
  /**
   * The process stops and nothing more can be sent (the chain is down): every request waiting for a row is answered
   * now with the row as it is (pending or submitted: recorded, resolved by the next start), and later waits do not wait.
   */
  releaseWaiters(): Promise<void>;
  /**
   * Resolves rows left 'submitted' by a previous run against the chain; each moves exactly once. With
   * `pending`, also rows still 'pending' whose authorization the chain already shows as used (a
   * transaction that left an earlier version of this process between journal and record).
   */
  reconcile(opts?: { pending?: boolean }): Promise<{ confirmed: number; failed: number; requeued: number }>;
  /** Runs one send cycle (tests). */
  runOnce(): Promise<number>;
  on(event: "resolved", fn: (row: OutboxRow) => void): void;
}

export interface RelayerOptions {
  db: AppDb;
  custody: Custody;
  chain: Chain;
  /** The most rows one transaction carries (default 150: at 90,000 gas a row, inside a transaction's gas cap of 2^24). */
  batchSize?: number;
  log?: { info: (o: unknown, m?: string) => void; warn: (o: unknown, m?: string) => void; error: (o: unknown, m?: string) => void };
  /** Test hook: the gas an external chain's batch declares for the gas it uses (default: batch.ts ESTIMATE_MARGIN). */
  declare?: (used: bigint) => bigint;
  /** Test hook: called after rows are marked submitted and before the transaction is sent. */
  beforeSend?: (rows: OutboxRow[], txHash: string) => void | Promise<void>;
}

/**
 * Sends outbox rows in order: signs each authorization with the member's custodial key and submits
 * them through the operator's relayer account, one row as transferWithAuthorization, several as one
 * batch (a bad item fails alone). Rows are marked 'submitted' with the tx hash before the send.
 */
export function createRelayer(opts: RelayerOptions): Relayer {
  const { db, custody, chain } = opts;
  const batchSize = opts.batchSize ?? 150;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const { signAll, prepare, close: closeBatches } = createBatchMaker(custody, chain, { declare: opts.declare });
  const outcomes = createOutcomes(db, chain, events);
  const { outcome, outcomeOf, emitResolved } = outcomes;
  /** Rows went back to pending (a batch out of gas): the drain reads again from the first pending row. */
  let rewind = false;
  async function applyReceipt(rows: OutboxRow[], o: Outcome): Promise<void> {
    if ((await outcomes.applyReceipt(rows, o)) > 0) {
      opts.log?.warn({ hash: o.hash, rows: rows.length }, "relayer: a batch ran out of gas; its rows are sent again");
      rewind = true;
      wakeAgain = true;
      events.emit("kick");
    }
  }
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = true;
  let current: Promise<unknown> = Promise.resolve();
  let wakeAgain = false;

  /** Marks the rows submitted with the hash (before the journal and the send), sends, and resolves with the hash once the node has it. */
  async function submit(batch: Awaited<ReturnType<typeof prepare>>): Promise<string> {
    const { rows, data, gasLimit } = batch;
    const hash = await chain.sender.submit(
      { to: chain.deployment.token, data, gasLimit },
      {
        // On disk before the journal and the send, with the rows' own commits before it (db/open.ts durably).
        beforeSend: (h) =>
          durably(db, (conn) =>
            repo.markSubmitted(
              conn,
              rows.map((r) => r.id),
              h,
            ),
          ),
      },
    );
    if (opts.beforeSend) await opts.beforeSend(rows, hash);
    return hash;
  }

  async function runOnce(): Promise<number> {
    const rows = await repo.pendingRows(db, batchSize);
    if (rows.length === 0) return 0;
    const hash = await submit(await prepare(rows));
    await applyReceipt(rows, await outcome(hash));
    return rows.length;
  }

  /**
   * Sends every pending row, batch after batch, two at a time: the next batch is read and signed while
   * the one before is journaled, mined and its receipt fetched (signing is this process's CPU, mining the
   * node's), and a receipt is applied while the next batch goes out. Batches go to the sender one after
   * the other, each only once the one before is mined. A send that fails stops the drain: the batch
   * after it, signed but not sent, stays pending.
   */
  async function drain(): Promise<void> {
    let afterId = 0;
    let sent: Promise<unknown> | null = null;
    let inFlight = false;
    // Each batch's receipt applied, resolved as a value: a failure is kept for the end of the drain. (Left a
    // rejected promise while the loop still awaited something else, it was an unhandled rejection.)
    const applied: Promise<{ error: unknown } | null>[] = [];
    let error: unknown = null;
    try {
      while (!stopped) {
        if (rewind) {
          // Every batch read so far is marked submitted (its send resolved) before rows below the cursor are read.
          if (sent) await sent.catch(() => undefined);
          rewind = false;
          afterId = 0;
        }
        const rows = await repo.pendingRows(db, batchSize, afterId);
        if (rows.length === 0) {
          if (!inFlight) break;
          // A batch is being mined and nothing waits yet: the rows that arrive meanwhile start the next batch
          // now (signed as they come), not after this drain has ended and the next kick has started another.
          await Promise.race([sent, arrival()]);
          continue;
        }
        afterId = rows[rows.length - 1].id;
        const signed = await signAll(rows);
        // While the batch before is still being mined, rows written meanwhile join this one (up to batchSize):
        // under steady traffic a batch carries what arrived during a whole block, not only during its signing.
        while (inFlight && rows.length < batchSize && !stopped) {
          await Promise.race([sent, arrival()]);
          const more = await repo.pendingRows(db, batchSize - rows.length, afterId);
          if (more.length === 0) continue;
          afterId = more[more.length - 1].id;
          rows.push(...more);
          signed.push(...(await signAll(more)));
        }
        const batch = await prepare(rows, signed);
        if (sent) await sent;
        if (stopped) break;
        const hash = submit(batch);
        sent = hash;
        inFlight = true;
        const landed = () => void (sent === hash && (inFlight = false));
        hash.then(landed, landed);
        applied.push(
          hash
            .then(async (h) => applyReceipt(rows, await outcome(h)))
            .then(
              () => null,
              (err: unknown) => ({ error: err }),
            ),
        );
      }
    } catch (err) {
      error = err;
    }
    const failure = (await Promise.all(applied)).find((r) => r !== null);
    if (error || failure) throw error ?? failure!.error;
  }

  /** Resolves at the next kick (a row was written in this process) or after 20 ms (rows another process wrote). */
  function arrival(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        events.off("kick", done);
        resolve();
      };
      const t = setTimeout(done, 20);
      events.once("kick", done);
    });
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
        await drain();
      } while (wakeAgain && !stopped);
    } catch (err) {
      opts.log?.warn(
        { err: (err as Error).message },
        stopped ? "relayer: send failed while stopping; the next start resolves the rows" : "relayer: send failed; will retry",
      );
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
        await emitResolved([r.id]);
      }
    }
    const byHash = new Map<string, OutboxRow[]>();
    for (const r of rows) byHash.set(r.tx_hash ?? "", [...(byHash.get(r.tx_hash ?? "") ?? []), r]);
    const head = rows.length > 0 ? await chain.provider.getBlockNumber() : 0;
    for (const [hash, group] of byHash) {
      if (hash && settling.has(hash)) continue;
      const receipt = hash ? await landedReceipt(hash) : null;
      const deep = receipt !== null && head - receipt.blockNumber + 1 >= chain.sender.confirmations;
      // Still in flight (pending, or mined and not yet deep enough), here or since a previous run: its outcome is
      // applied when it is deep enough; its rows are neither resolved nor sent again meanwhile.
      const inFlight = hash && !deep ? (receipt ? await heldHere(receipt.hash) : await heldHere(...(await hashFamily(db, hash)))) : null;
      if (inFlight) {
        resolveLater(group, inFlight, hash);
        continue;
      }
      if (receipt) {
        await applyReceipt(group, await outcomeOf(receipt));
        for (const r of await repo.outboxRows(
          db,
          group.map((g) => g.id),
        ))
          if (r.status === "confirmed") confirmed++;
          else if (r.status === "failed") failed++;
          else requeued++;
        continue;
      }
      for (const r of group) {
        // Not mined: if the authorization was used anyway (another tx), it is done; else it goes out again.
        const usedOnChain: boolean = await chain.token.authorizationState(r.from_address, r.nonce);
        if (usedOnChain) {
          await repo.markConfirmed(db, r.id, null, null);
          confirmed++;
          await emitResolved([r.id]);
        } else {
          await repo.requeue(db, r.id);
          requeued++;
        }
      }
    }
    return { confirmed, failed, requeued };
  }

  /** The receipt of `hash` or of a replacement of it (tx_replacements), whichever landed. */
  async function landedReceipt(hash: string) {
    for (const h of await hashFamily(db, hash)) {
      const r = await chain.provider.getTransactionReceipt(h);
      if (r) return r;
    }
    return null;
  }

  /**
   * The first of `hashes` the lifecycle watches, or adopts because the node has it (pending, or mined and not yet
   * deep enough); null when the node has none of them. Every hash of the nonce is tried, not only the one the rows
   * name: a process that died between recording a replacement and sending it leaves rows naming a transaction the
   * node never saw while the one it replaced is still pending, and re-making the rows then would send their
   * authorizations a second time under another nonce.
   */
  async function heldHere(...hashes: string[]): Promise<string | null> {
    for (const h of hashes) if (chain.sender.inFlight(h)) return h;
    for (const h of hashes) if (await chain.sender.adopt(h)) return h;
    return null;
  }

  /** Hashes whose rows wait for their transaction in the background (reconcile found them in flight). */
  const settling = new Set<string>();
  function resolveLater(rows: OutboxRow[], hash: string, named: string) {
    settling.add(hash);
    settling.add(named);
    void outcome(hash)
      .then((o) => applyReceipt(rows, o))
      .catch((err) =>
        opts.log?.warn({ err: (err as Error).message, hash }, "relayer: a transaction in flight did not resolve; reconciled again"),
      )
      .finally(() => {
        settling.delete(hash);
        settling.delete(named);
      });
  }

  const { waitFor, release: releaseWaiters } = createWaiters(db, events);

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
      await closeBatches();
    },
    kick() {
      events.emit("kick");
      current = loop();
    },
    waitFor,
    releaseWaiters,
    reconcile,
    runOnce,
    on(event, fn) {
      events.on(event, fn);
    },
  };
}
