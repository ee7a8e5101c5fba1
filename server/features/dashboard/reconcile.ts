import type { ethers } from "ethers";
import type { AppDb } from "../../db/schema";
import type { ChainReader, TransferRecord } from "../../../indexer/reader";
import * as repo from "./dashboard.repo";
import {
  bankCreditTotals,
  bankCreditsOff,
  confirmedCallHashes,
  confirmedOrdersWithFailedTransfer,
  escrowByOrders,
  escrowByRefunds,
  paidCount,
  paidWithoutBurn,
  supplyCalls,
} from "./records.repo";
import { merchantPaymentTotals, merchantPaymentsOff } from "./payments-books.repo";
import { recordReconciliation } from "../../records/reconciliation";
import type { Job } from "../../job";
import type { ReconcileReportDto } from "../../../domain/schemas/dashboard";
import { CHECK_LABELS, reconcileText as text, type ReconcileCheck } from "./reconcile.text";

export interface ReconcileDeps {
  db: AppDb;
  view: Pick<ChainReader, "totalSupply" | "balancesAfter" | "balanceOf" | "transfers" | "transfersOfTransactions" | "indexedHead">;
  /** The token contract on the node (reads only). */
  token: ethers.Contract;
  provider: ethers.Provider;
}

type Line = ReconcileReportDto["lines"][number];
const BATCH = 500;

/**
 * Proves the books against the chain (docs/architecture.md "Reconciliation"): chain totalSupply = the index's supply =
 * Σ indexed balances; every indexed balance (and every custodial wallet's) = balanceOf on chain; every
 * confirmed outbox row has its transfer on chain and every token transfer on chain has its record; and
 * the proof of reserves. Each difference is a line naming what differs: `check` a fixed key, `label` and `detail`
 * in Korean (reconcile.text.ts) for the card and `npm run reconcile`.
 */
export async function reconcile(d: ReconcileDeps): Promise<ReconcileReportDto> {
  const lines: Line[] = [];
  const fail = (check: ReconcileCheck, detail: string) => lines.push({ check, label: CHECK_LABELS[check], ok: false, detail });
  const pass = (check: ReconcileCheck, detail: string) => lines.push({ check, label: CHECK_LABELS[check], ok: true, detail });
  const at = await d.provider.getBlockNumber();
  const head = (await d.view.indexedHead())?.number ?? -1;
  if (head < at) fail("index head", text.indexBehind(head, at));

  // 1. Supply: the contract, the index's kept total and the sum of every indexed balance.
  const chainSupply = (await d.token.totalSupply({ blockTag: at })) as bigint;
  const indexSupply = await d.view.totalSupply();
  let sum = 0n;
  const indexed = new Map<string, bigint>();
  for (let after: string | null = null; ; ) {
    const batch = await d.view.balancesAfter(after, BATCH);
    for (const h of batch) {
      sum += h.balance;
      indexed.set(h.address, h.balance);
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1].address;
  }
  const supplyOk = chainSupply === indexSupply && indexSupply === sum;
  (supplyOk ? pass : fail)("total supply", text.supply(chainSupply, indexSupply, sum));

  // 2. Every indexed holder and every custodial wallet: indexed balance = balanceOf on chain (batched reads).
  const wallets = await repo.walletKinds(d.db);
  const addresses = [...new Set([...indexed.keys(), ...wallets.map((w) => w.address)])];
  let mismatches = 0;
  for (let i = 0; i < addresses.length; i += 50) {
    const slice = addresses.slice(i, i + 50);
    const onChain = await Promise.all(slice.map((a) => d.token.balanceOf(a, { blockTag: at }) as Promise<bigint>));
    slice.forEach((a, j) => {
      const mine = indexed.get(a) ?? 0n;
      if (mine !== onChain[j]) {
        mismatches++;
        fail("balance", text.balanceDiffers(a, mine, onChain[j]));
      }
    });
  }
  if (mismatches === 0) pass("balances", text.balancesAgree(addresses.length));

  // 3. Records ↔ chain: each confirmed outbox row's leg is on chain; each chain transfer has its record.
  const calls = await confirmedCallHashes(d.db);
  // The on-chain legs of each batch's transactions, read in one statement per batch (not one per row).
  const legsOf = new Map<string, TransferRecord[]>();
  const readLegs = async (hashes: string[]) => {
    const need = [...new Set(hashes.filter((h) => h && !legsOf.has(h)))];
    for (const h of need) legsOf.set(h, []);
    for (const t of await d.view.transfersOfTransactions(need)) legsOf.get(t.txHash.toLowerCase())?.push(t);
  };
  const legs = (hash: string) => legsOf.get(hash) ?? [];
  const recordKeys = new Set<string>();
  let rows = 0;
  let missing = 0;
  for (let after = 0; ; ) {
    const batch = await repo.confirmedRowsAfter(d.db, after, BATCH);
    await readLegs(batch.map((r) => (r.tx_hash ?? "").toLowerCase()));
    for (const r of batch) {
      rows++;
      const hash = (r.tx_hash ?? "").toLowerCase();
      // A batch may carry several identical moves: each record claims a leg no other record has claimed.
      const found = hash
        ? legs(hash).find(
            (t) =>
              t.kind === "transfer" &&
              t.from === r.from_address &&
              t.to === r.to_address &&
              t.value === BigInt(r.value) &&
              !recordKeys.has(`${hash}:${t.logIndex}`),
          )
        : undefined;
      if (!found) {
        missing++;
        fail("record without transfer", text.recordWithoutTransfer(r));
        continue;
      }
      recordKeys.add(`${hash}:${found.logIndex}`);
      if (r.fee > 0) {
        const feeLeg = legs(hash).find(
          (t) => t.kind === "fee" && t.from === r.from_address && t.value === BigInt(r.fee) && !recordKeys.has(`${hash}:${t.logIndex}`),
        );
        if (feeLeg) recordKeys.add(`${hash}:${feeLeg.logIndex}`);
        else fail("record without fee leg", text.recordWithoutFee(r.id, r.fee, r.from_address, hash));
      }
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1].id;
  }
  if (missing === 0) pass("records → chain", text.recordsAgree(rows));

  let unrecorded = 0;
  let seen = 0;
  for (let offset = 0; ; offset += BATCH) {
    const page = await d.view.transfers({ limit: BATCH, offset });
    for (const t of page.items) {
      seen++;
      const ok = t.kind === "mint" || t.kind === "burn" ? calls.has(t.txHash) : recordKeys.has(`${t.txHash}:${t.logIndex}`);
      if (!ok) {
        unrecorded++;
        fail("transfer without record", text.transferWithoutRecord(t));
      }
    }
    if (page.items.length < BATCH) break;
  }
  if (unrecorded === 0) pass("chain → records", text.chainAgrees(seen));

  // 3b. Operator mints and burns → chain: a confirmed call has its leg (value and kind) in its transaction; a call
  // not resolved yet (sent, no receipt seen) is named until its receipt resolves it.
  const supply = await supplyCalls(d.db);
  const callHashes = supply.filter((c) => c.status === "confirmed" && c.tx_hash).map((c) => c.tx_hash!.toLowerCase());
  // In batches, as the rows above: one IN list of every hash would pass SQLite's parameter limit on a busy store.
  for (let i = 0; i < callHashes.length; i += BATCH) await readLegs(callHashes.slice(i, i + BATCH));
  let callsOff = 0;
  for (const c of supply) {
    const value = BigInt((JSON.parse(c.args) as string[])[1] ?? "0");
    if (c.status !== "confirmed") {
      callsOff++;
      fail("call without outcome", text.callWithoutOutcome(c, value));
    } else if (!legs((c.tx_hash ?? "").toLowerCase()).some((t) => t.kind === c.method && t.value === value)) {
      callsOff++;
      fail("call without transfer", text.callWithoutTransfer(c, value));
    }
  }
  if (callsOff === 0) pass("calls → chain", text.callsAgree(supply.length));

  // 3c. Business states against their moves: no 구매확정 order on a failed transfer; the settlement escrow holds
  // what the orders say it holds (requests in, less burns and returns).
  const strandedBuys = await confirmedOrdersWithFailedTransfer(d.db);
  for (const id of strandedBuys) fail("buy order", text.strandedBuy(id));
  if (strandedBuys.length === 0) pass("buy orders", text.buysAgree());
  // The bank's credits ⇄ confirmed purchases ⇄ treasury → member moves (the moves' chain legs are checked above).
  const credits = await bankCreditsOff(d.db);
  for (const c of credits.deposits) fail("bank credit", text.creditWithoutPurchase(c.id, c.amount));
  for (const o of credits.orders) fail("bank credit", text.purchaseWithoutCredit(o.id, o.value));
  if (credits.deposits.length + credits.orders.length === 0) {
    const t = await bankCreditTotals(d.db);
    pass("bank credits", text.creditsAgree(t.count, t.sum));
  }
  // Merchant payments and their cancellations ⇄ their moves (issue 52).
  const pay = await merchantPaymentsOff(d.db);
  for (const p of pay.payments) fail("merchant payment", text.paymentWithoutMove(p.public_id, Number(p.amount)));
  for (const p of pay.cancelled) fail("merchant payment", text.paymentCancelledOff(p.public_id, Number(p.cancelled_amount)));
  for (const c of pay.cancels) fail("merchant payment", text.cancelWithoutMove(Number(c.id), c.public_id, Number(c.amount)));
  for (const t of pay.orphans) fail("merchant payment", text.cancelMoveWithoutRecord(Number(t.id), Number(t.value)));
  if (pay.payments.length + pay.cancelled.length + pay.cancels.length + pay.orphans.length === 0) {
    const t = await merchantPaymentTotals(d.db);
    pass("merchant payments", text.paymentsAgree(t.count, t.paid, t.cancelled));
  }
  const escrowAddress = wallets.find((w) => w.kind === "settlement")?.address;
  if (escrowAddress) {
    const expected = await escrowByOrders(d.db);
    const held = indexed.get(escrowAddress) ?? 0n;
    (held === expected ? pass : fail)("settlement escrow", text.escrow(escrowAddress, held, expected));
  }
  // Refunds: the refund escrow holds the open refunds; every 지급 완료 names a confirmed burn (checked against the chain above).
  const refundEscrow = wallets.find((w) => w.kind === "refund")?.address;
  if (refundEscrow) {
    const expected = await escrowByRefunds(d.db);
    const held = indexed.get(refundEscrow) ?? 0n;
    (held === expected ? pass : fail)("refund escrow", text.refundEscrow(refundEscrow, held, expected));
  }
  const unburned = await paidWithoutBurn(d.db);
  (unburned.length === 0 ? pass : fail)(
    "refund payouts",
    unburned.length === 0 ? text.refundPayoutsAgree(await paidCount(d.db)) : text.refundPaidWithoutBurn(unburned),
  );

  // 4. Proof of reserves: who holds the supply, and the members' part against the books.
  const kindOf = new Map(wallets.map((w) => [w.address, w.kind]));
  const held = { operator: 0n, member: 0n, outside: 0n };
  for (const [a, b] of indexed) {
    const k = kindOf.get(a);
    if (!k) held.outside += b;
    else if (k === "member") held.member += b;
    else held.operator += b;
  }
  const sums = await repo.reserveSums(d.db);
  const reserves = [
    { label: "발행 총량 (totalSupply)", value: chainSupply.toString() },
    { label: "운영 지갑 보유 (발행·수수료·정산·운영)", value: held.operator.toString() },
    { label: "회원 보유", value: held.member.toString() },
    { label: "외부 주소 보유", value: held.outside.toString() },
    { label: "확정된 구매 (입금 확인)", value: String(sums.buys) },
    { label: "데모 지급", value: String(sums.seeds) },
  ];
  const heldOk = held.operator + held.member + held.outside === chainSupply;
  (heldOk ? pass : fail)("reserves", text.reserves(held.operator, held.member, held.outside, chainSupply));

  const report = { ok: lines.every((l) => l.ok), checkedAt: new Date().toISOString(), lines, reserves };
  // Kept for the public transparency page (server/records/reconciliation.ts): the outcome, never the lines.
  await recordReconciliation(d.db, {
    ok: report.ok,
    checkedAt: report.checkedAt,
    checks: lines.length,
    failed: lines.filter((l) => !l.ok).length,
    block: at,
  });
  return report;
}

/**
 * The hourly reconciliation of the leading process, so the transparency page's "last reconciled" is never older than
 * an hour and a bit. Not at start (its first tick is skipped): a restart must not cost a whole reconciliation.
 */
export function reconcileJob(isLeader: () => boolean, everyMs = 3_600_000): Job {
  let first = true;
  return {
    name: "reconcile",
    everyMs,
    async run(ctx) {
      if (first || !isLeader()) {
        first = false;
        return;
      }
      await reconcile({ db: ctx.db, view: ctx.view, token: ctx.chain.token, provider: ctx.chain.provider });
    },
  };
}
