import { ethers } from "ethers";
import { expect } from "vitest";
import type { ChainReader } from "../reader";
import type { VoucherChain } from "./voucher";

/** Every address the mirror or the test knows has the balance the contract reports; supplies agree. */
export async function expectMirrorMatchesChain(chain: VoucherChain, reader: ChainReader, extra: string[] = []): Promise<void> {
  const addresses = new Set<string>([...extra, chain.admin.address, chain.feeCollector, ...chain.users.map((u) => u.address)]);
  for (const h of (await reader.holders({ limit: 10_000 })).items) addresses.add(h.address);
  for (const a of addresses) expect({ a, balance: await reader.balanceOf(a) }).toEqual({ a, balance: await chain.token.balanceOf(a) });
  expect(await reader.totalSupply()).toBe(await chain.token.totalSupply());
  const logs = await chain.provider.getLogs({
    address: chain.address,
    fromBlock: chain.deployBlock,
    toBlock: "latest",
    topics: [ethers.id("Transfer(address,address,uint256)")],
  });
  const keys = logs.map((l) => `${l.transactionHash}:${l.index}`).sort();
  const mirrored = new Set<string>();
  const head = await reader.indexedHead();
  expect(head?.number).toBe(await chain.provider.getBlockNumber());
  for (const tx of (await reader.transactions({ limit: 100_000 })).items) {
    for (const t of await reader.transfersByTx(tx.hash)) mirrored.add(`${t.txHash}:${t.logIndex}`);
    // What the receipt says, whether the indexer asked for it or read it off the block header.
    const receipt = (await chain.provider.getTransactionReceipt(tx.hash))!;
    expect({ hash: tx.hash, status: tx.status, gasUsed: tx.gasUsed, gasPrice: tx.gasPrice }).toEqual({
      hash: tx.hash,
      status: receipt.status,
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.gasPrice,
    });
  }
  expect([...mirrored].sort()).toEqual(keys);
}
