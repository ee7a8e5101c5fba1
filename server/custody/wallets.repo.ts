import type { AppTx, WalletKind, WalletRecord } from "../db/schema";
import { nowIso } from "../db/app-db";

/** Operator wallets of the back-office: every custodial wallet but members' and the gas sender. */
export const OPERATOR_WALLET_KINDS = ["treasury", "fee", "settlement", "operator", "custom"] as const;

export type WalletRow = Omit<WalletRecord, "encrypted_key">;
const cols = ["id", "address", "kind", "member_id", "nickname", "created_at"] as const;

export async function insertWallet(
  db: AppTx,
  w: { address: string; encrypted_key: string; kind: WalletKind; member_id: number | null; nickname: string | null },
): Promise<WalletRow> {
  return db
    .insertInto("wallets")
    .values({ ...w, created_at: nowIso() })
    .returning(cols)
    .executeTakeFirstOrThrow();
}

export async function sealedKeyOf(db: AppTx, address: string): Promise<{ address: string; encrypted_key: string } | undefined> {
  return db.selectFrom("wallets").select(["address", "encrypted_key"]).where("address", "=", address).executeTakeFirst();
}

export async function walletByKind(db: AppTx, kind: WalletKind): Promise<WalletRow | undefined> {
  return db.selectFrom("wallets").select(cols).where("kind", "=", kind).orderBy("id").limit(1).executeTakeFirst();
}

export async function walletByAddress(db: AppTx, address: string): Promise<WalletRow | undefined> {
  return db.selectFrom("wallets").select(cols).where("address", "=", address).executeTakeFirst();
}

export async function memberWalletOf(db: AppTx, memberId: number): Promise<WalletRow | undefined> {
  return db
    .selectFrom("wallets")
    .select(cols)
    .where("member_id", "=", memberId)
    .where("kind", "=", "member")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Every custodial wallet with its owner's permission (for totals by owner type). */
export async function walletsWithOwnerPermission(db: AppTx) {
  return db
    .selectFrom("wallets")
    .leftJoin("members", "members.id", "wallets.member_id")
    .select(["wallets.address", "wallets.kind", "members.permission"])
    .execute();
}

/** The operator wallet of that kind and nickname (the role accounts' keys: kind 'sender', named by role). */
export async function walletByKindAndNickname(db: AppTx, kind: WalletKind, nickname: string): Promise<WalletRow | undefined> {
  return db
    .selectFrom("wallets")
    .select(cols)
    .where("kind", "=", kind)
    .where("nickname", "=", nickname)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export async function operatorWalletByAddress(db: AppTx, address: string) {
  return db
    .selectFrom("wallets")
    .select(["id", "address", "kind", "nickname"])
    .where("kind", "in", OPERATOR_WALLET_KINDS)
    .where("address", "=", address)
    .executeTakeFirst();
}
