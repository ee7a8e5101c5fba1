import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, FEE, type Fixture, type VoucherFixture } from "../helpers/fixtures";
import { cancelArgs, nonceOf, randomNonce, signCancelAuthorization, signTransferAuthorization, transferArgs } from "../helpers/sign";
import { mined, voucherEvents } from "../helpers/receipts";

/** EIP-3009-style relayed transfers with a fee, and their cancellation. Expects a funded fixture. */
export function shouldBehaveLikeAuthorizedTransferVoucher(fixture: Fixture) {
  describe("transferWithAuthorization", () => {
    it("moves value to `to` and the fee to the fee collector in one transaction", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 5_000n, fee: FEE });
      const tx = f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth));

      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.carol, f.feeCollector, f.relayer], [-(5_000n + FEE), 5_000n, FEE, 0n]);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.alice.address, f.carol.address, 5_000n);
      await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.alice.address, f.feeCollector.address, FEE);
      await expect(tx).to.emit(f.voucher, "TransferWithFee").withArgs(f.alice.address, f.carol.address, 5_000n, FEE, auth.nonce);
      await expect(tx).not.to.emit(f.voucher, "AuthorizationFailed");
      expect(await f.voucher.authorizationState(f.alice.address, auth.nonce)).to.equal(true);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
    });

    it("emits exactly the value and fee Transfer events, nothing more", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 5_000n, fee: FEE });
      const receipt = await mined(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)));
      const names = voucherEvents(f.voucher, receipt).map((e) => e.name);
      expect(names).to.deep.equal(["Transfer", "Transfer", "TransferWithFee"]);
    });

    it("sends no fee Transfer when the fee is zero (a purchase delivery)", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 5_000n, fee: 0n });
      const tx = f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth));
      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.carol, f.feeCollector], [-5_000n, 5_000n, 0n]);
      const transfers = voucherEvents(f.voucher, await mined(tx)).filter((e) => e.name === "Transfer");
      expect(transfers).to.have.length(1);
    });

    it("pays the fee to the collector set at execution time", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 5_000n, fee: FEE });
      await f.voucher.connect(f.admin).setFeeCollector(f.outsider.address);
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth))).to.changeTokenBalances(
        f.voucher,
        [f.outsider, f.feeCollector],
        [FEE, 0n],
      );
    });

    it("refuses a replay with AuthorizationUsedOrCanceled", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 5_000n, fee: FEE });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth));
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, auth.nonce);
      expect(await f.voucher.balanceOf(f.carol.address)).to.equal(5_000n);
    });

    it("keeps nonces per authorizer: the same nonce is fresh for someone else", async () => {
      const f = await loadFixture(fixture);
      const nonce = randomNonce();
      const a = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, nonce });
      const b = await signTransferAuthorization(f.voucher, f.bob, { to: f.carol.address, value: 1_000n, nonce });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(a));
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(b))).not.to.be.reverted;
    });

    it("refuses an expired authorization with AuthorizationExpired(validBefore, now)", async () => {
      const f = await loadFixture(fixture);
      const validBefore = BigInt(await time.latest()) + 60n;
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, validBefore });
      await time.setNextBlockTimestamp(validBefore);
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationExpired")
        .withArgs(validBefore, validBefore);
    });

    it("refuses an authorization before validAfter with AuthorizationNotYetValid(validAfter, now)", async () => {
      const f = await loadFixture(fixture);
      const now = BigInt(await time.latest());
      const validAfter = now + 600n;
      const auth = await signTransferAuthorization(f.voucher, f.alice, {
        to: f.carol.address,
        value: 1_000n,
        validAfter,
        validBefore: now + 3_600n,
      });
      await time.setNextBlockTimestamp(validAfter);
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationNotYetValid")
        .withArgs(validAfter, validAfter);
      await time.setNextBlockTimestamp(validAfter + 1n);
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth))).not.to.be.reverted;
    });

    it("refuses a signature by another key with InvalidSignature(expected, recovered)", async () => {
      const f = await loadFixture(fixture);
      const forged = await signTransferAuthorization(f.voucher, f.bob, {
        from: f.alice.address,
        to: f.bob.address,
        value: 1_000n,
        fee: FEE,
      });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(forged)))
        .to.be.revertedWithCustomError(f.voucher, "InvalidSignature")
        .withArgs(f.alice.address, f.bob.address);
    });

    it("refuses a signed message whose fields were changed", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      const tampered = { ...auth, value: 90_000n };
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(tampered))).to.be.revertedWithCustomError(
        f.voucher,
        "InvalidSignature",
      );
      await expect(
        f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs({ ...auth, fee: 0n })),
      ).to.be.revertedWithCustomError(f.voucher, "InvalidSignature");
    });

    it("refuses when the balance cannot cover value + fee, and nothing moves", async () => {
      const f = await loadFixture(fixture);
      const value = BOB_START - FEE + 1n; // value alone fits, value + fee does not
      const auth = await signTransferAuthorization(f.voucher, f.bob, { to: f.carol.address, value, fee: FEE });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
        .withArgs(f.bob.address, BOB_START, value + FEE);
      expect(await f.voucher.balanceOf(f.bob.address)).to.equal(BOB_START);
      expect(await f.voucher.balanceOf(f.carol.address)).to.equal(0n);
      expect(await f.voucher.balanceOf(f.feeCollector.address)).to.equal(0n);
      expect(await f.voucher.authorizationState(f.bob.address, auth.nonce)).to.equal(false);
    });

    it("spends the exact balance when value + fee equals it", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.bob, { to: f.carol.address, value: BOB_START - FEE, fee: FEE });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth));
      expect(await f.voucher.balanceOf(f.bob.address)).to.equal(0n);
    });

    it("refuses a zero value", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 0n, fee: FEE });
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth))).to.be.revertedWithCustomError(
        f.voucher,
        "ZeroAmount",
      );
    });

    it("accepts submission only from the relayer, even by the signer itself", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      for (const other of [f.alice, f.carol, f.admin]) {
        await expect(f.voucher.connect(other).transferWithAuthorization(...transferArgs(auth)))
          .to.be.revertedWithCustomError(f.voucher, "NotRelayer")
          .withArgs(other.address);
      }
      expect(await f.voucher.authorizationState(f.alice.address, auth.nonce)).to.equal(false);
    });
  });

  describe("cancelAuthorization", () => {
    it("burns the nonce so a transfer with it reverts", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      const cancel = await signCancelAuthorization(f.voucher, f.alice, auth.nonce);
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel)))
        .to.emit(f.voucher, "AuthorizationCanceled")
        .withArgs(f.alice.address, auth.nonce);
      expect(await f.voucher.authorizationState(f.alice.address, auth.nonce)).to.equal(true);
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, auth.nonce);
    });

    it("refuses a second cancel of the same nonce", async () => {
      const f = await loadFixture(fixture);
      const cancel = await signCancelAuthorization(f.voucher, f.alice, randomNonce());
      await f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel));
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, cancel.nonce);
    });

    it("refuses to cancel a nonce that was already used", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth));
      const cancel = await signCancelAuthorization(f.voucher, f.alice, auth.nonce);
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, auth.nonce);
    });

    it("refuses a cancel signed by someone other than the authorizer", async () => {
      const f = await loadFixture(fixture);
      const cancel = await signCancelAuthorization(f.voucher, f.bob, randomNonce(), f.alice.address);
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel)))
        .to.be.revertedWithCustomError(f.voucher, "InvalidSignature")
        .withArgs(f.alice.address, f.bob.address);
      expect(await f.voucher.authorizationState(f.alice.address, cancel.nonce)).to.equal(false);
    });
  });

  describe("unordered bitmap nonces (word = nonce >> 8, bit = nonce & 0xff)", () => {
    const relay = async (f: VoucherFixture, nonce: bigint, signer = f.alice) => {
      const auth = await signTransferAuthorization(f.voucher, signer, { to: f.carol.address, value: 100n, fee: FEE, nonce });
      return { auth, tx: f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(auth)) };
    };

    it("using a nonce sets exactly its bit in nonceBitmap(authorizer, word)", async () => {
      const f = await loadFixture(fixture);
      await (await relay(f, nonceOf(3n, 5))).tx;
      expect(await f.voucher.nonceBitmap(f.alice.address, 3n)).to.equal(1n << 5n);
      expect(await f.voucher.nonceBitmap(f.alice.address, 2n)).to.equal(0n);
      expect(await f.voucher.nonceBitmap(f.bob.address, 3n)).to.equal(0n);
      expect(await f.voucher.authorizationState(f.alice.address, nonceOf(3n, 5))).to.equal(true);
      expect(await f.voucher.authorizationState(f.alice.address, nonceOf(3n, 4))).to.equal(false);
    });

    it("consecutive nonces share word 0 and run in any order", async () => {
      const f = await loadFixture(fixture);
      for (const n of [2n, 0n, 1n]) await expect((await relay(f, n)).tx).to.emit(f.voucher, "TransferWithFee");
      expect(await f.voucher.nonceBitmap(f.alice.address, 0n)).to.equal(0b111n);
      await expect((await relay(f, 1n)).tx)
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, 1n);
    });

    it("the same bit in another word is a fresh nonce; the used one stays used", async () => {
      const f = await loadFixture(fixture);
      const first = await relay(f, nonceOf(0n, 7));
      await first.tx;
      await expect((await relay(f, nonceOf(1n, 7))).tx).to.emit(f.voucher, "TransferWithFee");
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(first.auth)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, nonceOf(0n, 7));
      expect(await f.voucher.nonceBitmap(f.alice.address, 0n)).to.equal(1n << 7n);
      expect(await f.voucher.nonceBitmap(f.alice.address, 1n)).to.equal(1n << 7n);
    });

    it("works at the edges: bit 255 of the highest word", async () => {
      const f = await loadFixture(fixture);
      const top = 2n ** 256n - 1n;
      await expect((await relay(f, top)).tx)
        .to.emit(f.voucher, "TransferWithFee")
        .withArgs(f.alice.address, f.carol.address, 100n, FEE, top);
      expect(await f.voucher.nonceBitmap(f.alice.address, top >> 8n)).to.equal(1n << 255n);
      expect(await f.voucher.authorizationState(f.alice.address, top)).to.equal(true);
    });

    it("a cancel flips only its bit: the neighbours in the word stay usable", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(await signCancelAuthorization(f.voucher, f.alice, 1n)));
      expect(await f.voucher.nonceBitmap(f.alice.address, 0n)).to.equal(0b10n);
      await expect((await relay(f, 0n)).tx).to.emit(f.voucher, "TransferWithFee");
      await expect((await relay(f, 2n)).tx).to.emit(f.voucher, "TransferWithFee");
      await expect((await relay(f, 1n)).tx)
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, 1n);
    });

    it("keeps each authorizer's bitmap apart", async () => {
      const f = await loadFixture(fixture);
      await (await relay(f, 0n, f.alice)).tx;
      await expect((await relay(f, 0n, f.bob)).tx).to.emit(f.voucher, "TransferWithFee");
      expect(await f.voucher.nonceBitmap(f.bob.address, 0n)).to.equal(1n);
    });
  });

  describe("cancelAuthorization while paused and with a bad signature", () => {
    it("is refused with EnforcedPause while paused, and works after unpause", async () => {
      const f = await loadFixture(fixture);
      const cancel = await signCancelAuthorization(f.voucher, f.alice, 9n);
      await f.voucher.connect(f.pauser).pause();
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel))).to.be.revertedWithCustomError(
        f.voucher,
        "EnforcedPause",
      );
      expect(await f.voucher.authorizationState(f.alice.address, 9n)).to.equal(false);
      await f.voucher.connect(f.pauser).unpause();
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(...cancelArgs(cancel)))
        .to.emit(f.voucher, "AuthorizationCanceled")
        .withArgs(f.alice.address, 9n);
    });

    it("refuses a malformed signature for the zero address with InvalidSignature(0, 0)", async () => {
      const f = await loadFixture(fixture);
      const zero = ethers.ZeroAddress;
      await expect(f.voucher.connect(f.relayer).cancelAuthorization(zero, 1n, 27, ethers.ZeroHash, ethers.ZeroHash))
        .to.be.revertedWithCustomError(f.voucher, "InvalidSignature")
        .withArgs(zero, zero);
      await expect(
        f.voucher
          .connect(f.relayer)
          .transferWithAuthorization(zero, f.carol.address, 1n, 0n, 0n, 2n ** 64n, 1n, 27, ethers.ZeroHash, ethers.ZeroHash),
      )
        .to.be.revertedWithCustomError(f.voucher, "InvalidSignature")
        .withArgs(zero, zero);
    });
  });
}
