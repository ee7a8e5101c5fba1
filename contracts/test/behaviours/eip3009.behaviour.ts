import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import { ALICE_START, FEE, type Fixture, type VoucherFixture } from "../helpers/fixtures";
import {
  cancelArgs,
  CANCEL_AUTHORIZATION_TYPES,
  RECEIVE_WITH_AUTHORIZATION_TYPES,
  signCancelAuthorization,
  signReceiveAuthorization,
  signTransferAuthorization,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  transferArgs,
  type SignedAuthorization,
} from "../helpers/sign";

type Signer = VoucherFixture["alice"];
type Auth = Parameters<typeof signTransferAuthorization>[2];

interface Mode {
  fn: "transferWithAuthorization" | "receiveWithAuthorization";
  typeName: "TransferWithAuthorization" | "ReceiveWithAuthorization";
  typeHash: "TRANSFER_WITH_AUTHORIZATION_TYPEHASH" | "RECEIVE_WITH_AUTHORIZATION_TYPEHASH";
  types: Record<string, { name: string; type: string }[]>;
  sign: (f: VoucherFixture, signer: Signer, auth: Auth) => Promise<SignedAuthorization>;
  /** The other mode's signature over the same fields: must not pass here. */
  signOther: (f: VoucherFixture, signer: Signer, auth: Auth) => Promise<SignedAuthorization>;
  /** Who submits: the relayer (transfer), the payee, carol in these cases (receive). */
  submitter: (f: VoucherFixture) => Signer;
}

const MODES: Mode[] = [
  {
    fn: "transferWithAuthorization",
    typeName: "TransferWithAuthorization",
    typeHash: "TRANSFER_WITH_AUTHORIZATION_TYPEHASH",
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    sign: (f, s, a) => signTransferAuthorization(f.voucher, s, a),
    signOther: (f, s, a) => signReceiveAuthorization(f.voucher, s, a),
    submitter: (f) => f.relayer,
  },
  {
    fn: "receiveWithAuthorization",
    typeName: "ReceiveWithAuthorization",
    typeHash: "RECEIVE_WITH_AUTHORIZATION_TYPEHASH",
    types: RECEIVE_WITH_AUTHORIZATION_TYPES,
    sign: (f, s, a) => signReceiveAuthorization(f.voucher, s, a),
    signOther: (f, s, a) => signTransferAuthorization(f.voucher, s, a),
    submitter: (f) => f.carol,
  },
];

/**
 * EIP-3009: our own versions of Circle's stablecoin-evm GasAbstraction tests (testTransferWithAuthorization,
 * testReceiveWithAuthorization, testCancelAuthorization), run for both submissions. KRWVoucher's
 * authorizations carry a fee and a uint256 bitmap nonce, emit TransferWithFee instead of AuthorizationUsed
 * and revert with custom errors; transferWithAuthorization is relayer-only (contracts/CONFORMANCE.md).
 * In every case alice pays carol, and carol is the payee who submits a receive. Expects a funded fixture.
 */
export function shouldBehaveLikeEIP3009Voucher(fixture: Fixture) {
  for (const m of MODES) {
    describe(`EIP-3009 ${m.fn}`, () => {
      const submit = (f: VoucherFixture, a: SignedAuthorization, as = m.submitter(f)) => f.voucher.connect(as)[m.fn](...transferArgs(a));
      const signed = (f: VoucherFixture, extra: Partial<Auth> = {}) =>
        m.sign(f, f.alice, { to: f.carol.address, value: 5_000n, fee: FEE, ...extra });

      it("has the expected type hash", async () => {
        const f = await loadFixture(fixture);
        expect(await f.voucher[m.typeHash]()).to.equal(ethers.id(ethers.TypedDataEncoder.from(m.types).encodeType(m.typeName)));
      });

      it(`executes a transfer when a valid authorization is given${m.fn === "receiveWithAuthorization" ? " and the caller is the payee" : ""}`, async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f);
        expect(await f.voucher.authorizationState(f.alice.address, a.nonce)).to.equal(false);
        const tx = submit(f, a);
        await expect(tx).to.changeTokenBalances(f.voucher, [f.alice, f.carol, f.feeCollector], [-(5_000n + FEE), 5_000n, FEE]);
        await expect(tx).to.emit(f.voucher, "Transfer").withArgs(f.alice.address, f.carol.address, 5_000n);
        await expect(tx).to.emit(f.voucher, "TransferWithFee").withArgs(f.alice.address, f.carol.address, 5_000n, FEE, a.nonce);
        expect(await f.voucher.authorizationState(f.alice.address, a.nonce)).to.equal(true);
      });

      if (m.fn === "receiveWithAuthorization") {
        it("reverts if the caller is not the payee, with CallerNotPayee(caller, payee)", async () => {
          const f = await loadFixture(fixture);
          const a = await signed(f);
          for (const other of [f.outsider, f.relayer, f.alice]) {
            await expect(submit(f, a, other))
              .to.be.revertedWithCustomError(f.voucher, "CallerNotPayee")
              .withArgs(other.address, f.carol.address);
          }
          expect(await f.voucher.authorizationState(f.alice.address, a.nonce)).to.equal(false);
        });
      } else {
        it("reverts if the caller is not the relayer, with NotRelayer(caller) (EIP-3009 lets anyone submit: a documented difference)", async () => {
          const f = await loadFixture(fixture);
          const a = await signed(f);
          await expect(submit(f, a, f.outsider))
            .to.be.revertedWithCustomError(f.voucher, "NotRelayer")
            .withArgs(f.outsider.address);
        });

        it("reverts if the payee is the zero address, with ERC20InvalidReceiver(0)", async () => {
          const f = await loadFixture(fixture);
          const a = await m.sign(f, f.alice, { to: ethers.ZeroAddress, value: 1n });
          await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "ERC20InvalidReceiver").withArgs(ethers.ZeroAddress);
        });
      }

      it("reverts if the signature does not match the given parameters, with InvalidSignature(from, recovered)", async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f);
        await expect(submit(f, { ...a, value: a.value * 2n }))
          .to.be.revertedWithCustomError(f.voucher, "InvalidSignature")
          .withArgs(f.alice.address, anyValue);
      });

      it("reverts if the signature is not made with the right key, with InvalidSignature(from, signer)", async () => {
        const f = await loadFixture(fixture);
        const a = await m.sign(f, f.bob, { from: f.alice.address, to: f.carol.address, value: 5_000n, fee: FEE });
        await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "InvalidSignature").withArgs(f.alice.address, f.bob.address);
      });

      it("reverts if the signature is for the other EIP-3009 type, with InvalidSignature", async () => {
        const f = await loadFixture(fixture);
        const a = await m.signOther(f, f.alice, { to: f.carol.address, value: 5_000n, fee: FEE });
        await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "InvalidSignature").withArgs(f.alice.address, anyValue);
      });

      it("reverts if the authorization is not yet valid, with AuthorizationNotYetValid(validAfter, now)", async () => {
        const f = await loadFixture(fixture);
        const now = BigInt(await time.latest());
        const a = await signed(f, { validAfter: now + 100n, validBefore: now + 3_600n });
        await time.setNextBlockTimestamp(now + 50n);
        await expect(submit(f, a))
          .to.be.revertedWithCustomError(f.voucher, "AuthorizationNotYetValid")
          .withArgs(now + 100n, now + 50n);
      });

      it("reverts if the authorization is expired, with AuthorizationExpired(validBefore, now)", async () => {
        const f = await loadFixture(fixture);
        const now = BigInt(await time.latest());
        const a = await signed(f, { validBefore: now + 10n });
        await time.setNextBlockTimestamp(now + 20n);
        await expect(submit(f, a))
          .to.be.revertedWithCustomError(f.voucher, "AuthorizationExpired")
          .withArgs(now + 10n, now + 20n);
      });

      it("reverts if the authorization has already been used, with AuthorizationUsedOrCanceled(from, nonce)", async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f);
        await submit(f, a);
        await expect(submit(f, a))
          .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
          .withArgs(f.alice.address, a.nonce);
      });

      it("reverts if the signer already used the nonce in another authorization", async () => {
        const f = await loadFixture(fixture);
        const first = await signed(f);
        await submit(f, first);
        const second = await signed(f, { value: 1_000n, nonce: first.nonce });
        await expect(submit(f, second))
          .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
          .withArgs(f.alice.address, first.nonce);
      });

      it("reverts if the authorization exceeds the balance, with ERC20InsufficientBalance(from, balance, value + fee)", async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f, { value: ALICE_START });
        await expect(submit(f, a))
          .to.be.revertedWithCustomError(f.voucher, "ERC20InsufficientBalance")
          .withArgs(f.alice.address, ALICE_START, ALICE_START + FEE);
        expect(await f.voucher.authorizationState(f.alice.address, a.nonce)).to.equal(false);
      });

      it("reverts if the contract is paused, with EnforcedPause", async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f);
        await f.voucher.connect(f.pauser).pause();
        await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
      });

      it("reverts if the payer or the payee is blocked, with AccountBlocked(account)", async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f);
        await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
        await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(f.alice.address);
        await f.voucher.connect(f.blocker).unblockAccount(f.alice.address);
        await f.voucher.connect(f.blocker).blockAccount(f.carol.address);
        await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(f.carol.address);
        await f.voucher.connect(f.blocker).unblockAccount(f.carol.address);
        await expect(submit(f, a)).to.emit(f.voucher, "TransferWithFee");
      });

      it("reverts if the submitter is blocked, with AccountBlocked(submitter)", async () => {
        const f = await loadFixture(fixture);
        const a = await signed(f);
        const submitter = m.submitter(f);
        await f.voucher.connect(f.blocker).blockAccount(submitter.address);
        await expect(submit(f, a)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(submitter.address);
      });
    });
  }

  describe("EIP-3009 nonces shared by transfer, receive and cancel", () => {
    it("a nonce used by a transfer cannot be received, and the other way round", async () => {
      const f = await loadFixture(fixture);
      const t = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, nonce: 5n });
      const r = await signReceiveAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, nonce: 5n });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(t));
      await expect(f.voucher.connect(f.carol).receiveWithAuthorization(...transferArgs(r)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, 5n);

      const r2 = await signReceiveAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, nonce: 6n });
      const t2 = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n, nonce: 6n });
      await f.voucher.connect(f.carol).receiveWithAuthorization(...transferArgs(r2));
      await expect(f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(t2)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, 6n);
    });
  });

  describe("EIP-3009 cancelAuthorization", () => {
    it("has the expected type hash", async () => {
      const f = await loadFixture(fixture);
      const typeString = ethers.TypedDataEncoder.from(CANCEL_AUTHORIZATION_TYPES).encodeType("CancelAuthorization");
      expect(await f.voucher.CANCEL_AUTHORIZATION_TYPEHASH()).to.equal(ethers.id(typeString));
    });

    for (const m of MODES) {
      it(`cancels an unused authorization if the signature is valid: a ${m.fn} with its nonce then reverts`, async () => {
        const f = await loadFixture(fixture);
        const a = await m.sign(f, f.alice, { to: f.carol.address, value: 1_000n });
        await expect(
          f.voucher.connect(f.outsider).cancelAuthorization(...cancelArgs(await signCancelAuthorization(f.voucher, f.alice, a.nonce))),
        )
          .to.emit(f.voucher, "AuthorizationCanceled")
          .withArgs(f.alice.address, a.nonce);
        expect(await f.voucher.authorizationState(f.alice.address, a.nonce)).to.equal(true);
        await expect(f.voucher.connect(m.submitter(f))[m.fn](...transferArgs(a)))
          .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
          .withArgs(f.alice.address, a.nonce);
      });
    }

    it("cannot be used to cancel someone else's authorization: InvalidSignature(authorizer, signer)", async () => {
      const f = await loadFixture(fixture);
      const cancel = await signCancelAuthorization(f.voucher, f.bob, 3n, f.alice.address);
      await expect(f.voucher.cancelAuthorization(...cancelArgs(cancel)))
        .to.be.revertedWithCustomError(f.voucher, "InvalidSignature")
        .withArgs(f.alice.address, f.bob.address);
    });

    it("reverts if the authorization has already been used", async () => {
      const f = await loadFixture(fixture);
      const a = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n });
      await f.voucher.connect(f.relayer).transferWithAuthorization(...transferArgs(a));
      await expect(f.voucher.cancelAuthorization(...cancelArgs(await signCancelAuthorization(f.voucher, f.alice, a.nonce))))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, a.nonce);
    });

    it("reverts if the authorization has already been canceled", async () => {
      const f = await loadFixture(fixture);
      const cancel = await signCancelAuthorization(f.voucher, f.alice, 8n);
      await f.voucher.cancelAuthorization(...cancelArgs(cancel));
      await expect(f.voucher.cancelAuthorization(...cancelArgs(cancel)))
        .to.be.revertedWithCustomError(f.voucher, "AuthorizationUsedOrCanceled")
        .withArgs(f.alice.address, 8n);
    });

    it("reverts if the contract is paused, with EnforcedPause", async () => {
      const f = await loadFixture(fixture);
      const cancel = await signCancelAuthorization(f.voucher, f.alice, 8n);
      await f.voucher.connect(f.pauser).pause();
      await expect(f.voucher.cancelAuthorization(...cancelArgs(cancel))).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
    });
  });
}
