import { ethers } from "hardhat";
import type { Contract, ContractRunner } from "ethers";
import { FEE_WON } from "../../../domain/constants";

/** Untyped ABI access (no typechain), but `connect` keeps the method surface. Own overload first. */
export type Voucher = { connect(runner: ContractRunner | null): Voucher } & Contract;

/** The product's fixed fee per gift, in won (1 token = 1 won). */
export const FEE = BigInt(FEE_WON);

/** The minter's allowance in the fixture: far above what any test mints, except those that set their own. */
export const MINTER_ALLOWANCE = 10n ** 12n;

/**
 * A fresh KRWVoucher with every role on its own account: nobody but the admin holds more than one
 * role, so a test that passes proves the right role was checked. The master minter made `minter` a
 * minter with MINTER_ALLOWANCE. The named users hold no roles.
 */
export async function deployVoucherFixture() {
  const [admin, feeCollector, minter, burner, blocker, pauser, relayer, alice, bob, carol, outsider, masterMinter] =
    await ethers.getSigners();
  const voucher = (await ethers.deployContract("KRWVoucher", [admin.address, feeCollector.address])) as unknown as Voucher;
  await voucher.waitForDeployment();

  const roles = {
    minter: await voucher.MINTER_ROLE(),
    masterMinter: await voucher.MASTER_MINTER_ROLE(),
    burner: await voucher.BURNER_ROLE(),
    blocker: await voucher.BLOCKER_ROLE(),
    pauser: await voucher.PAUSER_ROLE(),
    relayer: await voucher.RELAYER_ROLE(),
    admin: await voucher.DEFAULT_ADMIN_ROLE(),
  };
  await voucher.connect(admin).grantRole(roles.masterMinter, masterMinter.address);
  await voucher.connect(masterMinter).configureMinter(minter.address, MINTER_ALLOWANCE);
  await voucher.connect(admin).grantRole(roles.burner, burner.address);
  await voucher.connect(admin).grantRole(roles.blocker, blocker.address);
  await voucher.connect(admin).grantRole(roles.pauser, pauser.address);
  await voucher.connect(admin).grantRole(roles.relayer, relayer.address);

  return { voucher, roles, admin, feeCollector, masterMinter, minter, burner, blocker, pauser, relayer, alice, bob, carol, outsider };
}

export const ALICE_START = 100_000n;
export const BOB_START = 10_000n;

/** The same deployment with vouchers bought: alice 100,000 won, bob 10,000 won, carol nothing. */
export async function fundedVoucherFixture() {
  const f = await deployVoucherFixture();
  await f.voucher.connect(f.minter).mint(f.alice.address, ALICE_START);
  await f.voucher.connect(f.minter).mint(f.bob.address, BOB_START);
  return f;
}

export type VoucherFixture = Awaited<ReturnType<typeof deployVoucherFixture>>;
export type Fixture = () => Promise<VoucherFixture>;
