import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethers } from "ethers";
import { startTestStack, type TestStack } from "../test/harness";
import { startRemoteSigner, type RemoteSignerProcess } from "../../chain/test-remote-signer";
import { ROLE_ACCOUNTS, type RoleAccount } from "../../chain/roles";
import { DEMO } from "../seed";

/**
 * The role accounts' keys behind a remote signer (Web3Signer's eth_signTransaction / eth_accounts, here the test
 * process chain/test-remote-signer.ts), nothing of them in the server: the demo's deployment and seed, then a mint,
 * a burn, a pause and unpause (through dual control) and a member's relayed gift, each sent from its role's account.
 */
describe("role keys behind a remote signer", () => {
  let s: TestStack;
  let signer: RemoteSignerProcess;
  let admin: string;
  let admin2: string;
  const wallets = Object.fromEntries(ROLE_ACCOUNTS.map((a) => [a, ethers.Wallet.createRandom()])) as unknown as Record<
    RoleAccount,
    ethers.HDNodeWallet
  >;
  const address = (a: RoleAccount) => wallets[a].address;
  const op = (token: string) => (method: string, path: string, body?: unknown) =>
    s.call(method, path, { token, marker: "operation", body });
  const fromOf = async (hash: string) => (await s.ctx.chain.provider.getTransaction(hash))?.from;
  const approved = async (kind: string, payload: unknown) => {
    const p = await op(admin)("POST", "/api/proposals", { kind, payload, reason: "원격 서명 확인" });
    expect(p.code).toBe(200);
    const r = await op(admin2)("POST", `/api/proposals/${p.data.proposal.id}/approve`);
    expect([r.code, r.data.state]).toEqual([200, "approved"]);
    return r.data.txHash as string;
  };

  beforeAll(async () => {
    signer = await startRemoteSigner(
      31337,
      ROLE_ACCOUNTS.map((a) => wallets[a].privateKey),
    );
    s = await startTestStack({
      remoteSigner: { url: signer.url, accounts: Object.fromEntries(ROLE_ACCOUNTS.map((a) => [a, address(a)])) },
    });
    admin = await s.loginOperator(DEMO.admin.id, DEMO.admin.password);
    admin2 = await s.loginOperator("admin2", DEMO.admin.password);
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
    await signer?.stop();
  });

  it("deploys with the remote accounts as role holders; every sending account is remote on the gas card", async () => {
    for (const a of ROLE_ACCOUNTS) expect(s.ctx.chain.senders[a].address).toBe(address(a));
    expect(s.ctx.chain.deployment.roles).toEqual(Object.fromEntries(ROLE_ACCOUNTS.map((a) => [a, address(a)])));
    expect(await s.ctx.chain.token.hasRole(ethers.id("MINTER_ROLE"), address("minter"))).toBe(true);
    expect(await s.ctx.chain.token.hasRole(ethers.id("MINTER_ROLE"), address("relayer"))).toBe(false);
    const card = await op(admin)("GET", "/api/dashboard/gas");
    expect(card.code).toBe(200);
    expect(card.data.accounts.map((x: { roles: string[] }) => x.roles)).toEqual([
      ["relayer"],
      ["admin"],
      ["masterMinter"],
      ["minter"],
      ["burner"],
      ["blocker"],
      ["pauser"],
    ]);
    for (const x of card.data.accounts) expect(x.signer).toBe("remote");
  });

  it("a mint, a burn, a pause, an unpause, a block and an unblock are sent from their role's account", async () => {
    const supply = async () => BigInt(await s.ctx.chain.token.totalSupply());
    const before = await supply();
    const mint = await approved("mint", { value: 70_000 });
    expect(await fromOf(mint)).toBe(address("minter"));
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const burn = await approved("burn", { from: treasury, value: 20_000 });
    expect(await fromOf(burn)).toBe(address("burner"));
    expect(await supply()).toBe(before + 50_000n);
    const pause = await approved("pause", {});
    expect(await fromOf(pause)).toBe(address("pauser"));
    expect(await s.ctx.chain.token.paused()).toBe(true);
    const unpause = await approved("unpause", {});
    expect(await fromOf(unpause)).toBe(address("pauser"));
    expect(await s.ctx.chain.token.paused()).toBe(false);
    const outsider = ethers.Wallet.createRandom().address;
    const block = await approved("block", { address: outsider });
    expect(await fromOf(block)).toBe(address("blocker"));
    expect(await s.ctx.chain.token.isBlocked(outsider)).toBe(true);
    expect(await fromOf(await approved("unblock", { address: outsider }))).toBe(address("blocker"));
  });

  it("a member's gift is relayed from the relaying account; the signer process never shows a key", async () => {
    const member = await s.loginUser("01011112222", "111111");
    const look = await s.call("POST", "/api/info/user", { token: member, body: { phonenumber: "01033334444" } });
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: member,
      body: { opponentAddress: look.data.address, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(gift.code).toBe(200);
    expect(await fromOf(gift.data.txHash)).toBe(address("relayer"));
    // It signed every one of them (deployment, roles, the seed, the calls above): a line each, naming no key.
    const out = signer.output();
    for (const a of ROLE_ACCOUNTS) expect(out).toContain(`"from":"${address(a)}"`);
    for (const a of ROLE_ACCOUNTS) expect(out.toLowerCase()).not.toContain(wallets[a].privateKey.slice(2).toLowerCase());
  });
});
