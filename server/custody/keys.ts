import { ethers } from "ethers";
import type { AppDb, AppTx, WalletKind } from "../db/schema";
import { decryptSecret, encryptSecret } from "./crypto";
import { insertWallet, memberWalletOf, sealedKeyOf, walletByAddress, walletByKind, type WalletRow } from "./wallets.repo";

export type { WalletKind } from "../db/schema";
export type { WalletRow } from "./wallets.repo";

/**
 * Custodial keys: generated here, stored only AES-256-GCM-sealed (bound to the address), decrypted
 * in memory just to sign. Nothing here returns or logs a private key except `signerFor`'s in-memory wallet.
 */
export interface Custody {
  /** `trx`: create inside the caller's transaction (a member and its wallet together). */
  createWallet(kind: WalletKind, opts?: { memberId?: number; nickname?: string; privateKey?: string }, trx?: AppTx): Promise<WalletRow>;
  signerFor(address: string): Promise<ethers.Wallet>;
  byKind(kind: WalletKind): Promise<WalletRow | undefined>;
  byAddress(address: string): Promise<WalletRow | undefined>;
  memberWallet(memberId: number): Promise<WalletRow | undefined>;
}

export function createCustody(db: AppDb, kek: Buffer): Custody {
  // Operator wallets (treasury, fee, settlement, sender) never change once made: their rows are cached.
  const kinds = new Map<WalletKind, WalletRow>();
  return {
    async createWallet(kind, opts = {}, trx) {
      const wallet = opts.privateKey ? new ethers.Wallet(opts.privateKey) : ethers.Wallet.createRandom();
      return insertWallet(trx ?? db, {
        address: wallet.address,
        encrypted_key: encryptSecret(wallet.privateKey, kek, wallet.address),
        kind,
        member_id: opts.memberId ?? null,
        nickname: opts.nickname ?? null,
      });
    },
    async signerFor(address) {
      const row = await sealedKeyOf(db, ethers.getAddress(address));
      if (!row) throw new Error(`no custodial key for ${address}`);
      return new ethers.Wallet(decryptSecret(row.encrypted_key, kek, row.address));
    },
    async byKind(kind) {
      const cached = kinds.get(kind);
      if (cached) return cached;
      const row = await walletByKind(db, kind);
      if (row && kind !== "member" && kind !== "custom" && kind !== "operator") kinds.set(kind, row);
      return row;
    },
    async byAddress(address) {
      if (!ethers.isAddress(address)) return undefined;
      return walletByAddress(db, ethers.getAddress(address));
    },
    async memberWallet(memberId) {
      return memberWalletOf(db, memberId);
    },
  };
}
