import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, FEE, type Fixture, type VoucherFixture } from "../helpers/fixtures";
import { mined, voucherEvents } from "../helpers/receipts";
import { signTransferAuthorization, transferArgs, type SignedAuthorization } from "../helpers/sign";

/** Several authorizations in one transaction, each isolated. Expects a funded fixture. */
export function shouldBehaveLikeBatchingVoucher(fixture: Fixture) {
  describe("batchTransferWithAuthorization", () => {
    /** Two good items around three bad ones: forged signature, replayed nonce, insufficient balance. */
    async function mixedBatch(f: VoucherFixture) {
      const used = await signTransferAuthorization(f.voucher, f.alice, { to: f.bob.address, value: 100n });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(used));

      const good1 = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 3_000n, fee: FEE });
      const forged = await signTransferAuthorization(f.voucher, f.carol, {
        from: f.alice.address,
        to: f.carol.address,
        value: 9_000n,
        fee: FEE,
      });
      const replayed = used;
      const tooMuch = await signTransferAuthorization(f.voucher, f.bob, { to: f.carol.address, value: BOB_START + 100n, fee: FEE });
      const good2 = await signTransferAuthorization(f.voucher, f.alice, { to: f.outsider.address, value: 2_000n, fee: FEE });
      const items: SignedAuthorization[] = [good1, forged, replayed, tooMuch, good2];
      const reasons = {
        forged: f.voucher.interface.encodeErrorResult("InvalidSignature", [f.alice.address, f.carol.address]),
        replayed: f.voucher.interface.encodeErrorResult("AuthorizationUsedOrCanceled", [f.alice.address, used.nonce]),
        // bob received 100 from `used` above
        tooMuch: f.voucher.interface.encodeErrorResult("ERC20InsufficientBalance", [
          f.bob.address,
          BOB_START + 100n,
          BOB_START + 100n + FEE,
        ]),
      };
      return { items, good1, forged, replayed, tooMuch, good2, reasons };
    }

    /**
     * Sends [bad, bob pays carol 1,000 won + `fineFee`]: the bad item fails with `error(args)` and
     * moves nothing, bob's goes through, the bad nonce stays unused.
     */
    async function expectFailsAlone(f: VoucherFixture, bad: SignedAuthorization, error: string, args: unknown[], fineFee = FEE) {
      const fine = await signTransferAuthorization(f.voucher, f.bob, { to: f.carol.address, value: 1_000n, fee: fineFee });
      const tx = f.voucher.connect(f.relayer).batchTransferWithAuthorization([bad, fine]);
      await expect(tx)
        .to.emit(f.voucher, "AuthorizationFailed")
        .withArgs(0n, bad.from, bad.nonce, f.voucher.interface.encodeErrorResult(error, args));
      await expect(tx).to.changeTokenBalances(f.voucher, [bad.from, f.bob, f.carol], [0n, -(1_000n + fineFee), 1_000n]);
      expect(await f.voucher.authorizationState(bad.from, bad.nonce)).to.equal(false);
    }

    it("moves the good items and reports each bad one with AuthorizationFailed", async () => {
      const f = await loadFixture(fixture);
      const b = await mixedBatch(f);
      const batch = f.voucher.connect(f.relayer);

      expect([...(await batch.batchTransferWithAuthorization.staticCall(b.items))]).to.deep.equal([true, false, false, false, true]);

      const tx = batch.batchTransferWithAuthorization(b.items);
      await expect(tx).to.changeTokenBalances(
        f.voucher,
        [f.alice, f.bob, f.carol, f.outsider, f.feeCollector],
        [-(3_000n + 2_000n + 2n * FEE), 0n, 3_000n, 2_000n, 2n * FEE],
      );
      await expect(tx).to.emit(f.voucher, "AuthorizationFailed").withArgs(1n, f.alice.address, b.forged.nonce, b.reasons.forged);
      await expect(tx).to.emit(f.voucher, "AuthorizationFailed").withArgs(2n, f.alice.address, b.replayed.nonce, b.reasons.replayed);
      await expect(tx).to.emit(f.voucher, "AuthorizationFailed").withArgs(3n, f.bob.address, b.tooMuch.nonce, b.reasons.tooMuch);
      await expect(tx).to.emit(f.voucher, "TransferWithFee").withArgs(f.alice.address, f.carol.address, 3_000n, FEE, b.good1.nonce);
      await expect(tx).to.emit(f.voucher, "TransferWithFee").withArgs(f.alice.address, f.outsider.address, 2_000n, FEE, b.good2.nonce);

      const failed = voucherEvents(f.voucher, await mined(tx))
        .filter((e) => e.name === "AuthorizationFailed")
        .map((e) => e.args.index);
      expect(failed).to.deep.equal([1n, 2n, 3n]);
    });

    it("marks the good nonces used and leaves the bad ones unused", async () => {
      const f = await loadFixture(fixture);
      const b = await mixedBatch(f);
      await f.voucher.connect(f.relayer).batchTransferWithAuthorization(b.items);
      expect(await f.voucher.authorizationState(f.alice.address, b.good1.nonce)).to.equal(true);
      expect(await f.voucher.authorizationState(f.alice.address, b.good2.nonce)).to.equal(true);
      expect(await f.voucher.authorizationState(f.alice.address, b.forged.nonce)).to.equal(false);
      expect(await f.voucher.authorizationState(f.bob.address, b.tooMuch.nonce)).to.equal(false);
      // the failed item can still run later once its sender can pay
      await f.voucher.connect(f.minter).mint(f.bob.address, FEE);
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(b.tooMuch))).not.to.be.reverted;
    });

    it("runs one wallet's consecutive nonces in one batch, each flipping its bit of the shared word", async () => {
      const f = await loadFixture(fixture);
      const items = [];
      for (const nonce of [0n, 1n, 2n, 255n, 256n]) {
        items.push(await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE, nonce }));
      }
      const tx = f.voucher.connect(f.relayer).batchTransferWithAuthorization(items);
      await expect(tx).not.to.emit(f.voucher, "AuthorizationFailed");
      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.carol, f.feeCollector], [-5n * (1_000n + FEE), 5_000n, 5n * FEE]);
      expect(await f.voucher.nonceBitmap(f.alice.address, 0n)).to.equal(0b111n | (1n << 255n));
      expect(await f.voucher.nonceBitmap(f.alice.address, 1n)).to.equal(1n);
    });

    it("runs the same nonce only once inside one batch", async () => {
      const f = await loadFixture(fixture);
      const once = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      const tx = f.voucher.connect(f.relayer).batchTransferWithAuthorization([once, once]);
      await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.carol], [-(1_000n + FEE), 1_000n]);
      await expect(tx)
        .to.emit(f.voucher, "AuthorizationFailed")
        .withArgs(
          1n,
          f.alice.address,
          once.nonce,
          f.voucher.interface.encodeErrorResult("AuthorizationUsedOrCanceled", [f.alice.address, once.nonce]),
        );
    });

    it("fails an item whose recipient is blocked with AccountBlocked, the others go through", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.blocker).blockAccount(f.outsider.address);
      const toBlocked = await signTransferAuthorization(f.voucher, f.alice, { to: f.outsider.address, value: 1_000n, fee: FEE });
      await expectFailsAlone(f, toBlocked, "AccountBlocked", [f.outsider.address]);
    });

    it("while paused, fails every item with EnforcedPause and keeps their nonces for later", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.pauser).pause();
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      await expect(f.voucher.connect(f.relayer).batchTransferWithAuthorization([auth]))
        .to.emit(f.voucher, "AuthorizationFailed")
        .withArgs(0n, f.alice.address, auth.nonce, f.voucher.interface.encodeErrorResult("EnforcedPause", []));
      expect(await f.voucher.authorizationState(f.alice.address, auth.nonce)).to.equal(false);
      await f.voucher.connect(f.pauser).unpause();
      await expect(f.voucher.connect(f.relayer).batchTransferWithAuthorization([auth])).to.emit(f.voucher, "TransferWithFee");
    });

    it("does not revert when every item fails", async () => {
      const f = await loadFixture(fixture);
      const forged = await signTransferAuthorization(f.voucher, f.bob, { from: f.alice.address, to: f.bob.address, value: 1n });
      const tx = f.voucher.connect(f.relayer).batchTransferWithAuthorization([forged]);
      await expect(tx).to.emit(f.voucher, "AuthorizationFailed");
      await expect(tx).not.to.emit(f.voucher, "Transfer");
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
    });

    it("rejects an empty batch with EmptyBatch", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.relayer).batchTransferWithAuthorization([])).to.be.revertedWithCustomError(f.voucher, "EmptyBatch");
    });

    it("accepts a batch only from the relayer", async () => {
      const f = await loadFixture(fixture);
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n });
      await expect(f.voucher.connect(f.alice).batchTransferWithAuthorization([auth]))
        .to.be.revertedWithCustomError(f.voucher, "NotRelayer")
        .withArgs(f.alice.address);
    });

    it("has no self-call entry point: isolation is done by checking before writing", async () => {
      const f = await loadFixture(fixture);
      expect(f.voucher.interface.getFunction("executeAuthorization")).to.equal(null);
    });

    it("reports an item whose value + fee overflows as ERC20InsufficientBalance and runs the rest", async () => {
      const f = await loadFixture(fixture);
      const max = 2n ** 256n - 1n;
      const overflow = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: max, fee: FEE });
      await expectFailsAlone(f, overflow, "ERC20InsufficientBalance", [f.alice.address, ALICE_START, max]);
    });

    it("fails an item with a fee when the fee collector is blocked; one without a fee runs", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.blocker).blockAccount(f.feeCollector.address);
      const withFee = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      await expectFailsAlone(f, withFee, "AccountBlocked", [f.feeCollector.address], 0n);
    });

    it("emits, per good item, Transfer(value), Transfer(fee), TransferWithFee in that order", async () => {
      const f = await loadFixture(fixture);
      const a = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, fee: FEE });
      const b = await signTransferAuthorization(f.voucher, f.bob, { to: f.carol.address, value: 2_000n, fee: FEE });
      const events = voucherEvents(f.voucher, await mined(f.voucher.connect(f.relayer).batchTransferWithAuthorization([a, b])));
      expect(events.map((e) => [e.name, ...e.args.toArray()])).to.deep.equal([
        ["Transfer", f.alice.address, f.carol.address, 1_000n],
        ["Transfer", f.alice.address, f.feeCollector.address, FEE],
        ["TransferWithFee", f.alice.address, f.carol.address, 1_000n, FEE, a.nonce],
        ["Transfer", f.bob.address, f.carol.address, 2_000n],
        ["Transfer", f.bob.address, f.feeCollector.address, FEE],
        ["TransferWithFee", f.bob.address, f.carol.address, 2_000n, FEE, b.nonce],
      ]);
    });
  });
}
