import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openJournal, type Journal } from "./journal";
import { startLocalNodeOnFreePort, type LocalNode } from "./node";
import { createReplay, rawRpc, replayJournal } from "./replay";

/** Past the embedded node's genesis timestamp. */
const T = 1_800_000_000;

describe("journal replay: timestamps", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-replay-"));
  const wallet = ethers.Wallet.createRandom();
  let chainId = 0;
  let nodes: LocalNode[] = [];
  const fresh = async () => {
    const node = await startLocalNodeOnFreePort();
    nodes.push(node);
    return node;
  };
  const signed = (nonce: number) =>
    wallet.signTransaction({
      to: wallet.address,
      value: 1n,
      nonce,
      gasLimit: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
      chainId,
      type: 2,
    });
  /** A journal: funding (an rpc entry), then self-transfers at these timestamps. */
  const journalOf = async (name: string, stamps: number[]): Promise<Journal> => {
    const journal = await openJournal(path.join(dir, `${name}.db`));
    await journal.append({
      kind: "rpc",
      payload: JSON.stringify({ method: "hardhat_setBalance", params: [wallet.address, "0x56BC75E2D63100000"] }),
      ts: null,
      hash: null,
    });
    for (const [nonce, ts] of stamps.entries()) {
      const raw = await signed(nonce);
      await journal.append({ kind: "raw", payload: raw, ts, hash: ethers.keccak256(raw) });
    }
    return journal;
  };
  const blockStamps = async (rpcUrl: string, n: number) => {
    const rpc = rawRpc(rpcUrl);
    const out: number[] = [];
    for (let b = 1; b <= n; b++) out.push(parseInt((await rpc.call("eth_getBlockByNumber", [`0x${b.toString(16)}`, false])).timestamp, 16));
    rpc.close();
    return out;
  };

  beforeAll(async () => {
    const node = await fresh();
    const rpc = rawRpc(node.rpcUrl);
    chainId = parseInt(await rpc.call("eth_chainId"), 16);
    rpc.close();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    nodes = [];
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the node's own clock: a block mined soon after the previous one is one second later; after a pause, later still", async () => {
    // What the replay relies on to skip evm_setNextBlockTimestamp (chain/replay.ts).
    const node = await fresh();
    const rpc = rawRpc(node.rpcUrl);
    await rpc.call("hardhat_setBalance", [wallet.address, "0x56BC75E2D63100000"]);
    const latest = async () => parseInt((await rpc.call("eth_getBlockByNumber", ["latest", false])).timestamp, 16);
    await rpc.call("evm_setNextBlockTimestamp", [T]);
    await rpc.call("eth_sendRawTransaction", [await signed(0)]);
    const quick: number[] = [];
    for (let nonce = 1; nonce <= 5; nonce++) {
      await rpc.call("eth_sendRawTransaction", [await signed(nonce)]);
      quick.push((await latest()) - T);
    }
    expect(quick).toEqual([1, 2, 3, 4, 5]);
    await new Promise((r) => setTimeout(r, 2_200));
    await rpc.call("eth_sendRawTransaction", [await signed(6)]);
    expect((await latest()) - T).toBeGreaterThanOrEqual(5 + 2);
    rpc.close();
  });

  it("sets a timestamp only where the node would not choose it, and every block gets the journal's", async () => {
    // Runs of one second apart (the node's clock gives them), and jumps (set explicitly).
    const stamps = [T, T + 1, T + 2, T + 3, T + 60, T + 61, T + 62, T + 3_600, T + 3_601];
    const journal = await journalOf("mixed", stamps);
    const node = await fresh();
    const r = await replayJournal(node.rpcUrl, journal);
    expect(r).toMatchObject({ finished: true, mined: stamps.length, replayed: stamps.length + 1 });
    expect(r.clockSet).toBe(3);
    expect(await blockStamps(node.rpcUrl, stamps.length)).toEqual(stamps);
    await journal.close();
  });

  it("after a pause between two runs, sets the next timestamp even one second on: the node's clock moved", async () => {
    const stamps = [T, T + 1, T + 2, T + 3, T + 4];
    const journal = await journalOf("paused", stamps);
    const node = await fresh();
    const replay = createReplay(node.rpcUrl, journal);
    expect(await replay.run({ untilMined: 2 })).toMatchObject({ mined: 2, finished: false, clockSet: 1 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await replay.run()).toMatchObject({ mined: stamps.length, finished: true, clockSet: 2 });
    expect(await blockStamps(node.rpcUrl, stamps.length)).toEqual(stamps);
    await journal.close();
  });
});
