import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, FEE, type Fixture } from "../helpers/fixtures";
import { signPermit, signTransferAuthorization, transferArgs } from "../helpers/sign";

/** Freezing single addresses and pausing everything. Expects a funded fixture. */
export function shouldBehaveLikeRestrictableVoucher(fixture: Fixture) {
  describe("blockAccount / unblockAccount", () => {
    async function aliceBlocked() {
      const f = await fixture();
      await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
      return f;
    }

    it("emits Blocked and Unblocked and reports isBlocked", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.blocker).blockAccount(f.alice.address))
        .to.emit(f.voucher, "Blocked")
        .withArgs(f.blocker.address, f.alice.address);
      expect(await f.voucher.isBlocked(f.alice.address)).to.equal(true);
      await expect(f.voucher.connect(f.blocker).unblockAccount(f.alice.address))
        .to.emit(f.voucher, "Unblocked")
        .withArgs(f.blocker.address, f.alice.address);
      expect(await f.voucher.isBlocked(f.alice.address)).to.equal(false);
    });

    it("rejects blocking the zero address", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.blocker).blockAccount(ethers.ZeroAddress)).to.be.revertedWithCustomError(f.voucher, "ZeroAddress");
    });

    it("stops transfers from a blocked address", async () => {
      const f = await loadFixture(aliceBlocked);
      await expect(f.voucher.connect(f.alice).transfer(f.carol.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });

    it("stops transfers to a blocked address", async () => {
      const f = await loadFixture(aliceBlocked);
      await expect(f.voucher.connect(f.bob).transfer(f.alice.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });

    it("stops transferFrom by a spender on behalf of a blocked owner", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 1_000n); // approved before the block
      await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });

    it("stops minting to a blocked address", async () => {
      const f = await loadFixture(aliceBlocked);
      await expect(f.voucher.connect(f.minter).mint(f.alice.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });

    it("stops relayed transfers from or to a blocked address, leaving the nonce unused", async () => {
      const f = await loadFixture(aliceBlocked);
      const fromBlocked = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(fromBlocked)))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
      expect(await f.voucher.authorizationState(f.alice.address, fromBlocked.nonce)).to.equal(false);

      const toBlocked = await signTransferAuthorization(f.voucher, f.bob, { to: f.alice.address, value: 1_000n, fee: FEE });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(toBlocked)))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
      expect(await f.voucher.authorizationState(f.bob.address, toBlocked.nonce)).to.equal(false);
    });

    it("keeps the blocked account's balance and the total supply as they were", async () => {
      const f = await loadFixture(aliceBlocked);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
      await f.voucher.connect(f.blocker).unblockAccount(f.alice.address);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
    });

    it("blocks an address that holds nothing yet, and unblocking twice is harmless", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.blocker).blockAccount(f.carol.address);
      await expect(f.voucher.connect(f.bob).transfer(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.carol.address);
      await f.voucher.connect(f.blocker).unblockAccount(f.carol.address);
      await f.voucher.connect(f.blocker).unblockAccount(f.carol.address);
      expect(await f.voucher.balanceOf(f.carol.address)).to.equal(0n);
      expect(await f.voucher.isBlocked(f.carol.address)).to.equal(false);
    });

    it("stops a blocked spender from spending an unblocked owner's allowance", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.bob).approve(f.alice.address, 1_000n);
      await f.voucher.connect(f.bob).approve(f.carol.address, ethers.MaxUint256);
      await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
      await f.voucher.connect(f.blocker).blockAccount(f.carol.address);
      await expect(f.voucher.connect(f.alice).transferFrom(f.bob.address, f.outsider.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
      // An infinite allowance skips the allowance update: the spender is still checked.
      await expect(f.voucher.connect(f.carol).transferFrom(f.bob.address, f.outsider.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.carol.address);
      expect(await f.voucher.balanceOf(f.bob.address)).to.equal(BOB_START);
      expect(await f.voucher.allowance(f.bob.address, f.alice.address)).to.equal(1_000n);
    });

    it("stops transferFrom to a blocked recipient", async () => {
      const f = await loadFixture(aliceBlocked);
      await f.voucher.connect(f.bob).approve(f.carol.address, 1_000n);
      await expect(f.voucher.connect(f.carol).transferFrom(f.bob.address, f.alice.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });

    it("stops a blocked account from approving", async () => {
      const f = await loadFixture(aliceBlocked);
      await expect(f.voucher.connect(f.alice).approve(f.bob.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(0n);
    });

    it("stops approving a blocked spender", async () => {
      const f = await loadFixture(aliceBlocked);
      await expect(f.voucher.connect(f.bob).approve(f.alice.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
      expect(await f.voucher.allowance(f.bob.address, f.alice.address)).to.equal(0n);
    });

    it("stops a permit whose owner or spender is blocked", async () => {
      const f = await loadFixture(aliceBlocked);
      const permit = async (owner: typeof f.bob, spender: string) =>
        f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, owner, spender, 500n)));
      await expect(permit(f.alice, f.bob.address)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(f.alice.address);
      await expect(permit(f.bob, f.alice.address)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(f.alice.address);
      await expect(permit(f.bob, f.carol.address)).to.emit(f.voucher, "Approval").withArgs(f.bob.address, f.carol.address, 500n);
    });

    it("stops burning from a blocked account", async () => {
      const f = await loadFixture(aliceBlocked);
      await expect(f.voucher.connect(f.burner).burn(f.alice.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });

    it("lets transfers through again after unblocking", async () => {
      const f = await loadFixture(aliceBlocked);
      await f.voucher.connect(f.blocker).unblockAccount(f.alice.address);
      await expect(f.voucher.connect(f.alice).transfer(f.carol.address, 1_000n)).to.changeTokenBalances(
        f.voucher,
        [f.alice, f.carol],
        [-1_000n, 1_000n],
      );
    });
  });

  describe("pause / unpause", () => {
    async function paused() {
      const f = await fixture();
      await f.voucher.connect(f.pauser).pause();
      return f;
    }

    it("emits Paused and Unpaused", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.pauser).pause()).to.emit(f.voucher, "Paused").withArgs(f.pauser.address);
      expect(await f.voucher.paused()).to.equal(true);
      await expect(f.voucher.connect(f.pauser).unpause()).to.emit(f.voucher, "Unpaused").withArgs(f.pauser.address);
      expect(await f.voucher.paused()).to.equal(false);
    });

    it("rejects pausing twice and unpausing when running", async () => {
      const f = await loadFixture(paused);
      await expect(f.voucher.connect(f.pauser).pause()).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
      await f.voucher.connect(f.pauser).unpause();
      await expect(f.voucher.connect(f.pauser).unpause()).to.be.revertedWithCustomError(f.voucher, "ExpectedPause");
    });

    it("stops transfers, relayed transfers, mint and burn with EnforcedPause", async () => {
      const f = await loadFixture(paused);
      await expect(f.voucher.connect(f.alice).transfer(f.carol.address, 1_000n)).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth))).to.be.revertedWithCustomError(
        f.voucher,
        "EnforcedPause",
      );
      expect(await f.voucher.authorizationState(f.alice.address, auth.nonce)).to.equal(false);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 1n)).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
      await expect(f.voucher.connect(f.burner).burn(f.alice.address, 1n)).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
    });

    it("stops approve, permit and transferFrom with EnforcedPause", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 1_000n);
      await f.voucher.connect(f.pauser).pause();
      await expect(f.voucher.connect(f.alice).approve(f.bob.address, 2_000n)).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n)).to.be.revertedWithCustomError(
        f.voucher,
        "EnforcedPause",
      );
      await expect(
        f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, f.alice, f.carol.address, 1n))),
      ).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(1_000n);
    });

    it("still lets the blocker block and unblock while paused", async () => {
      const f = await loadFixture(paused);
      await expect(f.voucher.connect(f.blocker).blockAccount(f.alice.address)).to.emit(f.voucher, "Blocked");
      await expect(f.voucher.connect(f.blocker).unblockAccount(f.alice.address)).to.emit(f.voucher, "Unblocked");
    });

    it("lets the same authorization through after unpause", async () => {
      const f = await loadFixture(paused);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth))).to.be.reverted;
      await f.voucher.connect(f.pauser).unpause();
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth))).to.changeTokenBalances(
        f.voucher,
        [f.alice, f.carol, f.feeCollector],
        [-(1_000n + FEE), 1_000n, FEE],
      );
    });
  });
}
