import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapChain, OPERATOR_MINT_ALLOWANCE, ROLES, type Chain } from "./bootstrap";
import { ContractCodeMismatchError } from "./deployed-code";
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
    // The operator holds every role, minting within its allowance as master minter of itself.
    for (const role of [...ROLES, "MINTER_ROLE"]) expect(await token.hasRole(ethers.id(role), sender.address)).toBe(true);
    expect(await token.minterAllowance(sender.address)).toBe(OPERATOR_MINT_ALLOWANCE);
    const mint = await sender.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 12_345n]) });
    expect(mint.status).toBe(1);
    const block = await chain.provider.getBlock(mint.blockNumber);
    const head = await chain.provider.getBlockNumber();
    await chain.stop();
    chain = null;

    // A new node on another port: state is gone until the journal is replayed.
    // It answers once the journal is replayed up to the deployment (the code check); the rest follows in the background.
    chain = await bootstrapChain({ dataDir, chainPort: await freePort(), rpcUrl: null, operatorKey, feeCollector });
    expect(chain.deployment.token).toBe(deployment.token);
    expect(await chain.synced()).toBe(true);
    expect(chain.replaying()).toBe(false);
    expect(await chain.token.balanceOf(holder)).toBe(12_345n);
    const again = await chain.provider.getTransactionReceipt(mint.hash);
    expect(again?.blockNumber).toBe(mint.blockNumber);
    expect((await chain.provider.getBlock(mint.blockNumber))?.hash).toBe(block?.hash);
    expect(await chain.provider.getBlockNumber()).toBe(head);

    // And it keeps going: the next transaction mines on top with a later timestamp.
    const next = await chain.sender.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 5n]) });
    expect(next.blockNumber).toBe(head + 1);
    expect(await chain.token.balanceOf(holder)).toBe(12_350n);
    expect(await chain.token.minterAllowance(chain.sender.address)).toBe(OPERATOR_MINT_ALLOWANCE - 12_350n);
  });

  // A DATA_DIR of an earlier version: its journal deploys that KRWVoucher and its deployment file points there.
  for (const old of [
    { version: "v1", artifact: "mocks/KRWVoucherV1.sol/KRWVoucherV1.json" },
    { version: "v2", artifact: "mocks/KRWVoucherV2.sol/KRWVoucherV2.json" },
  ]) {
    it(`refuses to start on a DATA_DIR whose contract is KRWVoucher ${old.version}, and says what to do`, async () => {
      const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), `krw-chain-${old.version}-`));
      try {
        let before: Chain | null = await bootstrapChain({
          dataDir: oldDir,
          chainPort: await freePort(),
          rpcUrl: null,
          operatorKey,
          feeCollector,
        });
        const compiled = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../artifacts/contracts", old.artifact), "utf8"));
        const deployTx = await new ethers.ContractFactory(compiled.abi, compiled.bytecode).getDeployTransaction(
          before.sender.address,
          feeCollector,
        );
        const receipt = await before.sender.send(deployTx);
        expect(receipt.status).toBe(1);
        const deployFile = path.join(oldDir, "deployments", `${before.deployment.chainId}.json`);
        const recorded = { ...before.deployment, token: receipt.contractAddress!, deployBlock: receipt.blockNumber };
        fs.writeFileSync(deployFile, JSON.stringify(recorded, null, 2));
        await before.stop();
        before = null;

        // This build replays that journal on a fresh node, finds the old code at the recorded address and stops.
        const started = bootstrapChain({ dataDir: oldDir, chainPort: await freePort(), rpcUrl: null, operatorKey, feeCollector });
        const err = await started.then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(ContractCodeMismatchError);
        const message = (err as Error).message;
        expect(message).toContain(recorded.token);
        expect(message).toContain(`mv ${oldDir} ${oldDir}.old`);
        expect(message).toContain("fresh DATA_DIR");
        expect(message).toContain(old.version);
        // Nothing was redeployed behind the operator's back.
        expect(JSON.parse(fs.readFileSync(deployFile, "utf8")).token).toBe(recorded.token);
      } finally {
        fs.rmSync(oldDir, { recursive: true, force: true });
      }
    });
  }
});
