import Database from "better-sqlite3";
import { ethers } from "ethers";
import { voucherArtifact } from "./artifacts";

/**
 * For tests and the bench: a long journal of real transactions, quickly (the stack that owns it stopped).
 * Appends mint transactions to the journal until it holds `size` raw transactions, as the sender would have
 * (signed by the operator, consecutive nonces, a block timestamp one second after the last). Returns the next nonce.
 */
export async function appendMints(
  journalFile: string,
  privateKey: string,
  chainId: number,
  token: string,
  nonce: number,
  size: number,
): Promise<number> {
  const wallet = new ethers.Wallet(privateKey);
  const iface = new ethers.Interface(voucherArtifact().abi);
  const db = new Database(journalFile);
  try {
    const have = (db.prepare("SELECT count(*) AS n FROM journal WHERE kind = 'raw'").get() as { n: number }).n;
    let ts = (db.prepare("SELECT max(ts) AS ts FROM journal").get() as { ts: number }).ts;
    const rows: { payload: string; ts: number; hash: string }[] = [];
    for (let i = have; i < size; i++) {
      const holder = ethers.getAddress(ethers.dataSlice(ethers.id(`holder-${i % 500}`), 12));
      const raw = await wallet.signTransaction({
        to: token,
        data: iface.encodeFunctionData("mint", [holder, 1_000n + BigInt(i)]),
        nonce: nonce++,
        chainId,
        type: 2,
        gasLimit: 150_000n,
        maxFeePerGas: 20_000_000_000n,
        maxPriorityFeePerGas: 0n,
      });
      rows.push({ payload: raw, ts: ++ts, hash: ethers.keccak256(raw) });
    }
    const insert = db.prepare("INSERT INTO journal (kind, payload, ts, hash) VALUES ('raw', ?, ?, ?)");
    db.transaction(() => {
      for (const r of rows) insert.run(r.payload, r.ts, r.hash);
    })();
  } finally {
    db.close();
  }
  return nonce;
}
