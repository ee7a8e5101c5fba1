/**
 * The published Merkle root of a month-end cut-off (issue 37), shared by the server, the pack verifier and the
 * member app's public proof page (which decodes it from the chain without trusting the server).
 *
 * The root is published in the data of a zero-value transaction the operator account sends to the audit key's
 * address: `TAG ‖ root (32 bytes) ‖ cut-off block (uint256) ‖ the audit key's EIP-191 signature (65 bytes)` over
 * `rootMessage(...)`. Leaves: OpenZeppelin StandardMerkleTree over ['address', 'uint256'] (double-hashed), one per
 * customer wallet (members and shops) with a balance at the cut-off.
 */
export const ROOT_TAG = "0x4b52575650304c31"; // "KRWVP0L1"
export const LEAF_ENCODING = ["address", "uint256"] as const;

export const rootMessage = (p: { chainId: number; token: string; block: number; root: string }) =>
  `KRW Voucher proof of liabilities\nchain ${p.chainId}\ntoken ${p.token.toLowerCase()}\nblock ${p.block}\nroot ${p.root.toLowerCase()}`;

const strip = (h: string) => h.replace(/^0x/i, "").toLowerCase();

export function encodeRootData(root: string, block: number, signature: string): string {
  const r = strip(root);
  const sig = strip(signature);
  if (r.length !== 64 || sig.length !== 130) throw new Error("root or signature of the wrong length");
  return `${ROOT_TAG}${r}${block.toString(16).padStart(64, "0")}${sig}`;
}

/** The root, block and signature carried by a transaction's data, or null when it is not a published root. */
export function decodeRootData(data: string): { root: string; block: number; signature: string } | null {
  const d = strip(data);
  const tag = strip(ROOT_TAG);
  if (!d.startsWith(tag) || d.length !== tag.length + 64 + 64 + 130) return null;
  const body = d.slice(tag.length);
  return { root: `0x${body.slice(0, 64)}`, block: Number.parseInt(body.slice(64, 128), 16), signature: `0x${body.slice(128)}` };
}

/** What a member is given to check their balance's inclusion (GET /api/account/proofs). */
export interface MemberProof {
  label: string;
  chainId: number;
  token: string;
  block: number;
  address: string;
  balance: string;
  root: string;
  rootTxHash: string | null;
  proof: string[];
}
