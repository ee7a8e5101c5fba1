import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import archiver from "archiver";
import type { AppDb } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { Msg } from "../../../domain/messages";
import { formatWon } from "../../../domain/format";
import { LEAF_ENCODING } from "../../../domain/proof-of-liabilities";
import { auditSigner } from "./audit-key";
import { customerTree, cutoffBalances, type CutoffBalance, type MonthEndDeps } from "./cutoff.service";
import { LOG_SECTIONS, MONEY_SECTIONS, toCsv, type Period } from "./pack-sections";
import { cutoffBefore, cutoffById, setPackSha, walletAddresses } from "./month-end.repo";
import { walletKinds } from "../../money/as-of";
import { safeguardingTable } from "./safeguarding.service";

const CLASS_LABEL = { operator: "운영 지갑", member: "고객(회원·가맹점)", outside: "외부 주소" } as const;

export interface Manifest {
  format: "krw-voucher-audit-pack/1";
  label: string;
  chainId: number;
  token: string;
  deployBlock: number;
  cutoff: { at: string; block: number; hash: string; time: number };
  period: Period;
  totals: { supply: string; customers: string; holders: number };
  merkle: { root: string; leafEncoding: string[]; rootTxHash: string | null };
  signer: string;
  files: { name: string; sha256: string; bytes: number }[];
}

const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

/** The reconciliation at the cut-off: totalSupply and every holder's and custodial wallet's balanceOf read at its block. */
async function reconcileAt(d: MonthEndDeps, block: number, holders: CutoffBalance[]) {
  const lines: { check: string; ok: boolean; detail: string }[] = [];
  const supply = (await d.token.totalSupply({ blockTag: block })) as bigint;
  const sum = holders.reduce((s, h) => s + h.balance, 0n);
  lines.push({
    check: "total supply",
    ok: supply === sum,
    detail: `체인 총발행량 (totalSupply) ${formatWon(supply)}원, 보유자 합계 ${formatWon(sum)}원 (블록 ${block})`,
  });
  const mine = new Map(holders.map((h) => [h.address, h.balance]));
  const wallets = await walletAddresses(d.db);
  const all = [...new Set([...mine.keys(), ...wallets])];
  let bad = 0;
  for (let i = 0; i < all.length; i += 50) {
    const slice = all.slice(i, i + 50);
    const chain = await Promise.all(slice.map((a) => d.token.balanceOf(a, { blockTag: block }) as Promise<bigint>));
    slice.forEach((a, j) => {
      const m = mine.get(a) ?? 0n;
      if (m !== chain[j]) {
        bad++;
        lines.push({ check: "balance", ok: false, detail: `${a}: 장부 ${formatWon(m)}원, 체인 ${formatWon(chain[j])}원` });
      }
    });
  }
  if (bad === 0)
    lines.push({ check: "balances", ok: true, detail: `${all.length}개 주소의 잔액이 블록 ${block}의 체인 잔액 (balanceOf)과 같습니다` });
  return { ok: lines.every((l) => l.ok), block, lines };
}

/** The period of a cut-off: after the previous cut-off (or the deploy) up to it. */
async function periodOf(db: AppDb, c: { id: number; block_number: number; block_time: number }, deployBlock: number): Promise<Period> {
  const prev = await cutoffBefore(db, c.block_number);
  return {
    fromBlock: prev ? Number(prev.block_number) : deployBlock - 1,
    toBlock: Number(c.block_number),
    fromIso: new Date(prev ? Number(prev.block_time) * 1000 : 0).toISOString(),
    toIso: new Date(Number(c.block_time) * 1000).toISOString(),
  };
}

/**
 * The month-end pack of a cut-off, a zip: holders, reserves and safeguarding, the reconciliation at the cut-off, the
 * period's money moves and logs (pack-sections.ts), the Merkle tree, and manifest.json (every file's SHA-256, the
 * cut-off block and hash, token, chain) with manifest.sig.json (the audit key's EIP-191 signature of manifest.json).
 */
export async function buildPack(d: MonthEndDeps, id: number): Promise<{ zip: Buffer; manifest: Manifest; name: string }> {
  const c = await cutoffById(d.db, id);
  if (!c) throw badRequest(Msg.cutoffNotFound);
  const block = Number(c.block_number);
  const holders = await cutoffBalances(d.db, c.id);
  const period = await periodOf(d.db, { id: c.id, block_number: block, block_time: Number(c.block_time) }, d.deployment.deployBlock);
  const files: { name: string; body: Buffer }[] = [];
  const add = (name: string, text: string) => files.push({ name, body: Buffer.from(text, "utf8") });

  add(
    "holders.csv",
    toCsv({
      header: ["rank", "address", "class", "balance_won"],
      rows: holders.map((h, i) => [String(i + 1), h.address, h.class, h.balance.toString()]),
    }),
  );
  const held = { operator: 0n, member: 0n, outside: 0n };
  for (const h of holders) held[h.class] += h.balance;
  add(
    "reserves.csv",
    toCsv({
      header: ["class", "label", "amount_won"],
      rows: [
        ["supply", "발행 총량 (totalSupply)", c.total_supply],
        ...(Object.keys(held) as (keyof typeof held)[]).map((k) => [k, CLASS_LABEL[k], held[k].toString()]),
      ],
    }),
  );
  add("safeguarding.csv", toCsv(await safeguardingTable(d, period)));
  add("reconciliation.json", `${JSON.stringify(await reconcileAt(d, block, holders), null, 2)}\n`);
  const customers = holders.filter((h) => h.class === "member");
  const tree = customers.length ? customerTree(customers) : null;
  add("merkle.json", `${JSON.stringify({ root: c.merkle_root, leafEncoding: LEAF_ENCODING, tree: tree?.dump() ?? null }, null, 2)}\n`);

  // The period's moves, once, for the chain-derived sections.
  const moves = [];
  for (let after: { block: number; logIndex: number } | null = null; ; ) {
    const batch = await d.view.movesBetween(period.fromBlock, period.toBlock, after, 5_000);
    moves.push(...batch);
    if (batch.length < 5_000) break;
    after = { block: batch[batch.length - 1].block, logIndex: batch[batch.length - 1].logIndex };
  }
  const kindOf = await walletKinds(d.db);
  for (const s of [...MONEY_SECTIONS, ...LOG_SECTIONS]) {
    const t = await s.table(d, period, { moves, kindOf });
    if (t) add(s.file, toCsv(t));
  }

  const { zip, manifest } = await signedZip(
    d,
    files,
    (signer, listed): Manifest => ({
      format: "krw-voucher-audit-pack/1",
      label: c.label,
      chainId: d.deployment.chainId,
      token: d.deployment.token,
      deployBlock: d.deployment.deployBlock,
      cutoff: { at: c.at_time, block, hash: c.block_hash, time: Number(c.block_time) },
      period,
      totals: { supply: c.total_supply, customers: c.customer_total, holders: c.holder_count },
      merkle: { root: c.merkle_root, leafEncoding: [...LEAF_ENCODING], rootTxHash: c.root_tx_hash },
      signer,
      files: listed,
    }),
  );
  await setPackSha(d.db, id, sha256(zip));
  return { zip, manifest, name: `audit-pack-${c.label}-block-${block}.zip` };
}

export type ListedFile = { name: string; sha256: string; bytes: number };

/**
 * A signed zip (the month-end pack, the trustee's file): the manifest `make` builds from the audit key's address and
 * the files' SHA-256, written as manifest.json with manifest.sig.json (the audit key's EIP-191 signature of its bytes).
 */
export async function signedZip<M>(
  d: Pick<MonthEndDeps, "db" | "kek">,
  files: { name: string; body: Buffer }[],
  make: (signer: string, listed: ListedFile[]) => M,
): Promise<{ zip: Buffer; manifest: M }> {
  const signer = await auditSigner(d.db, d.kek);
  const manifest = make(
    signer.address,
    files.map((f) => ({ name: f.name, sha256: sha256(f.body), bytes: f.body.length })),
  );
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const signature = await signer.signMessage(manifestText);
  const sig = { scheme: "EIP-191 personal_sign of manifest.json", signer: signer.address, signature };
  const all = [
    ...files,
    { name: "manifest.json", body: Buffer.from(manifestText, "utf8") },
    { name: "manifest.sig.json", body: Buffer.from(`${JSON.stringify(sig, null, 2)}\n`) },
  ];
  return { zip: await zipOf(all), manifest };
}

export function zipOf(files: { name: string; body: Buffer }[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const a = archiver("zip", { zlib: { level: 9 } });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (b: Buffer) => chunks.push(b));
    out.on("end", () => resolve(Buffer.concat(chunks)));
    a.on("error", reject);
    a.pipe(out);
    // A fixed date: the same pack twice is the same bytes.
    for (const f of files) a.append(f.body, { name: f.name, date: new Date("2000-01-01T00:00:00Z") });
    void a.finalize();
  });
}
