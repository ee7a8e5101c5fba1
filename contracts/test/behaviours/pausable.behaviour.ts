import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { BOB_START, type Fixture, type VoucherFixture } from "../helpers/fixtures";

type Step = (f: VoucherFixture) => Promise<unknown>;

/**
 * Pausing, seen from the ERC-20: our own versions of OpenZeppelin 5's ERC20Pausable.test.js (transfer,
 * transferFrom, mint and burn each allowed unpaused, allowed after pause + unpause, refused with EnforcedPause
 * while paused). The allowance for transferFrom is set before the pause, as in OpenZeppelin's test: KRWVoucher
 * also refuses approve while paused (FiatToken's rule; see contracts/CONFORMANCE.md). Expects a funded fixture.
 */
export function shouldBehaveLikePausableERC20(fixture: Fixture) {
  const cases: { name: string; prepare?: Step; act: Step; changes: (f: VoucherFixture) => [VoucherFixture["alice"][], bigint[]] }[] = [
    {
      name: "transfer",
      act: (f) => f.voucher.connect(f.bob).transfer(f.carol.address, BOB_START),
      changes: (f) => [
        [f.bob, f.carol],
        [-BOB_START, BOB_START],
      ],
    },
    {
      name: "transferFrom",
      prepare: (f) => f.voucher.connect(f.bob).approve(f.alice.address, 40n),
      act: (f) => f.voucher.connect(f.alice).transferFrom(f.bob.address, f.carol.address, 40n),
      changes: (f) => [
        [f.bob, f.carol],
        [-40n, 40n],
      ],
    },
    {
      name: "mint",
      act: (f) => f.voucher.connect(f.minter).mint(f.carol.address, 42n),
      changes: (f) => [[f.carol], [42n]],
    },
    {
      name: "burn",
      act: (f) => f.voucher.connect(f.burner).burn(f.bob.address, 42n),
      changes: (f) => [[f.bob], [-42n]],
    },
  ];

  describe("ERC20Pausable", () => {
    for (const c of cases) {
      describe(c.name, () => {
        it(`allows ${c.name} when unpaused`, async () => {
          const f = await loadFixture(fixture);
          await c.prepare?.(f);
          const [who, amounts] = c.changes(f);
          await expect(c.act(f)).to.changeTokenBalances(f.voucher, who, amounts);
        });

        it(`allows ${c.name} when paused and then unpaused`, async () => {
          const f = await loadFixture(fixture);
          await c.prepare?.(f);
          await f.voucher.connect(f.pauser).pause();
          await f.voucher.connect(f.pauser).unpause();
          const [who, amounts] = c.changes(f);
          await expect(c.act(f)).to.changeTokenBalances(f.voucher, who, amounts);
        });

        it(`refuses ${c.name} while paused with EnforcedPause`, async () => {
          const f = await loadFixture(fixture);
          await c.prepare?.(f);
          await f.voucher.connect(f.pauser).pause();
          await expect(c.act(f)).to.be.revertedWithCustomError(f.voucher, "EnforcedPause");
        });
      });
    }
  });
}
