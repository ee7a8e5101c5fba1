import http from "node:http";
import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { NodePortInUseError, startLocalNode, startLocalNodeOnFreePort, type LocalNode } from "./node";

const { devKeys } = require("./node-config.cjs") as { devKeys: (mnemonic: string, count: number) => string[] };

const MNEMONIC = "test test test test test test test test test test test junk";

/**
 * The embedded node's own config (node-config.cjs) must give the genesis the project's hardhat.config.ts gives: a
 * different one would make every DATA_DIR's journal replay into other block hashes than its index holds.
 */
describe("the embedded node's config", () => {
  let node: LocalNode | null = null;
  afterAll(async () => {
    await node?.stop();
  });

  it("derives Hardhat's default accounts natively (BIP-39/BIP-32, m/44'/60'/0'/0/i), as ethers does", () => {
    const keys = devKeys(MNEMONIC, 20);
    expect(keys).toHaveLength(20);
    for (const i of [0, 1, 7, 19])
      expect(new ethers.Wallet(keys[i]).address).toBe(ethers.HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`).address);
  });

  it("starts the node on the genesis of hardhat.config.ts's network (hash measured with `hardhat node` on it)", async () => {
    node = await startLocalNodeOnFreePort();
    const send = async (method: string, params: unknown[]) =>
      (
        (await (
          await fetch(node!.rpcUrl, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
          })
        ).json()) as { result: any }
      ).result;
    const genesis = await send("eth_getBlockByNumber", ["0x0", false]);
    expect([genesis.hash, genesis.stateRoot, Number(genesis.timestamp)]).toEqual([
      "0x06c73023678a3bfc3163ddb93b0f49c4560641179b739f0d3c17d39e785a5f3f",
      expect.stringMatching(/^0xc2b8dc215b/),
      Date.parse("2026-01-01T00:00:00.000Z") / 1000,
    ]);
    const accounts: string[] = await send("eth_accounts", []);
    expect(accounts.map((a) => ethers.getAddress(a))).toEqual(devKeys(MNEMONIC, 20).map((k) => new ethers.Wallet(k).address));
    expect(BigInt(await send("eth_getBalance", [accounts[19], "latest"]))).toBe(10n ** 22n);
  }, 120_000);
});

describe("the embedded node's start", () => {
  it("on a port another process holds (even one that answers JSON-RPC), fails with NodePortInUseError instead of using that process", async () => {
    const other = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: true })));
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", () => r()));
    const port = (other.address() as { port: number }).port;
    try {
      const started = startLocalNode(port);
      await expect(started).rejects.toBeInstanceOf(NodePortInUseError);
      await expect(started).rejects.toThrow(`127.0.0.1:${port}`);
    } finally {
      other.close();
    }
  }, 120_000);
});
