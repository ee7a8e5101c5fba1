import { ethers } from "ethers";
import type { AppDb, AppTx, WalletKind } from "../db/schema";
import { decryptSecret, encryptSecret } from "./crypto";
import { checksumAddress, isAddress } from "../../chain/checksum";
import { insertWallet, memberWalletOf, sealedKeyOf, walletByAddress, walletByKind, type WalletRow } from "./wallets.repo";

export type { WalletKind } from "../db/schema";
export type { WalletRow } from "./wallets.repo";

/**
 * Custodial keys: generated here, stored only AES-256-GCM-sealed (bound to the address), decrypted
 * in memory to sign. Nothing here returns or logs a private key except `signerFor`'s in-memory wallet.
 * The wallets decrypted last (at most SIGNER_CACHE_SIZE) stay in this process's memory, so a member's
 * gifts do not decrypt the key and derive its public key again for each one (server/README.md): the
 * process holds the key-encryption key anyway, so memory shows nothing it could not decrypt.
 */
export interface Custody {
  /** `trx`: create inside the caller's transaction (a member and its wallet together). */
  createWallet(kind: WalletKind, opts?: { memberId?: number; nickname?: string; privateKey?: string }, trx?: AppTx): Promise<WalletRow>;
  signerFor(address: string): Promise<ethers.Wallet>;
  byKind(kind: WalletKind): Promise<WalletRow | undefined>;
  byAddress(address: string): Promise<WalletRow | undefined>;
  memberWallet(memberId: number): Promise<WalletRow | undefined>;
}

/** How many decrypted wallets stay in memory (least recently used first out). */
export const SIGNER_CACHE_SIZE = 10_000;

export function createCustody(db: AppDb, kek: Buffer, opts: { signerCacheSize?: number } = {}): Custody {
  const cacheSize = opts.signerCacheSize ?? SIGNER_CACHE_SIZE;
  /** Address → wallet, in order of last use (a Map iterates in insertion order). */
  const signers = new Map<string, ethers.Wallet>();
  // Operator wallets (treasury, fee, settlement, sender) never change once made: their rows are cached.
  const kinds = new Map<WalletKind, WalletRow>();
  // Members' wallets (insert-only rows, a member's first one is theirs for good), at most cacheSize of them.
  const memberWallets = new Map<number, WalletRow>();
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
      const key = address.toLowerCase();
      const cached = signers.get(key);
      if (cached) {
        signers.delete(key);
        signers.set(key, cached);
        return cached;
      }
      const row = await sealedKeyOf(db, checksumAddress(address));
      if (!row) throw new Error(`no custodial key for ${address}`);
      const wallet = new ethers.Wallet(decryptSecret(row.encrypted_key, kek, row.address));
      signers.set(key, wallet);
      if (signers.size > cacheSize) signers.delete(signers.keys().next().value!);
      return wallet;
    },
    async byKind(kind) {
      const cached = kinds.get(kind);
      if (cached) return cached;
      const row = await walletByKind(db, kind);
      if (row && kind !== "member" && kind !== "custom" && kind !== "operator") kinds.set(kind, row);
      return row;
    },
    async byAddress(address) {
      if (!isAddress(address)) return undefined;
      return walletByAddress(db, checksumAddress(address));
    },
    async memberWallet(memberId) {
      // Wallets are only ever inserted: a member's first wallet, once it exists, is theirs for good.
      const cached = memberWallets.get(memberId);
      if (cached) return cached;
      const row = await memberWalletOf(db, memberId);
      if (row) {
        if (memberWallets.size >= cacheSize) memberWallets.delete(memberWallets.keys().next().value!);
        memberWallets.set(memberId, row);
      }
      return row;
    },
  };
}
