import { ethers } from "ethers";
import type { AppTx } from "../../db/schema";
import { getMeta } from "../../db/app-db";
import { decryptSecret, encryptSecret } from "../../custody/crypto";

const META_KEY = "audit_key";

/**
 * The operator audit key (signs month-end manifests and the published Merkle roots): made on first use, kept only
 * sealed like the custodial keys (AES-256-GCM under KEY_ENCRYPTION_KEY, bound to its address) in `meta`.
 */
export async function auditSigner(db: AppTx, kek: Buffer): Promise<ethers.Wallet> {
  let stored = await getMeta(db, META_KEY);
  if (!stored) {
    // Two first uses at once: the first insert wins, both read it back.
    const w = ethers.Wallet.createRandom();
    const value = JSON.stringify({ address: w.address, sealed: encryptSecret(w.privateKey, kek, w.address) });
    await db
      .insertInto("meta")
      .values({ key: META_KEY, value })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    stored = (await getMeta(db, META_KEY))!;
  }
  const { address, sealed } = JSON.parse(stored) as { address: string; sealed: string };
  return new ethers.Wallet(decryptSecret(sealed, kek, address));
}

export async function auditAddress(db: AppTx): Promise<string | null> {
  const stored = await getMeta(db, META_KEY);
  return stored ? (JSON.parse(stored) as { address: string }).address : null;
}
