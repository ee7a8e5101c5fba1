import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, type Fixture } from "../helpers/fixtures";

/** Mint on purchase, burn on settlement; whole won, no zero amounts. Expects a funded fixture. */
export function shouldBehaveLikeMintableBurnableVoucher(fixture: Fixture) {
  describe("mint", () => {
    it("creates vouchers and emits Transfer from zero and Minted", async () => {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.minter).mint(f.carol.address, 50_000n);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(ethers.ZeroAddress, f.carol.address, 50_000n);
      await expect(tx).to.emit(f.voucher, "Minted").withArgs(f.minter.address, f.carol.address, 50_000n);
      await expect(tx).to.changeTokenBalance(f.voucher, f.carol, 50_000n);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START + 50_000n);
    });

    it("rejects a zero amount", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 0n)).to.be.revertedWithCustomError(f.voucher, "ZeroAmount");
    });

    it("refuses a supply above 2^248 - 1 with SupplyOverflow(totalSupply, amount): the top byte holds the flags", async () => {
      const f = await loadFixture(fixture);
      const cap = 2n ** 248n - 1n;
      await f.voucher.connect(f.masterMinter).configureMinter(f.minter.address, ethers.MaxUint256);
      await f.voucher.connect(f.minter).mint(f.minter.address, 1n); // a minter's own word: roles and balance side by side
      const supply = ALICE_START + BOB_START + 1n;
      const room = cap - supply;
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, room + 1n))
        .to.be.revertedWithCustomError(f.voucher, "SupplyOverflow")
        .withArgs(supply, room + 1n);
      await f.voucher.connect(f.minter).mint(f.carol.address, room);
      expect(await f.voucher.balanceOf(f.carol.address)).to.equal(room);
      expect(await f.voucher.isBlocked(f.carol.address)).to.equal(false);
      expect(await f.voucher.hasRole(f.roles.minter, f.carol.address)).to.equal(false);
      await expect(f.voucher.connect(f.minter).mint(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "SupplyOverflow")
        .withArgs(cap, 1n);
      // The largest balance moves whole, next to an account whose word carries roles.
      await f.voucher.connect(f.carol).transfer(f.minter.address, room);
      expect(await f.voucher.balanceOf(f.minter.address)).to.equal(room + 1n);
      expect(await f.voucher.isMinter(f.minter.address)).to.equal(true);
      expect(await f.voucher.isBlocked(f.minter.address)).to.equal(false);
    });

    it("rejects the zero address as recipient", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.minter).mint(ethers.ZeroAddress, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver")
        .withArgs(ethers.ZeroAddress);
    });
  });

  describe("burn", () => {
    it("destroys vouchers and emits Transfer to zero and Burned", async () => {
      const f = await loadFixture(fixture);
      const tx = f.voucher.connect(f.burner).burn(f.alice.address, 30_000n);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.alice.address, ethers.ZeroAddress, 30_000n);
      await expect(tx).to.emit(f.voucher, "Burned").withArgs(f.burner.address, f.alice.address, 30_000n);
      await expect(tx).to.changeTokenBalance(f.voucher, f.alice, -30_000n);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START - 30_000n);
    });

    it("burns the whole balance", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.burner).burn(f.bob.address, BOB_START);
      expect(await f.voucher.balanceOf(f.bob.address)).to.equal(0n);
    });

    it("rejects a zero amount", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.burner).burn(f.alice.address, 0n)).to.be.revertedWithCustomError(f.voucher, "ZeroAmount");
    });

    it("rejects more than the balance with ERC20InsufficientBalance(from, balance, needed)", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.burner).burn(f.bob.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, BOB_START + 1n);
      await expect(f.voucher.connect(f.burner).burn(f.carol.address, 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.carol.address, 0n, 1n);
    });
  });

  describe("plain ERC-20 transfers", () => {
    it("moves whole won between holders", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.alice).transfer(f.carol.address, 1_234n)).to.changeTokenBalances(
        f.voucher,
        [f.alice, f.carol],
        [-1_234n, 1_234n],
      );
    });

    it("rejects more than the balance with ERC20InsufficientBalance", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.bob).transfer(f.carol.address, BOB_START + 1n))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, BOB_START + 1n);
    });
  });
}
