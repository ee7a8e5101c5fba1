import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import type { ethers } from "ethers";
import type { AppDb } from "../../db/schema";
import type { HolderClass } from "../../db/schema-month-end";
import type { ChainReader } from "../../../indexer/reader";
import type { Deployment } from "../../../chain/bootstrap";
import { nowIso } from "../../db/app-db";
import { badRequest } from "../../http/errors";
import { Msg } from "../../../domain/messages";
import { encodeRootData, LEAF_ENCODING, rootMessage, type MemberProof } from "../../../domain/proof-of-liabilities";
import { holderClasses, resolveAt, stateAt, type AsOfPoint } from "../../money/as-of";
import { auditSigner } from "./audit-key";
import { customerCutoffsOf, cutoffAtBlock, cutoffById, insertCutoff, setRootTx } from "./month-end.repo";
import { cutoffBalanceRows } from "../../money/as-of";

/** What making a cut-off and its pack reads: the stores, the node, the deployment and the key sealing the audit key. */
export interface MonthEndDeps {
  db: AppDb;
  view: ChainReader;
  provider: ethers.Provider;
  token: ethers.Contract;
  deployment: Pick<Deployment, "chainId" | "token" | "deployBlock">;
  kek: Buffer;
}

/** The Seoul month of a block time: '2026-10'. */
export const monthLabel = (unixSeconds: number) => new Date((unixSeconds + 9 * 3600) * 1000).toISOString().slice(0, 7);

export type CutoffBalance = { address: string; balance: bigint; class: HolderClass };

export function customerTree(rows: { address: string; balance: bigint }[]) {
  return StandardMerkleTree.of(
    rows.map((r) => [r.address, r.balance.toString()]),
    [...LEAF_ENCODING],
  );
}

export async function cutoffBalances(db: AppDb, id: number): Promise<CutoffBalance[]> {
  const rows = await cutoffBalanceRows(db, id);
  return rows
    .map((r) => ({ address: r.address, balance: BigInt(r.balance), class: r.class }))
    .sort((a, b) => (a.balance === b.balance ? (a.address < b.address ? -1 : 1) : a.balance > b.balance ? -1 : 1));
}

/**
 * Makes a cut-off at `at` (a block number or a date-time, Seoul time without an offset): the holders as of its block
 * (as-of.ts), kept in cutoff_balances with their class, the Merkle root of the customers' balances signed by the audit
 * key. Publishing the root on chain is `publishRoot` (the operator account sends it, through the journal).
 */
export async function makeCutoff(d: MonthEndDeps, at: string, by: string) {
  const point: AsOfPoint = await resolveAt(d.provider, at);
  const existing = await cutoffAtBlock(d.db, point.block);
  if (existing) return existing;
  const state = await stateAt(d, point.block);
  const classOf = await holderClasses(d.db);
  const rows: CutoffBalance[] = state.ranked.map((h) => ({ ...h, class: classOf(h.address) }));
  const customers = rows.filter((r) => r.class === "member");
  const customerTotal = customers.reduce((s, r) => s + r.balance, 0n);
  const root = customers.length ? customerTree(customers).root : `0x${"0".repeat(64)}`;
  const signer = await auditSigner(d.db, d.kek);
  return insertCutoff(
    d.db,
    {
      label: monthLabel(point.time),
      at_time: String(at),
      block_number: point.block,
      block_hash: point.hash,
      block_time: point.time,
      total_supply: state.total.toString(),
      customer_total: customerTotal.toString(),
      holder_count: rows.length,
      merkle_root: root,
      root_tx_hash: null,
      signer: signer.address,
      pack_sha256: null,
      created_by: by,
      created_at: nowIso(),
    },
    rows.map((r) => ({ address: r.address, balance: r.balance.toString(), class: r.class })),
  );
}

/** The transaction data publishing a cut-off's root: the root, its block and the audit key's signature of both. */
export async function rootData(d: Pick<MonthEndDeps, "db" | "kek" | "deployment">, c: { block_number: number; merkle_root: string }) {
  const signer = await auditSigner(d.db, d.kek);
  const msg = rootMessage({ chainId: d.deployment.chainId, token: d.deployment.token, block: Number(c.block_number), root: c.merkle_root });
  return { to: signer.address, data: encodeRootData(c.merkle_root, Number(c.block_number), await signer.signMessage(msg)) };
}

/** Publishes a cut-off's root (once): a zero-value transaction of the operator account to the audit key's address. */
export async function publishRoot(
  d: Pick<MonthEndDeps, "db" | "kek" | "deployment">,
  sender: { send(tx: ethers.TransactionRequest): Promise<ethers.TransactionReceipt> },
  id: number,
): Promise<string> {
  const c = await cutoffById(d.db, id);
  if (!c) throw badRequest(Msg.cutoffNotFound);
  if (c.root_tx_hash) return c.root_tx_hash;
  const receipt = await sender.send({ ...(await rootData(d, c)), value: 0n });
  if (receipt.status !== 1) throw new Error(`root publication reverted: ${receipt.hash}`);
  await setRootTx(d.db, id, receipt.hash);
  return receipt.hash;
}

/** A member's inclusion proofs: one per published cut-off where their wallet held a balance. */
export async function memberProofs(d: Pick<MonthEndDeps, "db" | "deployment">, address: string): Promise<MemberProof[]> {
  const mine = await customerCutoffsOf(d.db, address, 12);
  const out: MemberProof[] = [];
  for (const m of mine) {
    const customers = (await cutoffBalances(d.db, m.id)).filter((r) => r.class === "member");
    const tree = customerTree(customers);
    const proof = tree.getProof([address, BigInt(m.balance).toString()]);
    out.push({
      label: m.label,
      chainId: d.deployment.chainId,
      token: d.deployment.token,
      block: Number(m.block_number),
      address,
      balance: BigInt(m.balance).toString(),
      root: m.merkle_root,
      rootTxHash: m.root_tx_hash,
      proof,
    });
  }
  return out;
}
