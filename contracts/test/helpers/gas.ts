import { ethers } from "hardhat";
import type { ContractTransactionResponse } from "ethers";
import { mined, voucherEvents } from "./receipts";
import { deployVoucherFixture, FEE } from "./fixtures";
import { signTransferAuthorization, transferArgs } from "./sign";

/** Deterministic keys and addresses, so the printed numbers repeat from run to run. */
const wallet = (label: string) => new ethers.Wallet(ethers.id(`krw-voucher-gas/${label}`));
const freshAddress = (label: string) => wallet(label).address;

/**
 * gasUsed from receipts, each case under the same storage shape: the sender keeps a non-zero
 * balance, the recipient starts at zero, the fee collector already holds fees.
 */
export async function measureGas(batchSize: number) {
  const f = await deployVoucherFixture();
  const { voucher, minter, relayer, alice } = f;
  const gasOf = async (tx: Promise<ContractTransactionResponse>) => (await mined(tx)).gasUsed;

  await voucher.connect(minter).mint(alice.address, 1_000_000n);
  const warmUp = await signTransferAuthorization(voucher, alice, { to: freshAddress("warm-up"), value: 1_000n, fee: FEE });
  await voucher.connect(relayer).transferWithAuthorization(...transferArgs(warmUp));

  const transfer = await gasOf(voucher.connect(alice).transfer(freshAddress("transfer-to"), 5_000n));

  const single = await signTransferAuthorization(voucher, alice, {
    to: freshAddress("gift-to"),
    value: 5_000n,
    fee: FEE,
    nonce: ethers.id("gift-nonce"),
  });
  const gift = await gasOf(voucher.connect(relayer).transferWithAuthorization(...transferArgs(single)));

  const senders = Array.from({ length: batchSize }, (_, i) => wallet(`sender-${i}`));
  for (const s of senders) await voucher.connect(minter).mint(s.address, 10_000n);
  const items = await Promise.all(
    senders.map((s, i) =>
      signTransferAuthorization(voucher, s, {
        to: freshAddress(`batch-to-${i}`),
        value: 5_000n,
        fee: FEE,
        nonce: ethers.id(`batch-nonce-${i}`),
      }),
    ),
  );
  const receipt = await mined(voucher.connect(relayer).batchTransferWithAuthorization(items));
  const failed = voucherEvents(voucher, receipt).filter((e) => e.name === "AuthorizationFailed");
  if (failed.length > 0) throw new Error(`${failed.length} batch items failed; the measurement would be wrong`);
  const batchTotal = receipt.gasUsed;

  return { transfer, gift, batchSize, batchTotal, batchPerItem: batchTotal / BigInt(batchSize) };
}
