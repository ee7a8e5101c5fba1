import { afterAll, describe, expect, it } from "vitest";
import { testStores } from "../../../indexer/test/stores";
import { openAppStore } from "../../db/app-db";
import { insertMember } from "../../records/members.repo";
import { insertWallet } from "../../custody/wallets.repo";
import { ownerNames } from "../../records/owner-names";

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

describe("owner names", () => {
  const stores = testStores();
  afterAll(() => stores.cleanup());

  it("names members and operator wallets, reads a found name once, and asks again for an address with no wallet", async () => {
    const app = await openAppStore(await stores.location());
    try {
      const memberId = await insertMember(app.db, { phonenumber: "01012345678", username: "김민준", password_hash: "x" });
      await insertWallet(app.db, { address: address(1), encrypted_key: "k", kind: "member", member_id: memberId, nickname: null });
      await insertWallet(app.db, { address: address(2), encrypted_key: "k", kind: "fee", member_id: null, nickname: "수수료 지갑" });
      await insertWallet(app.db, { address: address(3), encrypted_key: "k", kind: "treasury", member_id: null, nickname: null });

      const first = await ownerNames(app.db, [address(1), address(2), address(3), address(4), address(1)]);
      expect(Object.fromEntries(first)).toEqual({ [address(1)]: "김민준", [address(2)]: "수수료 지갑", [address(3)]: "treasury" });

      // A wallet created later for the unnamed address is named on the next read.
      await insertWallet(app.db, { address: address(4), encrypted_key: "k", kind: "member", member_id: memberId, nickname: null });
      // A name once read is not read again: this store's rows are gone, the names stay (a wallet is never renamed).
      await app.db
        .deleteFrom("wallets")
        .where("address", "in", [address(1), address(2)])
        .execute();
      const second = await ownerNames(app.db, [address(1), address(2), address(4)]);
      expect(Object.fromEntries(second)).toEqual({ [address(1)]: "김민준", [address(2)]: "수수료 지갑", [address(4)]: "김민준" });

      // Each store has its own names.
      const other = await openAppStore(await stores.location());
      try {
        expect((await ownerNames(other.db, [address(1)])).size).toBe(0);
      } finally {
        await other.close();
      }
    } finally {
      await app.close();
    }
  });
});
