import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapChain, type Chain } from "./bootstrap";
import { freePort } from "./ports";

describe("embedded chain: deploy, journal, replay", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-chain-"));
  const operatorKey = ethers.Wallet.createRandom().privateKey;
  const feeCollector = ethers.Wallet.createRandom().address;
  const holder = ethers.Wallet.createRandom().address;
  let chain: Chain | null = null;

  afterAll(async () => {
    await chain?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("deploys once, then a fresh node replays the journal to the same balances, tx and block hashes", async () => {
    chain = await bootstrapChain({ dataDir, chainPort: await freePort(), rpcUrl: null, operatorKey, feeCollector });
    const { token, iface, sender, deployment } = chain;
    expect(await token.decimals()).toBe(0n);
    const mint = await sender.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 12_345n]) });
    expect(mint.status).toBe(1);
    const block = await chain.provider.getBlock(mint.blockNumber);
    const head = await chain.provider.getBlockNumber();
    await chain.stop();
    chain = null;

    // A new node on another port: state is gone until the journal is replayed.
    chain = await bootstrapChain({ dataDir, chainPort: await freePort(), rpcUrl: null, operatorKey, feeCollector });
    expect(chain.deployment.token).toBe(deployment.token);
    expect(await chain.token.balanceOf(holder)).toBe(12_345n);
    const again = await chain.provider.getTransactionReceipt(mint.hash);
    expect(again?.blockNumber).toBe(mint.blockNumber);
    expect((await chain.provider.getBlock(mint.blockNumber))?.hash).toBe(block?.hash);
    expect(await chain.provider.getBlockNumber()).toBe(head);

    // And it keeps going: the next transaction mines on top with a later timestamp.
    const next = await chain.sender.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 5n]) });
    expect(next.blockNumber).toBe(head + 1);
    expect(await chain.token.balanceOf(holder)).toBe(12_350n);
  });
});
