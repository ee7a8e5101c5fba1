import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, waitForPort } from "./ports";

/**
 * The external-chain test rig: an Anvil node on a free 127.0.0.1 port, mining a block every `blockTime` seconds
 * (interval mining, like a real chain: a transaction waits in the pool for its block), reached by the stack only
 * through RPC_URL, as a remote chain is. Its helpers make the faults a remote chain makes: a transaction dropped
 * from the pool, a base-fee spike, mining paused, a reorg. The child dies with this process.
 */
export interface AnvilRig {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** A JSON-RPC call to the node. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Gives `address` `wei` of the native coin (gas money). */
  setBalance(address: string, wei: bigint): Promise<void>;
  /** Removes one pending transaction from the pool (as a node that evicted it would). */
  dropTx(hash: string): Promise<void>;
  /** Removes every pending transaction from the pool. */
  dropAll(): Promise<void>;
  /** The next block's base fee becomes `wei` (later blocks fall from it by the EIP-1559 rule). */
  spikeBaseFee(wei: bigint): Promise<void>;
  /** No block is mined until resumeMining (transactions wait in the pool). */
  pauseMining(): Promise<void>;
  /** Interval mining again (a block every `blockTime` seconds). */
  resumeMining(): Promise<void>;
  /** Mines `n` blocks now. */
  mine(n?: number): Promise<void>;
  /**
   * The last `depth` blocks are replaced by as many new ones holding the same transactions (anvil_reorg): the head's
   * number stays, the hashes change, and transactions are re-included in other blocks.
   */
  reorg(depth: number): Promise<void>;
  /** The last `depth` blocks are removed (anvil_rollback); their transactions are gone with them. */
  rollback(depth: number): Promise<void>;
  /** Pending transaction hashes in the pool. */
  pendingHashes(): Promise<string[]>;
  blockNumber(): Promise<number>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, "..");

/** The anvil binary of @foundry-rs/anvil (its platform package). */
export function anvilBinary(): string {
  const pkg = require.resolve("@foundry-rs/anvil-linux-amd64/package.json", { paths: [ROOT] });
  return path.join(path.dirname(pkg), "bin", "anvil");
}

export async function startAnvilRig(opts: { blockTime?: number; chainId?: number; port?: number } = {}): Promise<AnvilRig> {
  const port = opts.port ?? (await freePort());
  const chainId = opts.chainId ?? 31_338;
  const blockTime = opts.blockTime ?? 1;
  const child: ChildProcess = spawn(
    anvilBinary(),
    ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--block-time", String(blockTime), "--silent"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let exited = false;
  let stderr = "";
  child.stderr?.on("data", (b: Buffer) => void (stderr.length < 10_000 && (stderr += b.toString())));
  child.once("exit", () => (exited = true));
  const kill = () => {
    if (!exited) child.kill("SIGKILL");
  };
  process.once("exit", kill);
  try {
    await Promise.race([
      waitForPort(port, "127.0.0.1", 30_000),
      new Promise((_, reject) => child.once("exit", (c) => reject(new Error(`anvil exited (${c}): ${stderr}`)))),
    ]);
  } catch (err) {
    kill();
    throw err;
  }
  const rpcUrl = `http://127.0.0.1:${port}`;
  let id = 0;
  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const answer = (await res.json()) as { result?: T; error?: { message: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  }
  const hex = (n: bigint | number) => `0x${BigInt(n).toString(16)}`;
  return {
    rpcUrl,
    port,
    chainId,
    rpc,
    setBalance: async (address, wei) => void (await rpc("anvil_setBalance", [address, hex(wei)])),
    dropTx: async (hash) => void (await rpc("anvil_dropTransaction", [hash])),
    dropAll: async () => void (await rpc("anvil_dropAllTransactions")),
    spikeBaseFee: async (wei) => void (await rpc("anvil_setNextBlockBaseFeePerGas", [hex(wei)])),
    async pauseMining() {
      await rpc("evm_setAutomine", [false]);
      await rpc("evm_setIntervalMining", [0]);
    },
    resumeMining: async () => void (await rpc("evm_setIntervalMining", [blockTime])),
    mine: async (n = 1) => void (await rpc("anvil_mine", [hex(n)])),
    reorg: async (depth) => void (await rpc("anvil_reorg", [depth, []])),
    rollback: async (depth) => void (await rpc("anvil_rollback", [depth])),
    async pendingHashes() {
      const content = await rpc<{ pending: Record<string, Record<string, { hash: string }>> }>("txpool_content");
      return Object.values(content.pending).flatMap((byNonce) => Object.values(byNonce).map((t) => t.hash));
    },
    blockNumber: async () => Number(await rpc<string>("eth_blockNumber")),
    async stop() {
      process.removeListener("exit", kill);
      if (exited) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(kill, 2000).unref();
      });
    },
  };
}
