import { ethers } from "hardhat";
import type { BaseContract, ContractTransactionResponse, Signer } from "ethers";
import { mined, voucherEvents } from "./receipts";
import { deployVoucherFixture, FEE, type Voucher } from "./fixtures";
import { nonceOf, signTransferAuthorization, TRANSFER_WITH_AUTHORIZATION_TYPES, transferArgs, voucherDomain } from "./sign";

/** v1 signed the same fields with a bytes32 nonce; a USDC-style authorization has no fee. */
const V1_TYPES = {
  TransferWithAuthorization: TRANSFER_WITH_AUTHORIZATION_TYPES.TransferWithAuthorization.map((f) =>
    f.name === "nonce" ? { ...f, type: "bytes32" } : f,
  ),
};
const USDC_STYLE_TYPES = { TransferWithAuthorization: V1_TYPES.TransferWithAuthorization.filter((f) => f.name !== "fee") };

/** Deterministic keys and addresses, so the printed numbers repeat from run to run. */
const wallet = (label: string) => new ethers.Wallet(ethers.id(`krw-voucher-gas/${label}`));
const address = (label: string) => wallet(label).address;
const gasOf = async (tx: Promise<ContractTransactionResponse>) => (await mined(tx)).gasUsed;
const deadline = async () => BigInt((await ethers.provider.getBlock("latest"))!.timestamp) + 3600n;

/**
 * gasUsed from receipts, every case under the same storage shape: the sender keeps a non-zero
 * balance, the recipient already holds vouchers (an existing recipient), the fee collector already
 * holds fees. KRWVoucher v3 is measured beside an OpenZeppelin ERC-20, a USDC-style EIP-3009 token
 * and the frozen v1 and v2 contracts, all in this one run.
 */
export async function measureGas(batchSize: number) {
  const f = await deployVoucherFixture();
  const { voucher, admin, feeCollector, minter, relayer, alice, bob, carol } = f;

  // ---- anchors ----
  const oz = (await ethers.deployContract("OZTransferAnchor")) as unknown as Voucher;
  await oz.mint(alice.address, 1_000_000n);
  await oz.mint(bob.address, 1n);
  const ozTransfer = await gasOf(oz.connect(alice).transfer(bob.address, 5_000n));

  const usdc = (await ethers.deployContract("UsdcStyleAnchor")) as unknown as Voucher;
  await usdc.mint(alice.address, 1_000_000n);
  await usdc.mint(bob.address, 1n);
  const usdcAuth = await signUsdcStyle(usdc, alice, bob.address, 5_000n, ethers.id("usdc-nonce"));
  const usdcTransferWithAuthorization = await gasOf(usdc.connect(relayer).transferWithAuthorization(...usdcAuth));

  // A batch of `batchSize` wallets paying `batchSize` existing recipients (on v1, v2 and v3).
  const senders = Array.from({ length: batchSize }, (_, i) => wallet(`sender-${i}`));
  const recipients = senders.map((_, i) => address(`batch-to-${i}`));

  const v1 = await measureV1(relayer, alice, bob.address, carol.address, senders, recipients);

  // ---- KRWVoucher v2 (frozen), then v3: the same calls ----
  const v2Token = (await ethers.deployContract("KRWVoucherV2", [admin.address, feeCollector.address])) as unknown as Voucher;
  await v2Token.grantRole(await v2Token.MINTER_ROLE(), minter.address);
  await v2Token.grantRole(await v2Token.RELAYER_ROLE(), relayer.address);
  const v2 = await measureBitmapVoucher(v2Token, { minter, relayer, alice, bob, carol }, senders, recipients);
  const v3 = await measureBitmapVoucher(voucher, { minter, relayer, alice, bob, carol }, senders, recipients);

  return { batchSize, ozTransfer, usdcTransferWithAuthorization, v1, v2, v3 };
}

/**
 * transfer, gift and batch on a KRWVoucher with bitmap nonces (v2 and v3 share the calls): each gift and
 * batch item once as the first nonce of a word (a fresh slot) and once with the word in use (the steady state).
 */
async function measureBitmapVoucher(
  voucher: Voucher,
  who: { minter: Signer; relayer: Signer; alice: Signer; bob: Signer; carol: Signer },
  senders: Signer[],
  recipients: string[],
) {
  const { minter, relayer, alice } = who;
  const bob = await who.bob.getAddress();
  const carol = await who.carol.getAddress();
  await voucher.connect(minter).mint(await alice.getAddress(), 1_000_000n);
  await voucher.connect(minter).mint(bob, 1n);
  await voucher.connect(minter).mint(carol, 1n);
  // The fee collector holds fees, and alice's nonce word 0 is in use (her nonce 0).
  const warmUp = await signTransferAuthorization(voucher, alice, { to: carol, value: 1_000n, fee: FEE, nonce: 0n });
  await voucher.connect(relayer).transferWithAuthorization(...transferArgs(warmUp));

  const transfer = await gasOf(voucher.connect(alice).transfer(bob, 5_000n));
  const gift = async (nonce: bigint) =>
    gasOf(
      voucher
        .connect(relayer)
        .transferWithAuthorization(
          ...transferArgs(await signTransferAuthorization(voucher, alice, { to: bob, value: 5_000n, fee: FEE, nonce })),
        ),
    );
  const giftFirstInWord = await gift(nonceOf(1n, 0));
  const giftInWord = await gift(1n);

  // The batch, first with each wallet's nonce 0 (a fresh nonce word), then with nonce 1 (the word is in use).
  for (const s of senders) await voucher.connect(minter).mint(await s.getAddress(), 100_000n);
  for (const r of recipients) await voucher.connect(minter).mint(r, 1n);
  const batch = async (nonce: bigint) => {
    const items = await Promise.all(
      senders.map((s, i) => signTransferAuthorization(voucher, s, { to: recipients[i], value: 5_000n, fee: FEE, nonce })),
    );
    const receipt = await mined(voucher.connect(relayer).batchTransferWithAuthorization(items));
    const failed = voucherEvents(voucher, receipt).filter((e) => e.name === "AuthorizationFailed");
    if (failed.length > 0) throw new Error(`${failed.length} batch items failed; the measurement would be wrong`);
    return receipt.gasUsed;
  };
  const n = BigInt(senders.length);
  const batchPerItemFirstInWord = (await batch(0n)) / n;
  const batchPerItem = (await batch(1n)) / n;
  return { transfer, gift: giftInWord, giftFirstInWord, batchPerItem, batchPerItemFirstInWord };
}

async function signUsdcStyle(token: BaseContract, signer: Signer, to: string, value: bigint, nonce: string) {
  const from = await signer.getAddress();
  const { chainId } = await ethers.provider.getNetwork();
  const domain = { name: "USDC-style Anchor", version: "2", chainId, verifyingContract: await token.getAddress() };
  const message = { from, to, value, validAfter: 0n, validBefore: await deadline(), nonce };
  const { v, r, s } = ethers.Signature.from(await signer.signTypedData(domain, USDC_STYLE_TYPES, message));
  return [from, to, value, message.validAfter, message.validBefore, nonce, v, r, s] as const;
}

/** The same transfer, gift and batch on the frozen v1 contract (bytes32 random nonces, try/catch batch). */
async function measureV1(relayer: Signer, alice: Signer, existing: string, feeHolder: string, senders: Signer[], recipients: string[]) {
  const [admin, collector] = await ethers.getSigners();
  const v1 = (await ethers.deployContract("KRWVoucherV1", [admin.address, collector.address])) as unknown as Voucher;
  for (const role of ["MINTER_ROLE", "RELAYER_ROLE"]) await v1.grantRole(await v1[role](), admin.address);
  await v1.grantRole(await v1.RELAYER_ROLE(), await relayer.getAddress());
  await v1.mint(await alice.getAddress(), 1_000_000n);
  await v1.mint(existing, 1n);
  const domain = await voucherDomain(v1);
  const sign = async (signer: Signer, to: string, nonce: string) => {
    const m = { from: await signer.getAddress(), to, value: 5_000n, fee: FEE, validAfter: 0n, validBefore: await deadline(), nonce };
    const { v, r, s } = ethers.Signature.from(await signer.signTypedData(domain, V1_TYPES, m));
    return { ...m, v, r, s };
  };
  const args = (a: Awaited<ReturnType<typeof sign>>) =>
    [a.from, a.to, a.value, a.fee, a.validAfter, a.validBefore, a.nonce, a.v, a.r, a.s] as const;
  await v1.connect(relayer).transferWithAuthorization(...args(await sign(alice, feeHolder, ethers.id("v1-warm-up"))));
  const transfer = await gasOf(v1.connect(alice).transfer(existing, 5_000n));
  const gift = await gasOf(v1.connect(relayer).transferWithAuthorization(...args(await sign(alice, existing, ethers.id("v1-gift")))));
  for (const s of senders) await v1.mint(await s.getAddress(), 100_000n);
  for (const r of recipients) await v1.mint(r, 1n);
  const items = await Promise.all(senders.map((s, i) => sign(s, recipients[i], ethers.id(`v1-batch-${i}`))));
  const receipt = await mined(v1.connect(relayer).batchTransferWithAuthorization(items));
  if (voucherEvents(v1, receipt).some((e) => e.name === "AuthorizationFailed")) throw new Error("a v1 batch item failed");
  return { transfer, gift, batchPerItem: receipt.gasUsed / BigInt(senders.length) };
}
