import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapChain, OPERATOR_MINT_ALLOWANCE, type Chain } from "./bootstrap";
import { ContractCodeMismatchError } from "./deployed-code";
import { freePort } from "./ports";
import { ACCOUNT_ROLE, ROLE_ACCOUNTS, RoleKeysMismatchError, roleId } from "./roles";

describe("embedded chain: deploy, journal, replay", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-chain-"));
  const operatorKey = ethers.Wallet.createRandom().privateKey;
  // One key per role account (the server's are sealed custodial keys: server/stack-keys.ts).
  const roleKeys = {
    admin: ethers.Wallet.createRandom().privateKey,
    masterMinter: ethers.Wallet.createRandom().privateKey,
    minter: ethers.Wallet.createRandom().privateKey,
    burner: ethers.Wallet.createRandom().privateKey,
    blocker: ethers.Wallet.createRandom().privateKey,
    pauser: ethers.Wallet.createRandom().privateKey,
  };
  const feeCollector = ethers.Wallet.createRandom().address;
  const holder = ethers.Wallet.createRandom().address;
  let chain: Chain | null = null;

  afterAll(async () => {
    await chain?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("deploys once, then a fresh node replays the journal to the same balances, tx and block hashes", async () => {
    chain = await bootstrapChain({ dataDir, chainPort: await freePort(), rpcUrl: null, operatorKey, roleKeys, feeCollector });
    const { token, iface, senders, deployment } = chain;
    expect(await token.decimals()).toBe(0n);
    // Seven accounts, each holding its own role and no other: the relaying key cannot mint nor burn.
    const addresses = ROLE_ACCOUNTS.map((a) => senders[a].address);
    expect(new Set(addresses).size).toBe(7);
    expect(senders.relayer.address).toBe(new ethers.Wallet(operatorKey).address);
    expect(deployment.roles).toEqual(Object.fromEntries(ROLE_ACCOUNTS.map((a) => [a, senders[a].address])));
    for (const account of ROLE_ACCOUNTS)
      for (const role of Object.values(ACCOUNT_ROLE))
        expect([account, role, await token.hasRole(roleId(role), senders[account].address)]).toEqual([
          account,
          role,
          role === ACCOUNT_ROLE[account],
        ]);
    expect(await token.minterAllowance(senders.minter.address)).toBe(OPERATOR_MINT_ALLOWANCE);
    expect(await token.minterAllowance(senders.relayer.address)).toBe(0n);
    // Each account pays its own gas (the embedded node's hardhat_setBalance, journaled).
    for (const a of addresses) expect(await chain.provider.getBalance(a)).toBeGreaterThan(0n);
    const mint = await senders.minter.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 12_345n]) });
    expect(mint.status).toBe(1);
    expect((await chain.provider.getTransaction(mint.hash))?.from).toBe(senders.minter.address);
    // The relaying key is refused a mint on chain (its own nonce stream goes on: a burn by the burner next).
    const refused = await senders.relayer.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 1n]) });
    expect(refused.status).toBe(0);
    const burn = await senders.burner.send({ to: deployment.token, data: iface.encodeFunctionData("burn", [holder, 45n]) });
    expect(burn.status).toBe(1);
    const block = await chain.provider.getBlock(burn.blockNumber);
    const head = await chain.provider.getBlockNumber();
    await chain.stop();
    chain = null;

    // A new node on another port: state is gone until the journal is replayed.
    // It answers once the journal is replayed up to the deployment (the code check); the rest follows in the background.
    chain = await bootstrapChain({ dataDir, chainPort: await freePort(), rpcUrl: null, operatorKey, roleKeys, feeCollector });
    expect(chain.deployment.token).toBe(deployment.token);
    expect(await chain.synced()).toBe(true);
    expect(chain.replaying()).toBe(false);
    expect(await chain.token.balanceOf(holder)).toBe(12_300n);
    const again = await chain.provider.getTransactionReceipt(mint.hash);
    expect(again?.blockNumber).toBe(mint.blockNumber);
    expect((await chain.provider.getBlock(burn.blockNumber))?.hash).toBe(block?.hash);
    expect(await chain.provider.getBlockNumber()).toBe(head);

    // And it keeps going: the next transaction mines on top with a later timestamp.
    const next = await chain.senders.minter.send({ to: deployment.token, data: iface.encodeFunctionData("mint", [holder, 5n]) });
    expect(next.blockNumber).toBe(head + 1);
    expect(await chain.token.balanceOf(holder)).toBe(12_305n);
    expect(await chain.token.minterAllowance(chain.senders.minter.address)).toBe(OPERATOR_MINT_ALLOWANCE - 12_350n);
    await chain.stop();
    chain = null;

    // Started with another minter key: refused before anything is sent, saying what to do.
    const other = { ...roleKeys, minter: ethers.Wallet.createRandom().privateKey };
    const err = await bootstrapChain({
      dataDir,
      chainPort: await freePort(),
      rpcUrl: null,
      operatorKey,
      roleKeys: other,
      feeCollector,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RoleKeysMismatchError);
    expect((err as Error).message).toContain(`minter: recorded ${senders.minter.address}`);
  });

  it("refuses a DATA_DIR deployed when one operator key held every role (no role accounts recorded), and says what to do", async () => {
    const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-chain-single-key-"));
    try {
      // The deployment as the single-key build recorded it: the same contract, every role on the operator key.
      const before = await bootstrapChain({ dataDir: oldDir, chainPort: await freePort(), rpcUrl: null, operatorKey, feeCollector });
      const deployFile = path.join(oldDir, "deployments", `${before.deployment.chainId}.json`);
      await before.stop();
      const { roles: _roles, ...recorded } = JSON.parse(fs.readFileSync(deployFile, "utf8"));
      fs.writeFileSync(deployFile, JSON.stringify(recorded, null, 2));

      const err = await bootstrapChain({
        dataDir: oldDir,
        chainPort: await freePort(),
        rpcUrl: null,
        operatorKey,
        roleKeys,
        feeCollector,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RoleKeysMismatchError);
      expect((err as Error).message).toContain("one operator key holds every role");
      expect((err as Error).message).toContain("fresh DATA_DIR");
      expect(JSON.parse(fs.readFileSync(deployFile, "utf8")).token).toBe(recorded.token);
    } finally {
      fs.rmSync(oldDir, { recursive: true, force: true });
    }
  });

  // A DATA_DIR of an earlier version: its journal deploys that KRWVoucher and its deployment file points there.
  for (const old of [
    { version: "v1", artifact: "v1/KRWVoucherV1.sol/KRWVoucherV1.json" },
    { version: "v2", artifact: "v2/KRWVoucherV2.sol/KRWVoucherV2.json" },
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
