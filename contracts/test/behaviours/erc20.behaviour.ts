import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, type Fixture } from "../helpers/fixtures";

/**
 * Plain ERC-20 behaviour: our own versions of the cases of OpenZeppelin 5's ERC20.behavior.js and
 * ERC20.test.js (metadata, balances, transfer, approve, transferFrom, mint, burn, _update's edge cases),
 * reverting with the same ERC-6093 errors and arguments. KRWVoucher keeps balances in its own storage
 * (balance, roles and blocked flag in one word), so these prove the standard surface is intact. The
 * differences (decimals 0, SupplyOverflow, no zero-amount mint or burn) are in contracts/CONFORMANCE.md.
 * Expects a funded fixture: alice 100,000, bob 10,000, carol 0.
 */
export function shouldBehaveLikeERC20(fixture: Fixture) {
  const MAX = ethers.MaxUint256;

  describe("ERC-20: metadata", () => {
    it("has a name and a symbol", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.name()).to.equal("KRW Voucher");
      expect(await f.voucher.symbol()).to.equal("KRWV");
    });

    it("has 0 decimals: 1 token = 1 won (OpenZeppelin's default is 18; a documented difference)", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.decimals()).to.equal(0n);
    });
  });

  describe("ERC-20: balances", () => {
    it("reports totalSupply as the sum of balances, and 0 for an unknown account", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
      expect(await f.voucher.balanceOf(f.outsider.address)).to.equal(0n);
    });
  });

  describe("ERC-20: transfer", () => {
    it("refuses more than the balance with ERC20InsufficientBalance(sender, balance, needed)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transfer(f.carol.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, BOB_START + 1n);
    });

    it("refuses a transfer to oneself without the balance (OpenZeppelin's _update, same address)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.carol).transfer(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.carol.address, 0n, 1n);
    });

    it("moves the whole balance and emits Transfer", async () => {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.bob).transfer(f.carol.address, BOB_START);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.bob.address, f.carol.address, BOB_START);
      await expect(tx).to.changeTokenBalances(f.voucher, [f.bob, f.carol], [-BOB_START, BOB_START]);
    });

    it("allows a zero-value transfer, even from an empty account, and emits Transfer", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.carol).transfer(f.bob.address, 0n))
        .to.emit(f.voucher, "Transfer")
        .withArgs(f.carol.address, f.bob.address, 0n);
      expect(await f.voucher.balanceOf(f.bob.address)).to.equal(BOB_START);
    });

    it("keeps the balance on a transfer to oneself", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transfer(f.bob.address, BOB_START)).to.changeTokenBalance(f.voucher, f.bob, 0n);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
    });

    it("rejects the zero address as recipient with ERC20InvalidReceiver", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transfer(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("ERC-20: approve", () => {
    it("sets the allowance and emits Approval", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).approve(f.bob.address, 5_000n))
        .to.emit(f.voucher, "Approval")
        .withArgs(f.alice.address, f.bob.address, 5_000n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(5_000n);
      expect(await f.voucher.allowance(f.bob.address, f.alice.address)).to.equal(0n);
    });

    it("replaces a previous allowance rather than adding to it, down to zero", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 5_000n);
      await f.voucher.connect(f.alice).approve(f.bob.address, 300n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(300n);
      await f.voucher.connect(f.alice).approve(f.bob.address, 0n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(0n);
    });

    it("allows approving more than the balance", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.carol).approve(f.bob.address, MAX);
      expect(await f.voucher.allowance(f.carol.address, f.bob.address)).to.equal(MAX);
    });

    it("rejects the zero address as spender with ERC20InvalidSpender", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).approve(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidSpender")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("ERC-20: transferFrom", () => {
    it("moves tokens, spends the allowance and emits Transfer but no Approval", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 5_000n);
      const tx = f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 2_000n);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.alice.address, f.carol.address, 2_000n);
      await expect(tx).not.to.emit(f.voucher, "Approval");
      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.bob, f.carol], [-2_000n, 0n, 2_000n]);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(3_000n);
    });

    it("spends an exact allowance down to zero, then refuses one more won", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 5_000n);
      await f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 5_000n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(0n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.bob.address, 0n, 1n);
    });

    it("refuses more than the allowance with ERC20InsufficientAllowance(spender, allowance, needed)", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 999n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.bob.address, 999n, 1_000n);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
    });

    it("refuses more than the owner's balance with ERC20InsufficientBalance, keeping the allowance", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.bob).approve(f.alice.address, MAX - 1n);
      await expect(f.voucher.connect(f.alice).transferFrom(f.bob.address, f.carol.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, BOB_START + 1n);
      expect(await f.voucher.allowance(f.bob.address, f.alice.address)).to.equal(MAX - 1n);
    });

    it("checks the allowance before the balance: both short gives ERC20InsufficientAllowance", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.bob).approve(f.alice.address, BOB_START);
      await expect(f.voucher.connect(f.alice).transferFrom(f.bob.address, f.carol.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.alice.address, BOB_START, BOB_START + 1n);
    });

    it("does not decrease an infinite allowance, and emits no Approval", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, MAX);
      const tx = f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n);
      await expect(tx).not.to.emit(f.voucher, "Approval");
      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.carol], [-1_000n, 1_000n]);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(MAX);
    });

    it("needs an allowance even for one's own tokens", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).transferFrom(f.alice.address, f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.alice.address, 0n, 1n);
    });

    it("rejects the zero address as recipient with ERC20InvalidReceiver", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.alice).approve(f.bob.address, 1_000n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver")
        .withArgs(ethers.ZeroAddress);
    });

    it("rejects the zero address as owner", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transferFrom(ethers.ZeroAddress, f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientAllowance")
        .withArgs(f.bob.address, 0n, 1n);
      await expect(f.voucher.connect(f.bob).transferFrom(ethers.ZeroAddress, f.carol.address, 0n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidApprover")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("ERC-20: mint and burn (OpenZeppelin's _mint and _burn, through the minter and the burner)", () => {
    it("mint: rejects the zero address with ERC20InvalidReceiver(0)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.minter).mint(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver")
        .withArgs(ethers.ZeroAddress);
    });

    it("mint: increments the total supply and the balance, and emits Transfer from zero", async () => {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.minter).mint(f.carol.address, 50n);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(ethers.ZeroAddress, f.carol.address, 50n);
      await expect(tx).to.changeTokenBalance(f.voucher, f.carol, 50n);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START + 50n);
    });

    it("burn: rejects the zero address with ERC20InvalidSender(0)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.burner).burn(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidSender")
        .withArgs(ethers.ZeroAddress);
    });

    it("burn: rejects more than the balance with ERC20InsufficientBalance(from, balance, needed)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.burner).burn(f.bob.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, BOB_START + 1n);
    });

    for (const [label, amount] of [
      ["the entire balance", BOB_START],
      ["less than the balance", BOB_START - 1n],
    ] as const) {
      it(`burn ${label}: decrements the total supply and the balance, and emits Transfer to zero`, async () => {
        const f = await loadFixture(fixture);
        const tx = f.voucher.connect(f.burner).burn(f.bob.address, amount);
        await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.bob.address, ethers.ZeroAddress, amount);
        await expect(tx).to.changeTokenBalance(f.voucher, f.bob, -amount);
        expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START - amount);
      });
    }
  });

  describe("ERC-20: no custom error where ERC-6093 has one", () => {
    it("lists no InsufficientBalance of its own beside ERC20InsufficientBalance (0xe450d38c)", async () => {
      const f = await loadFixture(fixture);
      expect(f.voucher.interface.getError("InsufficientBalance")).to.equal(null);
      expect(f.voucher.interface.getError("ERC20InsufficientBalance")?.selector).to.equal("0xe450d38c");
    });
  });
}
