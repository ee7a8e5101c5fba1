import crypto from "node:crypto";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { ethers } from "ethers";
import { formatWon } from "../../../domain/format";
import { decodeRootData, LEAF_ENCODING, rootMessage } from "../../../domain/proof-of-liabilities";
import type { Manifest } from "./pack";
import { parseCsv } from "./pack-sections";
import { readZip } from "./zip-read";
import { verifyTrustee } from "./trustee-verify";
import type { TrusteeManifest } from "./trustee-file";

export interface VerifyLine {
  ok: boolean;
  text: string;
}

const TRANSFER = ethers.id("Transfer(address,address,uint256)");
const ERC20 = ["function totalSupply() view returns (uint256)", "function balanceOf(address) view returns (uint256)"];
const LOG_CHUNK = 5_000;

/**
 * Checks a month-end pack on its own and against the chain through any RPC URL (`npm run verify-pack`): every file's
 * SHA-256 against manifest.json, the audit key's signature of manifest.json, then from the chain itself — the
 * cut-off block's hash, totalSupply at that block, the holders re-derived from the token's Transfer logs up to the
 * cut-off and each holder's balanceOf at that block — against holders.csv and the totals; the Merkle root rebuilt from
 * the customers in holders.csv against the manifest and the root published on chain (and its signer). Each difference
 * is one line saying exactly what differs.
 */
/** JSON text as a value, or undefined when it is not JSON (a damaged file). */
function jsonOf<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export async function verifyPack(
  zip: Buffer,
  opts: { rpcUrl?: string; expectSigner?: string },
): Promise<{ ok: boolean; lines: VerifyLine[] }> {
  const lines: VerifyLine[] = [];
  const ok = (text: string) => lines.push({ ok: true, text });
  const bad = (text: string) => lines.push({ ok: false, text });
  const done = () => ({ ok: lines.every((l) => l.ok), lines });
  let entries: Map<string, Buffer>;
  try {
    entries = readZip(zip);
  } catch (e) {
    bad(`zip 파일을 읽을 수 없습니다: ${(e as Error).message}`);
    return done();
  }
  const manifestBuf = entries.get("manifest.json");
  const sigBuf = entries.get("manifest.sig.json");
  if (!manifestBuf || !sigBuf) {
    bad("manifest.json 또는 manifest.sig.json이 없습니다");
    return done();
  }
  const manifestText = manifestBuf.toString("utf8");
  const m = jsonOf<Manifest>(manifestText);
  const sig = jsonOf<{ signer: string; signature: string }>(sigBuf.toString("utf8"));
  // A changed byte can leave either unreadable: that is a failed check, not a crash.
  if (!m || !Array.isArray(m.files) || !sig) {
    bad(`${m && Array.isArray(m.files) ? "manifest.sig.json" : "manifest.json"}을 읽을 수 없습니다 (JSON이 아니거나 형식이 다릅니다)`);
    return done();
  }

  // 1. Files against the manifest.
  let fileErrors = 0;
  for (const f of m.files) {
    const body = entries.get(f.name);
    if (!body) {
      fileErrors++;
      bad(`${f.name}: 팩에 없습니다`);
      continue;
    }
    const h = crypto.createHash("sha256").update(body).digest("hex");
    if (h !== f.sha256) {
      fileErrors++;
      bad(`${f.name}: SHA-256이 다릅니다 (manifest ${f.sha256}, 파일 ${h})`);
    }
  }
  for (const name of entries.keys())
    if (name !== "manifest.json" && name !== "manifest.sig.json" && !m.files.some((f) => f.name === name)) {
      fileErrors++;
      bad(`${name}: manifest에 없는 파일입니다`);
    }
  if (fileErrors === 0) ok(`파일 ${m.files.length}개의 SHA-256이 manifest와 같습니다`);

  // 2. The signature.
  let recovered = "";
  try {
    recovered = ethers.verifyMessage(manifestText, sig.signature);
  } catch {
    recovered = "(복원 불가)";
  }
  const signerOk =
    recovered === sig.signer && recovered === m.signer && (!opts.expectSigner || ethers.getAddress(opts.expectSigner) === recovered);
  (signerOk ? ok : bad)(
    `manifest 서명: 서명자 ${recovered}${signerOk ? "" : ` (manifest ${m.signer}, 서명 파일 ${sig.signer}${opts.expectSigner ? `, 기대 ${opts.expectSigner}` : ""})`}`,
  );

  // A trustee refund file (trustee-file.ts): its own checks.
  if ((m as { format: string }).format === "krw-voucher-trustee-file/1") {
    await verifyTrustee(entries, m as unknown as TrusteeManifest, opts.rpcUrl, ok, bad);
    return done();
  }

  // 3. The Merkle root from the customers in holders.csv.
  const holdersCsv = entries.get("holders.csv");
  const holders = holdersCsv
    ? parseCsv(holdersCsv.toString("utf8"))
        .slice(1)
        .filter((r) => r.length >= 4)
        .map((r, i) => ({ line: i + 2, address: r[1], class: r[2], balance: BigInt(r[3]) }))
    : [];
  const customers = holders.filter((h) => h.class === "member");
  const root = customers.length
    ? StandardMerkleTree.of(
        customers.map((h) => [h.address, h.balance.toString()]),
        [...LEAF_ENCODING],
      ).root
    : `0x${"0".repeat(64)}`;
  (root === m.merkle.root ? ok : bad)(`Merkle 루트: holders.csv에서 ${root}, manifest ${m.merkle.root}`);
  const customersTotal = customers.reduce((s, h) => s + h.balance, 0n);
  const sum = holders.reduce((s, h) => s + h.balance, 0n);
  (customersTotal.toString() === m.totals.customers ? ok : bad)(
    `고객 잔액 합계: holders.csv ${formatWon(customersTotal)}원, manifest ${formatWon(m.totals.customers)}원`,
  );
  (sum.toString() === m.totals.supply ? ok : bad)(
    `보유자 합계: holders.csv ${formatWon(sum)}원, manifest 발행 총량 ${formatWon(m.totals.supply)}원`,
  );
  const recon = entries.get("reconciliation.json");
  if (recon) {
    const r = jsonOf<{ ok: boolean }>(recon.toString("utf8")) ?? { ok: false };
    (r.ok ? ok : bad)(`reconciliation.json: 마감 시점 대사 ${r.ok ? "일치" : "불일치"}`);
  }

  if (!opts.rpcUrl) return done();
  // 4. The chain itself.
  const provider = new ethers.JsonRpcProvider(opts.rpcUrl, undefined, { staticNetwork: true });
  try {
    const net = await provider.getNetwork();
    (Number(net.chainId) === m.chainId ? ok : bad)(`체인 ID: 노드 ${net.chainId}, manifest ${m.chainId}`);
    const b = await provider.getBlock(m.cutoff.block);
    (b?.hash === m.cutoff.hash ? ok : bad)(`마감 블록 ${m.cutoff.block}의 해시: 노드 ${b?.hash ?? "(없음)"}, manifest ${m.cutoff.hash}`);
    const token = new ethers.Contract(m.token, ERC20, provider);
    const supply = (await token.totalSupply({ blockTag: m.cutoff.block })) as bigint;
    (supply.toString() === m.totals.supply ? ok : bad)(
      `totalSupply (블록 ${m.cutoff.block}): 체인 ${formatWon(supply)}원, manifest ${formatWon(m.totals.supply)}원`,
    );
    // The holders re-derived from the Transfer logs, not from anything the server kept.
    const derived = new Map<string, bigint>();
    for (let from = m.deployBlock; from <= m.cutoff.block; from += LOG_CHUNK) {
      const logs = await provider.getLogs({
        address: m.token,
        topics: [TRANSFER],
        fromBlock: from,
        toBlock: Math.min(m.cutoff.block, from + LOG_CHUNK - 1),
      });
      for (const l of logs) {
        const a = ethers.getAddress(`0x${l.topics[1].slice(26)}`);
        const c = ethers.getAddress(`0x${l.topics[2].slice(26)}`);
        const v = BigInt(l.data);
        if (a !== ethers.ZeroAddress) derived.set(a, (derived.get(a) ?? 0n) - v);
        if (c !== ethers.ZeroAddress) derived.set(c, (derived.get(c) ?? 0n) + v);
      }
    }
    let diffs = 0;
    const inPack = new Map(holders.map((h) => [h.address, h]));
    for (const h of holders) {
      const chain = derived.get(h.address) ?? 0n;
      if (chain !== h.balance) {
        diffs++;
        bad(`holders.csv ${h.line}행 ${h.address}: 팩 ${formatWon(h.balance)}원, 체인(Transfer 로그) ${formatWon(chain)}원`);
      }
    }
    for (const [a, v] of derived)
      if (v !== 0n && !inPack.has(a)) {
        diffs++;
        bad(`holders.csv에 없는 보유자 ${a}: 체인(Transfer 로그) ${formatWon(v)}원`);
      }
    for (let i = 0; i < holders.length; i += 50) {
      const slice = holders.slice(i, i + 50);
      const onChain = await Promise.all(slice.map((h) => token.balanceOf(h.address, { blockTag: m.cutoff.block }) as Promise<bigint>));
      slice.forEach((h, j) => {
        if (onChain[j] !== h.balance) {
          diffs++;
          bad(
            `holders.csv ${h.line}행 ${h.address}: 팩 ${formatWon(h.balance)}원, balanceOf(블록 ${m.cutoff.block}) ${formatWon(onChain[j])}원`,
          );
        }
      });
    }
    if (diffs === 0) ok(`보유자 ${holders.length}명의 잔액이 체인(Transfer 로그와 블록 ${m.cutoff.block}의 balanceOf)과 같습니다`);

    // 5. The published root.
    if (!m.merkle.rootTxHash) bad("Merkle 루트가 체인에 게시되지 않았습니다 (rootTxHash 없음)");
    else {
      const tx = await provider.getTransaction(m.merkle.rootTxHash);
      const receipt = await provider.getTransactionReceipt(m.merkle.rootTxHash);
      const p = tx ? decodeRootData(tx.data) : null;
      if (!tx || !receipt || receipt.status !== 1 || !p)
        bad(`루트 게시 거래 ${m.merkle.rootTxHash}를 체인에서 찾을 수 없거나 형식이 다릅니다`);
      else {
        const publisher = ethers.verifyMessage(
          rootMessage({ chainId: m.chainId, token: m.token, block: p.block, root: p.root }),
          p.signature,
        );
        const same = p.root === m.merkle.root.toLowerCase() && p.block === m.cutoff.block && publisher === m.signer;
        (same ? ok : bad)(
          `체인에 게시된 루트 (거래 ${m.merkle.rootTxHash}, 블록 ${receipt.blockNumber}): 루트 ${p.root}, 마감 블록 ${p.block}, 서명자 ${publisher}`,
        );
      }
    }
  } catch (e) {
    bad(`RPC ${opts.rpcUrl}에서 확인하지 못했습니다: ${(e as Error).message}`);
  } finally {
    provider.destroy();
  }
  return done();
}
