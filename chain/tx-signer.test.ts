import type http from "node:http";
import { createServer } from "node:http";
import { ethers } from "ethers";
import type { TransactionSerializableEIP1559 } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { serveRemoteSigner } from "./test-remote-signer";
import { localSigner, remoteAccounts, remoteSigner } from "./tx-signer";

const url = (server: http.Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

describe("transaction signers: a local key, a remote signer (Web3Signer's eth_signTransaction)", () => {
  const wallet = ethers.Wallet.createRandom();
  const tx: TransactionSerializableEIP1559 = {
    type: "eip1559",
    chainId: 31337,
    nonce: 7,
    to: ethers.Wallet.createRandom().address as `0x${string}`,
    data: "0xa9059cbb00",
    value: 0n,
    gas: 90_000n,
    maxFeePerGas: 3_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  };
  const servers: http.Server[] = [];
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it("a remote signer lists its accounts and signs the very bytes the local key signs", async () => {
    const server = await serveRemoteSigner(31337, [wallet.privateKey]);
    servers.push(server);
    expect(await remoteAccounts(url(server))).toEqual([wallet.address]);
    const remote = await remoteSigner(url(server), wallet.address).signTransaction(tx);
    expect(remote).toBe(await localSigner(wallet.privateKey).signTransaction(tx));
    expect(ethers.Transaction.from(remote).from).toBe(wallet.address);
    // An account it does not hold: refused by the signer, nothing to send.
    await expect(remoteSigner(url(server), ethers.Wallet.createRandom().address).signTransaction(tx)).rejects.toThrow(/no key/);
  });

  it("refuses what a signer answers when it is not the transaction asked for (another nonce, another chain)", async () => {
    for (const change of [{ nonce: 8 }, { chainId: 1 }]) {
      const server = createServer((req, res) => {
        let body = "";
        req.on("data", (c) => (body += c));
        req.on("end", async () => {
          const { id } = JSON.parse(body);
          const raw = await wallet.signTransaction({
            type: 2,
            chainId: change.chainId ?? tx.chainId,
            nonce: change.nonce ?? tx.nonce,
            to: tx.to,
            data: tx.data,
            gasLimit: tx.gas,
            maxFeePerGas: tx.maxFeePerGas,
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
          });
          res.end(JSON.stringify({ jsonrpc: "2.0", id, result: raw }));
        });
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
      servers.push(server);
      await expect(remoteSigner(url(server), wallet.address).signTransaction(tx)).rejects.toThrow(/not the one asked for/);
    }
  });
});
