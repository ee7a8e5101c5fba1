import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { ALICE_START, BOB_START, FEE, type Fixture, type VoucherFixture } from "../helpers/fixtures";
import { signTransferAuthorization, transferArgs } from "../helpers/sign";

type Who = keyof Pick<
  VoucherFixture,
  "alice" | "bob" | "carol" | "minter" | "burner" | "pauser" | "relayer" | "blocker" | "masterMinter" | "feeCollector"
>;

interface RefusedCase {
  /** The FiatToken v1 test (stablecoin-evm test/v1/negative.test.js) this follows, or "" for our own. */
  id: string;
  title: string;
  /** Blocked before the call. */
  blocked: Who;
  /** Set up while nobody is blocked yet. */
  prepare?: (f: VoucherFixture) => Promise<unknown>;
  call: (f: VoucherFixture) => Promise<unknown>;
}

/** The call is refused with AccountBlocked(blocked), and works again once the account is unblocked. */
const REFUSED: RefusedCase[] = [
  {
    id: "nt003",
    title: "mint when the minter is blocked",
    blocked: "minter",
    call: (f) => f.voucher.connect(f.minter).mint(f.carol.address, 1n),
  },
  {
    id: "nt004",
    title: "mint to a blocked recipient",
    blocked: "carol",
    call: (f) => f.voucher.connect(f.minter).mint(f.carol.address, 1n),
  },
  {
    id: "nt008",
    title: "approve a blocked spender",
    blocked: "carol",
    call: (f) => f.voucher.connect(f.alice).approve(f.carol.address, 1n),
  },
  {
    id: "nt009",
    title: "approve when the owner is blocked",
    blocked: "alice",
    call: (f) => f.voucher.connect(f.alice).approve(f.carol.address, 1n),
  },
  {
    id: "nt014",
    title: "transferFrom to a blocked recipient",
    blocked: "carol",
    prepare: (f) => f.voucher.connect(f.alice).approve(f.bob.address, 1_000n),
    call: (f) => f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n),
  },
  {
    id: "nt015",
    title: "transferFrom by a blocked spender",
    blocked: "bob",
    prepare: (f) => f.voucher.connect(f.alice).approve(f.bob.address, 1_000n),
    call: (f) => f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n),
  },
  {
    id: "nt016",
    title: "transferFrom when the owner is blocked",
    blocked: "alice",
    prepare: (f) => f.voucher.connect(f.alice).approve(f.bob.address, 1_000n),
    call: (f) => f.voucher.connect(f.bob).transferFrom(f.alice.address, f.carol.address, 1_000n),
  },
  {
    id: "nt022",
    title: "transfer to a blocked recipient",
    blocked: "carol",
    call: (f) => f.voucher.connect(f.alice).transfer(f.carol.address, 1n),
  },
  {
    id: "nt023",
    title: "transfer when the sender is blocked",
    blocked: "alice",
    call: (f) => f.voucher.connect(f.alice).transfer(f.carol.address, 1n),
  },
  {
    id: "nt033",
    title: "burn when the burner is blocked",
    blocked: "burner",
    call: (f) => f.voucher.connect(f.burner).burn(f.alice.address, 1n),
  },
  { id: "", title: "burn from a blocked account", blocked: "alice", call: (f) => f.voucher.connect(f.burner).burn(f.alice.address, 1n) },
  {
    id: "",
    title: "pause when the pauser is blocked (FiatToken's ept018 lets it: a documented difference)",
    blocked: "pauser",
    call: (f) => f.voucher.connect(f.pauser).pause(),
  },
  {
    id: "",
    title: "unpause when the pauser is blocked (FiatToken's ept019 lets it: a documented difference)",
    blocked: "pauser",
    prepare: (f) => f.voucher.connect(f.pauser).pause(),
    call: (f) => f.voucher.connect(f.pauser).unpause(),
  },
  {
    id: "",
    title: "transferWithAuthorization when the relayer is blocked",
    blocked: "relayer",
    call: async (f) =>
      f.voucher
        .connect(f.relayer)
        .transferWithAuthorization(
          ...transferArgs(await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1n })),
        ),
  },
  {
    id: "",
    title: "batchTransferWithAuthorization when the relayer is blocked",
    blocked: "relayer",
    call: async (f) =>
      f.voucher
        .connect(f.relayer)
        .batchTransferWithAuthorization([await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1n })]),
  },
  {
    id: "",
    title: "transferWithAuthorization with a fee when the fee collector is blocked",
    blocked: "feeCollector",
    call: async (f) =>
      f.voucher
        .connect(f.relayer)
        .transferWithAuthorization(
          ...transferArgs(await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1n, fee: FEE })),
        ),
  },
];

interface AllowedCase {
  /** The FiatToken v1 test (stablecoin-evm test/v1/extendedPositive.test.js) this follows. */
  id: string;
  title: string;
  blocked: Who;
  call: (f: VoucherFixture) => Promise<unknown>;
}

/** Blocking the account does not stop the call (FiatToken's extended positive tests). */
const ALLOWED: AllowedCase[] = [
  {
    id: "ept020",
    title: "block when the blocker is blocked",
    blocked: "blocker",
    call: (f) => f.voucher.connect(f.blocker).blockAccount(f.carol.address),
  },
  {
    id: "ept021",
    title: "unblock when the blocker is blocked",
    blocked: "blocker",
    call: (f) => f.voucher.connect(f.blocker).unblockAccount(f.blocker.address),
  },
  {
    id: "ept024",
    title: "block an address that is blocked already",
    blocked: "carol",
    call: (f) => f.voucher.connect(f.blocker).blockAccount(f.carol.address),
  },
  {
    id: "ept030",
    title: "configureMinter when the master minter is blocked",
    blocked: "masterMinter",
    call: (f) => f.voucher.connect(f.masterMinter).configureMinter(f.carol.address, 1n),
  },
  {
    id: "ept032",
    title: "configureMinter for a blocked minter",
    blocked: "minter",
    call: (f) => f.voucher.connect(f.masterMinter).configureMinter(f.minter.address, 1n),
  },
  {
    id: "ept034",
    title: "removeMinter of a blocked minter",
    blocked: "minter",
    call: (f) => f.voucher.connect(f.masterMinter).removeMinter(f.minter.address),
  },
  {
    id: "",
    title: "grant a role to a blocked account (FiatToken: ept026 to ept028)",
    blocked: "carol",
    call: (f) => f.voucher.connect(f.admin).grantRole(f.roles.burner, f.carol.address),
  },
  {
    id: "",
    title: "receive the fee of a fee-less authorization while the fee collector is blocked",
    blocked: "feeCollector",
    call: async (f) =>
      f.voucher
        .connect(f.relayer)
        .transferWithAuthorization(
          ...transferArgs(await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1n, fee: 0n })),
        ),
  },
];

/**
 * Blocking as strict as Circle's FiatToken: our own versions of the blacklist cases of stablecoin-evm's
 * test/v1 (negative, positive and extended positive tests), with `blockAccount` for `blacklist` and
 * AccountBlocked(account) for "account is blacklisted". KRWVoucher is stricter in two places (a blocked
 * pauser cannot pause or unpause; burning from a blocked account is refused), see contracts/CONFORMANCE.md.
 * Expects a funded fixture.
 */
export function shouldBehaveLikeBlacklistingVoucher(fixture: Fixture) {
  describe("blacklisting (FiatToken)", () => {
    it("pt019 / pt018: blocks and unblocks, and isBlocked says so", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.isBlocked(f.alice.address)).to.equal(false);
      await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
      expect(await f.voucher.isBlocked(f.alice.address)).to.equal(true);
      await f.voucher.connect(f.blocker).unblockAccount(f.alice.address);
      expect(await f.voucher.isBlocked(f.alice.address)).to.equal(false);
    });

    it("nt042 / nt043: refuses block and unblock by a non-blocker with NotBlocker(account)", async () => {
      const f = await loadFixture(fixture);
      for (const other of [f.admin, f.pauser, f.alice]) {
        await expect(f.voucher.connect(other).blockAccount(f.carol.address))
          .to.be.revertedWithCustomError(f.voucher, "NotBlocker")
          .withArgs(other.address);
        await expect(f.voucher.connect(other).unblockAccount(f.carol.address))
          .to.be.revertedWithCustomError(f.voucher, "NotBlocker")
          .withArgs(other.address);
      }
    });

    it("ept035 / ept036: blocks and unblocks while paused", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.pauser).pause();
      await expect(f.voucher.connect(f.blocker).blockAccount(f.alice.address))
        .to.emit(f.voucher, "Blocked")
        .withArgs(f.blocker.address, f.alice.address);
      await expect(f.voucher.connect(f.blocker).unblockAccount(f.alice.address))
        .to.emit(f.voucher, "Unblocked")
        .withArgs(f.blocker.address, f.alice.address);
    });

    it("keeps balances and total supply through a block", async () => {
      const f = await loadFixture(fixture);
      await f.voucher.connect(f.blocker).blockAccount(f.alice.address);
      expect(await f.voucher.balanceOf(f.alice.address)).to.equal(ALICE_START);
      expect(await f.voucher.totalSupply()).to.equal(ALICE_START + BOB_START);
    });

    for (const c of REFUSED) {
      it(`${c.id ? `${c.id}: ` : ""}refuses ${c.title} with AccountBlocked(${c.blocked}), and allows it once unblocked`, async () => {
        const f = await loadFixture(fixture);
        await c.prepare?.(f);
        const blocked = f[c.blocked];
        await f.voucher.connect(f.blocker).blockAccount(blocked.address);
        await expect(c.call(f)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(blocked.address);
        await f.voucher.connect(f.blocker).unblockAccount(blocked.address);
        await expect(c.call(f)).not.to.be.reverted;
      });
    }

    for (const c of ALLOWED) {
      it(`${c.id ? `${c.id}: ` : ""}allows ${c.title}`, async () => {
        const f = await loadFixture(fixture);
        await f.voucher.connect(f.blocker).blockAccount(f[c.blocked].address);
        await expect(c.call(f)).not.to.be.reverted;
      });
    }
  });
}
