import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import type { Fixture } from "../helpers/fixtures";
import { PERMIT_TYPES, signPermit, voucherDomain } from "../helpers/sign";

/**
 * ERC-2612 permit: our own versions of OpenZeppelin 5's ERC20Permit.test.js and of Circle's FiatToken
 * testPermit.ts (EIP-2612 part of its GasAbstraction suite), with OpenZeppelin's errors
 * (ERC2612ExpiredSignature, ERC2612InvalidSigner) where FiatToken has revert strings. Expects a funded fixture.
 */
export function shouldBehaveLikePermitVoucher(fixture: Fixture) {
  describe("ERC20Permit", () => {
    it("starts every owner at nonce 0", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.nonces(f.carol.address)).to.equal(0n);
    });

    it("exposes the domain separator of its EIP-712 domain", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.DOMAIN_SEPARATOR()).to.equal(ethers.TypedDataEncoder.hashDomain(await voucherDomain(f.voucher)));
    });

    it("exposes PERMIT_TYPEHASH, the hash of ERC-2612's Permit type", async () => {
      const f = await loadFixture(fixture);
      const typeString = ethers.TypedDataEncoder.from(PERMIT_TYPES).encodeType("Permit");
      expect(await f.voucher.PERMIT_TYPEHASH()).to.equal(ethers.id(typeString));
      expect(typeString).to.equal("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    });

    it("accepts the owner's signature from anyone: Approval, the allowance set, the nonce used", async () => {
      const f = await loadFixture(fixture);
      const args = await signPermit(f.voucher, f.alice, f.bob.address, 7_000n);
      await expect(f.voucher.connect(f.carol).permit(...args))
        .to.emit(f.voucher, "Approval")
        .withArgs(f.alice.address, f.bob.address, 7_000n);
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(7_000n);
      expect(await f.voucher.nonces(f.alice.address)).to.equal(1n);
      await expect(f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 7_000n)).to.changeTokenBalances(
        f.voucher,
        [f.alice, f.carol],
        [-7_000n, 7_000n],
      );
    });

    it("replaces the allowance with a second permit (FiatToken: grants allowance when a valid permit is given)", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, f.alice, f.bob.address, 7_000n)));
      await f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, f.alice, f.bob.address, 300n)));
      expect(await f.voucher.allowance(f.alice.address, f.bob.address)).to.equal(300n);
      expect(await f.voucher.nonces(f.alice.address)).to.equal(2n);
    });

    it("accepts 2^256 - 1 as deadline", async () => {
      const f = await loadFixture(fixture);
      const args = await signPermit(f.voucher, f.alice, f.bob.address, 1n, { deadline: ethers.MaxUint256 });
      await expect(f.voucher.connect(f.carol).permit(...args)).to.emit(f.voucher, "Approval");
    });

    it("rejects a reused signature with ERC2612InvalidSigner(recovered, owner)", async () => {
      const f = await loadFixture(fixture);
      const args = await signPermit(f.voucher, f.alice, f.bob.address, 42n);
      await f.voucher.connect(f.carol).permit(...args);
      // The nonce moved on: the same signature now recovers some other address.
      await expect(f.voucher.connect(f.carol).permit(...args)).to.be.revertedWithCustomError(f.voucher, "ERC2612InvalidSigner");
    });

    it("rejects a signature by another key with ERC2612InvalidSigner(signer, owner)", async () => {
      const f = await loadFixture(fixture);
      const args = await signPermit(f.voucher, f.bob, f.bob.address, 42n, { owner: f.alice.address });
      await expect(f.voucher.connect(f.carol).permit(...args))
        .to.be.revertedWithCustomError(f.voucher, "ERC2612InvalidSigner")
        .withArgs(f.bob.address, f.alice.address);
    });

    it("rejects parameters other than the signed ones with ERC2612InvalidSigner", async () => {
      const f = await loadFixture(fixture);
      const [owner, spender, , deadline, v, r, s] = await signPermit(f.voucher, f.alice, f.bob.address, 42n);
      await expect(f.voucher.connect(f.carol).permit(owner, spender, 84n, deadline, v, r, s)).to.be.revertedWithCustomError(
        f.voucher,
        "ERC2612InvalidSigner",
      );
    });

    it("rejects an expired permit with ERC2612ExpiredSignature(deadline)", async () => {
      const f = await loadFixture(fixture);
      const deadline = BigInt(await time.latest()) + 10n;
      const args = await signPermit(f.voucher, f.alice, f.bob.address, 42n, { deadline });
      await time.setNextBlockTimestamp(deadline + 1n);
      await expect(f.voucher.connect(f.carol).permit(...args))
        .to.be.revertedWithCustomError(f.voucher, "ERC2612ExpiredSignature")
        .withArgs(deadline);
    });

    it("rejects a permit signed for a nonce other than the next one", async () => {
      const f = await loadFixture(fixture);
      const args = await signPermit(f.voucher, f.alice, f.bob.address, 42n, { nonce: 1n });
      await expect(f.voucher.connect(f.carol).permit(...args)).to.be.revertedWithCustomError(f.voucher, "ERC2612InvalidSigner");
    });

    it("rejects a spender of the zero address with ERC20InvalidSpender(0)", async () => {
      const f = await loadFixture(fixture);
      const args = await signPermit(f.voucher, f.alice, ethers.ZeroAddress, 42n);
      await expect(f.voucher.connect(f.carol).permit(...args))
        .to.be.revertedWithCustomError(f.voucher, "ERC20InvalidSpender")
        .withArgs(ethers.ZeroAddress);
    });

    it("rejects a signature over another EIP-712 type with the same fields (FiatToken: not for an approval)", async () => {
      const f = await loadFixture(fixture);
      const [owner, spender, value, deadline] = await signPermit(f.voucher, f.alice, f.bob.address, 42n);
      const other = ethers.Signature.from(
        await f.alice.signTypedData(
          await voucherDomain(f.voucher),
          { NotPermit: PERMIT_TYPES.Permit },
          { owner, spender, value, nonce: 0n, deadline },
        ),
      );
      await expect(
        f.voucher.connect(f.carol).permit(owner, spender, value, deadline, other.v, other.r, other.s),
      ).to.be.revertedWithCustomError(f.voucher, "ERC2612InvalidSigner");
    });

    it("is refused while paused with EnforcedPause", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.pauser).pause();
      await expect(
        f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, f.alice, f.bob.address, 1n))),
      ).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
    });

    it("is refused when the owner or the spender is blocked, with AccountBlocked(account)", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
      await expect(f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, f.alice, f.bob.address, 1n))))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
      await expect(f.voucher.connect(f.carol).permit(...(await signPermit(f.voucher, f.bob, f.alice.address, 1n))))
        .to.be.revertedWithCustomError(f.voucher, "AccountBlocked")
        .withArgs(f.alice.address);
    });
  });
}
