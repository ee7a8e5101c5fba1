import fs from "node:fs";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { ethers } from "ethers";
import { decodeRootData, LEAF_ENCODING } from "../domain/proof-of-liabilities";

/**
 * An outside check of a member's proof (issue 37): `tsx scripts/verify-proof.ts <proof.json> <rpc-url>`. Reads the root
 * from the publishing transaction on the chain (not from the server), and checks the member's leaf with OpenZeppelin's
 * StandardMerkleTree.verify. Prints `OK …` and exits 0, or says what failed and exits 1.
 */
async function main() {
  const [file, rpcUrl] = process.argv.slice(2);
  if (!file || !rpcUrl) throw new Error("usage: verify-proof <proof.json> <rpc-url>");
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as { address: string; balance: string; proof: string[]; rootTxHash: string };
  const provider = new ethers.JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const tx = await provider.getTransaction(p.rootTxHash);
    const published = tx ? decodeRootData(tx.data) : null;
    if (!published) throw new Error(`no published root in ${p.rootTxHash}`);
    const included = StandardMerkleTree.verify(published.root, [...LEAF_ENCODING], [p.address, p.balance], p.proof);
    console.log(`${included ? "OK" : "NOT INCLUDED"} ${p.address} ${p.balance} root ${published.root} block ${published.block}`);
    process.exitCode = included ? 0 : 1;
  } finally {
    provider.destroy();
  }
}

main().catch((e) => {
  console.error(`verify-proof: ${(e as Error).message}`);
  process.exit(2);
});
