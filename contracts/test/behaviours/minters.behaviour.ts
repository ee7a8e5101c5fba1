import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, MINTER_ALLOWANCE, type Fixture } from "../helpers/fixtures";

/**
 * Minter allowances managed by the master minter, after Circle's FiatToken (configureMinter, removeMinter,
 * minterAllowance, isMinter; its MintController's increment). Each case names the FiatToken test it follows
 * (pt/nt/ept numbers of stablecoin-evm's test/v1) where there is one. Expects a funded fixture: the master
 * minter made `minter` a minter with MINTER_ALLOWANCE, of which ALICE_START + BOB_START is spent.
 */
export function shouldBehaveLikeMinterAllowanceVoucher(fixture: Fixture) {
  const SPENT = ALICE_START + BOB_START;

  describe("minter allowances: configureMinter", () => {
    it("pt015: makes a minter with the allowance and emits RoleGranted and MinterConfigured(masterMinter, minter, allowance)", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.isMinter(f.carol.address)).to.equal(false);
      const tx = f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 7_000n);
      await expect(tx).to.emit(f.voucher, "RoleGranted").withArgs(f.roles.minter, f.carol.address, f.masterMinter.address);
      await expect(tx).to.emit(f.voucher, "MinterConfigured").withArgs(f.masterMinter.address, f.carol.address, 7_000n);
      expect(await f.voucher.isMinter(f.carol.address)).to.equal(true);
      expect(await f.voucher.hasRole(f.roles.minter, f.carol.address)).to.equal(true);
      expect(await f.voucher.minterAllowance(f.carol.address)).to.equal(7_000n);
    });

    it("replaces the allowance of an existing minter (sets, does not add), without a second RoleGranted", async () => {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.masterMinter).configureMinter(f.minter.address, 500n);
      await expect(tx).to.emit(f.voucher, "MinterConfigured").withArgs(f.masterMinter.address, f.minter.address, 500n);
      await expect(tx).not.to.emit(f.voucher, "RoleGranted");
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(500n);
    });

    it("accepts a zero allowance: a minter that cannot mint until given more", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 0n);
      expect(await f.voucher.isMinter(f.carol.address)).to.equal(true);
      await expect(f.voucher.connect(f.carol).mint(f.bob.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "MinterAllowanceExceeded")
        .withArgs(f.carol.address, 0n, 1n);
    });

    it("nt026: refuses anyone but the master minter with NotMasterMinter(account)", async () => {
      const f = await loadFixture(fixture);
      for (const other of [f.admin, f.minter, f.outsider]) {
        await expect(f.voucher.connect(other).configureMinter(other.address, 1_000n))
          .to.be.revertedWithCustomError(f.voucher, "NotMasterMinter")
          .withArgs(other.address);
      }
    });

    it("refuses the zero address with ZeroAddress", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.masterMinter).configureMinter(ethers.ZeroAddress, 1n)).to.be.revertedWithCustomError(
        f.voucher,
        "ZeroAddress",
      );
    });

    it("nt028: is refused while paused with EnforcedPause", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.pauser).pause();
      await expect(f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 1n)).to.be.revertedWithCustomError(
        f.voucher,
        "EnforcedPause",
      );
      expect(await f.voucher.isMinter(f.carol.address)).to.equal(false);
    });

    it("ept030 / ept032: works when the master minter or the minter is blocked (the blocked minter still cannot mint)", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.blocker).blockAccount(f.masterMinter.address);
      await f.voucher.connect(f.blocker).blockAccount(f.carol.address);
      await expect(f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 1_000n))
        .to.emit(f.voucher, "MinterConfigured")
        .withArgs(f.masterMinter.address, f.carol.address, 1_000n);
      await expect(f.voucher.connect(f.carol).mint(f.bob.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.carol.address);
    });
  });

  describe("minter allowances: mint", () => {
    it("pt012: mints and decreases the minter's allowance by the amount", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(MINTER_ALLOWANCE - SPENT);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 3_000n)).to.changeTokenBalance(f.voucher, f.carol, 3_000n);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(MINTER_ALLOWANCE - SPENT - 3_000n);
      expect(await f.voucher.totalSupply()).to.equal(SPENT + 3_000n);
    });

    it("nt005: refuses more than the allowance with MinterAllowanceExceeded(minter, allowance, needed), nothing minted", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.masterMinter).configureMinter(f.minter.address, 1_000n);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 1_001n))
        .to.be.revertedWithCustomError(f.voucher, "MinterAllowanceExceeded")
        .withArgs(f.minter.address, 1_000n, 1_001n);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(1_000n);
      expect(await f.voucher.totalSupply()).to.equal(SPENT);
    });

    it("mints the exact allowance down to zero, then refuses one more won", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.masterMinter).configureMinter(f.minter.address, 1_000n);
      await f.voucher.connect(f.minter).mint(f.carol.address, 600n);
      await f.voucher.connect(f.minter).mint(f.carol.address, 400n);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(0n);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "MinterAllowanceExceeded")
        .withArgs(f.minter.address, 0n, 1n);
    });

    it("keeps each minter's allowance apart", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 2_000n);
      await f.voucher.connect(f.carol).mint(f.bob.address, 2_000n);
      expect(await f.voucher.minterAllowance(f.carol.address)).to.equal(0n);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(MINTER_ALLOWANCE - SPENT);
      await expect(f.voucher.connect(f.minter).mint(f.bob.address, 2_000n)).to.changeTokenBalance(f.voucher, f.bob, 2_000n);
    });

    it("nt002: refuses a non-minter with NotMinter(account), even the master minter", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.masterMinter).mint(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "NotMinter")
        .withArgs(f.masterMinter.address);
    });
  });

  describe("minter allowances: increaseMinterAllowance", () => {
    it("adds to the allowance and emits MinterAllowanceIncreased(masterMinter, minter, increment, newAllowance)", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 1_000n);
      await f.voucher.connect(f.carol).mint(f.bob.address, 400n);
      await expect(f.voucher.connect(f.masterMinter).increaseMinterAllowance(f.carol.address, 5_000n))
        .to.emit(f.voucher, "MinterAllowanceIncreased")
        .withArgs(f.masterMinter.address, f.carol.address, 5_000n, 5_600n);
      expect(await f.voucher.minterAllowance(f.carol.address)).to.equal(5_600n);
    });

    it("refuses an account that is not a minter with NotMinter(account)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.masterMinter).increaseMinterAllowance(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "NotMinter")
        .withArgs(f.carol.address);
    });

    it("refuses a zero increment with ZeroAmount", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.masterMinter).increaseMinterAllowance(f.minter.address, 0n)).to.be.revertedWithCustomError(
        f.voucher,
        "ZeroAmount",
      );
    });

    it("refuses an allowance past 2^256 - 1 with MinterAllowanceOverflow(minter, allowance, increment)", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, ethers.MaxUint256 - 5n);
      await expect(f.voucher.connect(f.masterMinter).increaseMinterAllowance(f.carol.address, 6n))
        .to.be.revertedWithCustomError(f.voucher, "MinterAllowanceOverflow")
        .withArgs(f.carol.address, ethers.MaxUint256 - 5n, 6n);
      await f.voucher.connect(f.masterMinter).increaseMinterAllowance(f.carol.address, 5n);
      expect(await f.voucher.minterAllowance(f.carol.address)).to.equal(ethers.MaxUint256);
    });

    it("refuses anyone but the master minter with NotMasterMinter(account)", async () => {
      const f = await loadFixture(fixture);
      for (const other of [f.admin, f.minter]) {
        await expect(f.voucher.connect(other).increaseMinterAllowance(f.minter.address, 1n))
          .to.be.revertedWithCustomError(f.voucher, "NotMasterMinter")
          .withArgs(other.address);
      }
    });

    it("is refused while paused with EnforcedPause", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.pauser).pause();
      await expect(f.voucher.connect(f.masterMinter).increaseMinterAllowance(f.minter.address, 1n)).to.be.revertedWithCustomError(
        f.voucher,
        "EnforcedPause",
      );
    });
  });

  describe("minter allowances: removeMinter", () => {
    it("pt010: takes the role and the whole allowance away, emitting RoleRevoked and MinterRemoved(masterMinter, minter)", async () => {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.masterMinter).removeMinter(f.minter.address);
      await expect(tx).to.emit(f.voucher, "RoleRevoked").withArgs(f.roles.minter, f.minter.address, f.masterMinter.address);
      await expect(tx).to.emit(f.voucher, "MinterRemoved").withArgs(f.masterMinter.address, f.minter.address);
      expect(await f.voucher.isMinter(f.minter.address)).to.equal(false);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(0n);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "NotMinter")
        .withArgs(f.minter.address);
    });

    it("refuses an account that is not a minter with NotMinter(account)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.masterMinter).removeMinter(f.carol.address))
        .to.be.revertedWithCustomError(f.voucher, "NotMinter")
        .withArgs(f.carol.address);
    });

    it("nt029: refuses anyone but the master minter with NotMasterMinter(account)", async () => {
      const f = await loadFixture(fixture);
      for (const other of [f.admin, f.minter]) {
        await expect(f.voucher.connect(other).removeMinter(f.minter.address))
          .to.be.revertedWithCustomError(f.voucher, "NotMasterMinter")
          .withArgs(other.address);
      }
    });

    it("ept006 / ept033 / ept034: works while paused and when the master minter or the minter is blocked", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.pauser).pause();
      await f.voucher.connect(f.blocker).blockAccount(f.masterMinter.address);
      await f.voucher.connect(f.blocker).blockAccount(f.minter.address);
      await expect(f.voucher.connect(f.masterMinter).removeMinter(f.minter.address))
        .to.emit(f.voucher, "MinterRemoved")
        .withArgs(f.masterMinter.address, f.minter.address);
    });

    it("clears the allowance however the role goes (revokeRole, renounceRole): a minter made again starts from zero", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.masterMinter).revokeRole(f.roles.minter, f.minter.address))
        .to.emit(f.voucher, "MinterRemoved")
        .withArgs(f.masterMinter.address, f.minter.address);
      expect(await f.voucher.minterAllowance(f.minter.address)).to.equal(0n);
      await f.voucher.connect(f.masterMinter).grantRole(f.roles.minter, f.minter.address);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "MinterAllowanceExceeded")
        .withArgs(f.minter.address, 0n, 1n);

      await f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 9_000n);
      await expect(f.voucher.connect(f.carol).renounceRole(f.roles.minter, f.carol.address))
        .to.emit(f.voucher, "MinterRemoved")
        .withArgs(f.carol.address, f.carol.address);
      expect(await f.voucher.minterAllowance(f.carol.address)).to.equal(0n);
    });
  });

  describe("master minter role", () => {
    it("is granted and revoked by the admin; a revoked master minter configures nothing", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.getRoleAdmin(f.roles.masterMinter)).to.equal(f.roles.admin);
      await f.voucher.connect(f.admin).revokeRole(f.roles.masterMinter, f.masterMinter.address);
      await expect(f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "NotMasterMinter")
        .withArgs(f.masterMinter.address);
      await f.voucher.connect(f.admin).grantRole(f.roles.masterMinter, f.outsider.address);
      await expect(f.voucher.connect(f.outsider).configureMinter(f.carol.address, 1n)).to.emit(f.voucher, "MinterConfigured");
    });

    it("announces at deployment that the master minter administers the minter role", async () => {
      const f = await loadFixture(fixture);
      const voucher = await ethers.deployContract("KRWVoucher", [f.admin.address, f.feeCollector.address]);
      await expect(voucher.deploymentTransaction())
        .to.emit(voucher, "RoleAdminChanged")
        .withArgs(f.roles.minter, f.roles.admin, f.roles.masterMinter);
    });
  });
}
