import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, type Fixture } from "../helpers/fixtures";

/**
 * Plain ERC-20 behaviour, after OpenZeppelin's shared ERC20.behavior tests: balances, transfer,
 * approve, transferFrom and the allowance edge cases. KRWVoucher keeps balances in its own storage
 * (balance and blocked flag in one word), so these prove the standard surface is intact. Expects a
 * funded fixture: alice 100,000, bob 10,000, carol 0.
 */
export function shouldBehaveLikeERC20(fixture: Fixture) {
  const MAX = ethers.MaxUint256;

  describe("ERC-20: balances", function () {
    it("reports totalSupply as the sum of balances, and 0 for an unknown account", async function () {
      const f = await loadFixture(fixture);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
      expect(await f.voucher.balanceOf(f.outsider.address)).to.equal(0n);
    });
  });

  describe("ERC-20: transfer", function () {
    it("moves the whole balance and emits Transfer", async function () {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.bob).transfer(f.carol.address, BOB_START);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.bob.address, f.carol.address, BOB_START);
      await expect(tx).to.changeTokenBalances(f.voucher, [f.bob, f.carol], [-BOB_START, BOB_START]);
    });

    it("allows a zero-value transfer, even from an empty account, and emits Transfer", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.carol).transfer(f.bob.address, 0n))
        .to.emit(f.voucher, "Transfer")
        .withArgs(f.carol.address, f.bob.address, 0n);
      expect(await f.voucher.balanceOf(f.bob.address)).to.equal(BOB_START);
    });

    it("keeps the balance on a transfer to oneself", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transfer(f.bob.address, BOB_START)).to.changeTokenBalance(f.voucher, f.bob, 0n);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
    });

    it("rejects the zero address as recipient with ERC20InvalidReceiver", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transfer(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("ERC-20: approve", function () {
    it("sets the allowance and emits Approval", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).approve(f.bob.address, 5_000n))
        .to.emit(f.voucher, "Approval")
        .withArgs(f.alice.address, f.bob.address, 5_000n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(5_000n);
      expect(await f.voucher.allowance(f.bob.address, f.alice.address)).to.equal(0n);
    });

    it("replaces a previous allowance rather than adding to it, down to zero", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 5_000n);
      await f.voucher.connect(f.alice).approve(f.bob.address, 300n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(300n);
      await f.voucher.connect(f.alice).approve(f.bob.address, 0n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(0n);
    });

    it("allows approving more than the balance", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.carol).approve(f.bob.address, MAX);
      expect(await f.voucher.allowance(f.carol.address, f.bob.address)).to.equal(MAX);
    });

    it("rejects the zero address as spender with ERC20InvalidSpender", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).approve(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidSpender")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("ERC-20: transferFrom", function () {
    it("moves tokens, spends the allowance and emits Transfer but no Approval", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 5_000n);
      const tx = f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 2_000n);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.alice.address, f.carol.address, 2_000n);
      await expect(tx).not.to.emit(f.voucher, "Approval");
      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.bob, f.carol], [-2_000n, 0n, 2_000n]);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(3_000n);
    });

    it("spends an exact allowance down to zero, then refuses one more won", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 5_000n);
      await f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 5_000n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(0n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.bob.address, 0n, 1n);
    });

    it("refuses more than the allowance with ERC20InsufficientAllowance(spender, allowance, needed)", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 999n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.bob.address, 999n, 1_000n);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
    });

    it("refuses more than the owner's balance with InsufficientBalance, keeping the allowance", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.bob).approve(f.alice.address, MAX - 1n);
      await expect(f.voucher.connect(f.alice).transferFrom(f.bob.address, f.carol.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, BOB_START + 1n);
      expect(await f.voucher.allowance(f.bob.address, f.alice.address)).to.equal(MAX - 1n);
    });

    it("does not decrease an infinite allowance", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, MAX);
      await f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(MAX);
    });

    it("needs an allowance even for one's own tokens", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).transferFrom(f.alice.address, f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.alice.address, 0n, 1n);
    });

    it("rejects the zero address as recipient with ERC20InvalidReceiver", async function () {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 1_000n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver")
        .withArgs(ethers.ZeroAddress);
    });

    it("rejects the zero address as owner", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transferFrom(ethers.ZeroAddress, f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.bob.address, 0n, 1n);
      await expect(f.voucher.connect(f.bob).transferFrom(ethers.ZeroAddress, f.carol.address, 0n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidApprover")
        .withArgs(ethers.ZeroAddress);
    });
  });
}
