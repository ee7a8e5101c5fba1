import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { recoverMessageAddress } from "viem";
import { decodeRootData, LEAF_ENCODING, rootMessage, type MemberProof } from "./proof-of-liabilities";

/**
 * The public proof check (issue 37), run in the browser: the root is read from the transaction that published it, on
 * the chain (read-only JSON-RPC: the site's public proxy, or any node the visitor names), decoded with
 * `decodeRootData`, its audit-key signature recovered, and the member's leaf checked with OpenZeppelin's
 * StandardMerkleTree.verify. Nothing the server computed is trusted: it only relays the node's raw answers.
 */
export const PUBLIC_RPC = "/api/verify/rpc";

export type ProofInput = Pick<MemberProof, "address" | "balance" | "proof"> &
  Partial<Omit<MemberProof, "rootTxHash">> & { rootTxHash: string };

export type CheckResult =
  | { ok: true; root: string; block: number; txHash: string; txBlock: number; signer: string; chainId: number }
  | { ok: false; reason: string };

const HEX32 = /^0x[0-9a-fA-F]{64}$/;

/** A pasted or linked proof, checked for shape; the Korean reason when it is not one. */
export function parseProof(text: string): ProofInput | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "증명 형식(JSON)이 올바르지 않습니다.";
  }
  const p = v as Partial<MemberProof>;
  if (typeof p?.address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(p.address)) return "증명에 지갑 주소가 없습니다.";
  if (typeof p.balance !== "string" || !/^\d+$/.test(p.balance)) return "증명에 잔액이 없습니다.";
  if (!Array.isArray(p.proof) || !p.proof.every((h) => typeof h === "string" && HEX32.test(h)))
    return "증명 경로(proof)가 올바르지 않습니다.";
  if (typeof p.rootTxHash !== "string" || !HEX32.test(p.rootTxHash)) return "루트 게시 거래(rootTxHash)가 없습니다.";
  return p as ProofInput;
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const post = () =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
  // A read: a connection reset on the way (a kept-alive socket the other side closed) is tried once more.
  const res = await post().catch(post);
  const body = (await res.json().catch(() => null)) as { result?: T; error?: { message?: string } } | null;
  if (!body || body.error || !("result" in body)) throw new Error(body?.error?.message ?? `RPC ${res.status}`);
  return body.result as T;
}

/** Reads the published root from the chain and checks the proof against it. */
export async function checkProof(p: ProofInput, rpcUrl: string = PUBLIC_RPC): Promise<CheckResult> {
  let chainId: number;
  let tx: { input: string; to: string | null; blockNumber: string | null } | null;
  try {
    chainId = Number.parseInt(await rpc<string>(rpcUrl, "eth_chainId", []), 16);
    tx = await rpc(rpcUrl, "eth_getTransactionByHash", [p.rootTxHash]);
  } catch {
    return { ok: false, reason: "블록체인 노드에 연결할 수 없습니다. 잠시 후 다시 시도하거나 다른 RPC 주소를 입력해 주세요." };
  }
  if (!tx || tx.blockNumber === null) return { ok: false, reason: "루트를 게시한 거래를 체인에서 찾을 수 없습니다." };
  if (p.chainId !== undefined && p.chainId !== chainId)
    return { ok: false, reason: `다른 체인입니다 (증명 ${p.chainId}, 노드 ${chainId}).` };
  const published = decodeRootData(tx.input);
  if (!published) return { ok: false, reason: "이 거래는 잔액 명세의 루트를 게시한 거래가 아닙니다." };
  if (p.block !== undefined && p.block !== published.block)
    return { ok: false, reason: `기준 블록이 다릅니다 (증명 ${p.block}, 게시 ${published.block}).` };
  if (p.root !== undefined && p.root.toLowerCase() !== published.root.toLowerCase())
    return { ok: false, reason: "증명에 적힌 루트가 체인에 게시된 루트와 다릅니다." };
  let signer = "";
  if (p.token) {
    // The audit key signed (chain, token, block, root); the operator sent it to that key's address.
    signer = await recoverMessageAddress({
      message: rootMessage({ chainId, token: p.token, block: published.block, root: published.root }),
      signature: published.signature as `0x${string}`,
    }).catch(() => "");
    if (!tx.to || signer.toLowerCase() !== tx.to.toLowerCase()) return { ok: false, reason: "게시된 루트의 감사 키 서명이 맞지 않습니다." };
  }
  let included = false;
  try {
    included = StandardMerkleTree.verify(published.root, [...LEAF_ENCODING], [p.address, p.balance], p.proof);
  } catch {
    included = false;
  }
  if (!included) return { ok: false, reason: "이 주소와 잔액은 게시된 루트에 포함되어 있지 않습니다 (증명 불일치)." };
  return {
    ok: true,
    root: published.root,
    block: published.block,
    txHash: p.rootTxHash,
    txBlock: Number.parseInt(tx.blockNumber, 16),
    signer,
    chainId,
  };
}

/** The link the member app opens the page with: the proof in the fragment (never sent to any server). */
export const proofLink = (p: MemberProof) => `/verify-proof#${encodeURIComponent(JSON.stringify(p))}`;
