import { ethers } from "ethers";
import type { AppDb } from "../db/app-db";
import { nowIso } from "../db/app-db";
import { decryptSecret, encryptSecret } from "./crypto";

export type WalletKind = "member" | "treasury" | "fee" | "settlement" | "operator" | "custom" | "sender";

export interface WalletRow {
  id: number;
  address: string;
  kind: WalletKind;
  member_id: number | null;
  nickname: string | null;
  created_at: string;
}

/**
 * Custodial keys: generated here, stored only AES-256-GCM-sealed (bound to the address), decrypted
 * in memory just to sign. Nothing here returns or logs a private key except `signerFor`'s in-memory wallet.
 */
export interface Custody {
  createWallet(kind: WalletKind, opts?: { memberId?: number; nickname?: string; privateKey?: string }): WalletRow;
  signerFor(address: string): ethers.Wallet;
  byKind(kind: WalletKind): WalletRow | undefined;
  byAddress(address: string): WalletRow | undefined;
  memberWallet(memberId: number): WalletRow | undefined;
}

export function createCustody(db: AppDb, kek: Buffer): Custody {
  const cols = "id, address, kind, member_id, nickname, created_at";
  return {
    createWallet(kind, opts = {}) {
      const wallet = opts.privateKey ? new ethers.Wallet(opts.privateKey) : ethers.Wallet.createRandom();
      const sealed = encryptSecret(wallet.privateKey, kek, wallet.address);
      const info = db
        .prepare("INSERT INTO wallets (address, encrypted_key, kind, member_id, nickname, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(wallet.address, sealed, kind, opts.memberId ?? null, opts.nickname ?? null, nowIso());
      return db.prepare(`SELECT ${cols} FROM wallets WHERE id = ?`).get(info.lastInsertRowid) as WalletRow;
    },
    signerFor(address) {
      const row = db.prepare("SELECT address, encrypted_key FROM wallets WHERE address = ?").get(ethers.getAddress(address)) as
        | { address: string; encrypted_key: string }
        | undefined;
      if (!row) throw new Error(`no custodial key for ${address}`);
      return new ethers.Wallet(decryptSecret(row.encrypted_key, kek, row.address));
    },
    byKind(kind) {
      return db.prepare(`SELECT ${cols} FROM wallets WHERE kind = ? ORDER BY id LIMIT 1`).get(kind) as WalletRow | undefined;
    },
    byAddress(address) {
      if (!ethers.isAddress(address)) return undefined;
      return db.prepare(`SELECT ${cols} FROM wallets WHERE address = ?`).get(ethers.getAddress(address)) as WalletRow | undefined;
    },
    memberWallet(memberId) {
      return db.prepare(`SELECT ${cols} FROM wallets WHERE member_id = ? AND kind = 'member' ORDER BY id LIMIT 1`).get(memberId) as
        | WalletRow
        | undefined;
    },
  };
}
