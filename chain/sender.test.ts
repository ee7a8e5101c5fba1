import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openJournal, type Journal } from "./journal";
import { startLocalNodeOnFreePort, type LocalNode } from "./node";
import { createSender, makeProvider } from "./sender";

describe("the embedded node's sender: block timestamps", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-sender-"));
  const wallet = ethers.Wallet.createRandom();
  let node: LocalNode;
  let journal: Journal;
  let provider: ethers.JsonRpcProvider;
  beforeAll(async () => {
    node = await startLocalNodeOnFreePort();
    provider = makeProvider(node.rpcUrl);
    journal = await openJournal(path.join(dir, "journal.db"));
    await provider.send("hardhat_setBalance", [wallet.address, ethers.toQuantity(10n ** 20n)]);
  });
  afterAll(async () => {
    provider?.destroy();
    await journal?.close();
    await node?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("after later blocks mined by something else, even one more right after it read the head, sets a timestamp past the node's head and journals it", async () => {
    // The sender's own connection to the node; "something else" mines once more just after the sender read the head.
    const own = makeProvider(node.rpcUrl);
    const plain = own.send.bind(own);
    let mineAfterHeadRead = 0;
    own.send = async (method: string, params: unknown[] | Record<string, unknown>) => {
      const answer = await plain(method, params);
      if (method === "eth_getBlockByNumber" && mineAfterHeadRead > 0) {
        mineAfterHeadRead--;
        const head = (await provider.send("eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
        await provider.send("evm_mine", [Number(head.timestamp) + 1]);
      }
      return answer;
    };
    const sender = createSender({ provider: own, privateKey: wallet.privateKey, journal, controlTime: true });
    const toSelf = { to: wallet.address, value: 1n };
    expect((await sender.send(toSelf)).status).toBe(1);

    // A block a minute later than the sender's last: its next timestamp is refused.
    const head = (await provider.send("eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
    const later = Number(head.timestamp) + 60;
    await provider.send("evm_mine", [later]);
    mineAfterHeadRead = 1;

    const second = await sender.send(toSelf);
    expect(second.status).toBe(1);
    expect(mineAfterHeadRead).toBe(0);
    const block = (await provider.send("eth_getBlockByNumber", [ethers.toQuantity(second.blockNumber), false])) as { timestamp: string };
    expect(Number(block.timestamp)).toBeGreaterThan(later + 1);
    const entry = (await journal.entries()).find((e) => e.hash === second.hash)!;
    expect(entry.ts).toBe(Number(block.timestamp));
    sender.close();
    own.destroy();
  });
});
