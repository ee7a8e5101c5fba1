import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import type { DecodedRange } from "../../../indexer/decode";
import { createChainReader } from "../../../indexer/reader";
import type { TransferRow } from "../../../indexer/schema";
import { createStore } from "../../../indexer/store";
import { testStores } from "../../../indexer/test/stores";
import { dashboardListRequest } from "../../../domain/schemas/dashboard";
import { openAppStore } from "../../db/app-db";
import type { AppContext } from "../../context";
import { dashboardTransfers } from "./dashboard.service";

/**
 * The dashboard's business types (gift, use, settlement) pair each confirmed outbox row with its transfer leg on
 * chain: two reads on SQLite, one statement across both schemas on PostgreSQL (under test:pg). Both must pair a
 * relayer batch's moves with their own legs, leave out fee legs, other kinds and moves not indexed yet, and page
 * newest first.
 */
const [alice, bob, carol, dave, fees, market] = ["alice", "bob", "carol", "dave", "fees", "market"].map((n) =>
  ethers.getAddress(`0x${Buffer.from(n.padEnd(20, "_")).toString("hex")}`),
);
const T0 = 1_700_000_000;
const txHash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const blockHash = (b: number) => `0xb${b.toString(16).padStart(63, "0")}`;

describe("dashboard business types: moves and their legs", () => {
  const stores = testStores();
  afterAll(() => stores.cleanup());

  it("pairs each move of a batch with its own leg, newest first, on either store", async () => {
    const loc = await stores.location();
    const writer = createStore(await stores.open(loc));
    await writer.init({ chainId: 31337, genesisHash: blockHash(0), token: alice, deployBlock: 0 });
    const leg = (
      tx: number,
      block: number,
      log: number,
      from: string,
      to: string,
      value: number,
      kind: TransferRow["kind"],
    ): TransferRow => ({
      tx_hash: txHash(tx),
      log_index: log,
      block_number: block,
      from,
      to,
      value: String(value),
      kind,
      timestamp: T0 + block * 60,
      gas_fee: String(21_000 * tx),
    });
    const transfers = [
      // Block 1, tx 1: a batch of three gifts, each with its fee leg: the first two to the same recipient, the
      // first and third from the same sender.
      leg(1, 1, 0, alice, bob, 100, "transfer"),
      leg(1, 1, 1, alice, fees, 10, "fee"),
      leg(1, 1, 2, carol, bob, 50, "transfer"),
      leg(1, 1, 3, carol, fees, 10, "fee"),
      leg(1, 1, 4, alice, carol, 30, "transfer"),
      leg(1, 1, 5, alice, fees, 10, "fee"),
      // Block 2: a use (a payment to a market) and a gift of the same sender and value, in two transactions.
      leg(2, 2, 0, bob, market, 70, "transfer"),
      leg(3, 2, 1, bob, alice, 70, "transfer"),
      leg(3, 2, 2, bob, fees, 10, "fee"),
    ];
    const blocks = [1, 2].map((b) => ({ number: b, hash: blockHash(b), parent_hash: blockHash(b - 1), timestamp: T0 + b * 60 }));
    const range: DecodedRange = { blocks, transfers, transactions: [], tokenEvents: [], authorizations: [], feeCollector: null };
    await writer.applyRange(range, { number: 2, hash: blockHash(2) }, null);

    const app = await openAppStore(loc);
    try {
      expect(app.dialect).toBe(loc.databaseUrl ? "postgres" : "sqlite");
      let n = 0;
      const move = (
        kind: "gift" | "use",
        from: string,
        to: string,
        value: number,
        tx: number | null,
        status: "confirmed" | "pending" = "confirmed",
      ) => ({
        kind,
        from_address: from,
        to_address: to,
        value,
        fee: kind === "gift" ? 10 : 0,
        nonce: ethers.toBeHex(++n, 32),
        valid_before: T0 + 3600,
        status,
        tx_hash: tx === null ? null : txHash(tx),
        block_number: tx === null ? null : tx === 1 ? 1 : 2,
        created_at: new Date((T0 + n) * 1000).toISOString(),
        updated_at: new Date((T0 + n) * 1000).toISOString(),
      });
      await app.db
        .insertInto("outbox_transfers")
        .values([
          move("gift", alice, bob, 100, 1),
          move("gift", carol, bob, 50, 1),
          move("gift", alice, carol, 30, 1),
          move("use", bob, market, 70, 2),
          move("gift", bob, alice, 70, 3),
          // Confirmed, its transaction not indexed yet; and one not sent yet.
          move("gift", dave, alice, 5, 9),
          move("gift", dave, bob, 5, null, "pending"),
        ])
        .execute();
      const ctx = { db: app.db, view: createChainReader(await stores.open(loc, true)) } as unknown as AppContext;
      const list = async ({ perPage, page, ...q }: Record<string, unknown>) => {
        // Pages of 2 (the screens offer 10 and up) are set after validation.
        const request = {
          ...dashboardListRequest.parse({ type: "gift", from: "2023-11-01", to: "2023-12-01", ...q }),
          ...(perPage ? { perPage, page } : { perPage: 100 }),
        };
        const p = await dashboardTransfers(ctx, request as ReturnType<typeof dashboardListRequest.parse>);
        return {
          total: p.total,
          legs: p.items.map(
            (t) =>
              `${Number(t.txHash)}:${t.logIndex}:${t.from === alice ? "alice" : t.from === bob ? "bob" : "carol"}:${t.value}:${t.kind}`,
          ),
        };
      };
      // Newest first: the gift of tx 3, then the batch's three from its last; the unindexed gift counts and shows no row.
      expect(await list({})).toEqual({
        total: 5,
        legs: ["3:1:bob:70:transfer", "1:4:alice:30:transfer", "1:2:carol:50:transfer", "1:0:alice:100:transfer"],
      });
      expect(await list({ perPage: 2, page: 1 })).toEqual({ total: 5, legs: ["3:1:bob:70:transfer"] });
      expect(await list({ perPage: 2, page: 2 })).toEqual({ total: 5, legs: ["1:4:alice:30:transfer", "1:2:carol:50:transfer"] });
      expect(await list({ perPage: 2, page: 3 })).toEqual({ total: 5, legs: ["1:0:alice:100:transfer"] });
      expect(await list({ type: "use" })).toEqual({ total: 1, legs: ["2:0:bob:70:transfer"] });
      expect(await list({ filter: carol, filter_type: "address" })).toEqual({
        total: 2,
        legs: ["1:4:alice:30:transfer", "1:2:carol:50:transfer"],
      });
    } finally {
      await app.close();
    }
  });
});
