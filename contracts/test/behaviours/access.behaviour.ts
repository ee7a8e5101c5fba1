import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import type { Fixture, VoucherFixture } from "../helpers/fixtures";
import { signTransferAuthorization, transferArgs } from "../helpers/sign";

interface RoleCase {
  role: "minter" | "burner" | "blocker" | "pauser" | "relayer";
  error: string;
  /** A call that only the role may make; `f` is already funded where the call needs it. */
  call: (f: VoucherFixture, as: VoucherFixture["alice"]) => Promise<unknown>;
}

const ROLE_CASES: RoleCase[] = [
  { role: "minter", error: "NotMinter", call: (f, as) => f.voucher.connect(as).mint(f.carol.address, 1_000n) },
  { role: "burner", error: "NotBurner", call: (f, as) => f.voucher.connect(as).burn(f.alice.address, 1_000n) },
  { role: "blocker", error: "NotBlocker", call: (f, as) => f.voucher.connect(as).blockAccount(f.carol.address) },
  { role: "pauser", error: "NotPauser", call: (f, as) => f.voucher.connect(as).pause() },
  {
    role: "relayer",
    error: "NotRelayer",
    call: async (f, as) => {
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n });
      return f.voucher.connect(as).transferWithAuthorization(...transferArgs(auth));
    },
  },
];

/** Every role: the holder may, anyone else gets NotX(account); admin manages roles and the fee collector. */
export function shouldBehaveLikeAccessControlledVoucher(fixture: Fixture) {
  describe("roles", function () {
    for (const c of ROLE_CASES) {
      describe(c.role, function () {
        it(`lets the ${c.role} call`, async function () {
          const f = await loadFixture(fixture);
          await expect(c.call(f, f[c.role])).not.to.be.reverted;
        });

        it(`rejects others with ${c.error}(account)`, async function () {
          const f = await loadFixture(fixture);
          for (const other of [f.outsider, f.admin, f.alice]) {
            await expect(c.call(f, other)).to.be.revertedWithCustomError(f.voucher, c.error).withArgs(other.address);
          }
        });

        it("stops working once revoked", async function () {
          const f = await loadFixture(fixture);
          const holder = f[c.role];
          await expect(f.voucher.connect(f.admin).revokeRole(f.roles[c.role], holder.address))
            .to.emit(f.voucher, "RoleRevoked")
            .withArgs(f.roles[c.role], holder.address, f.admin.address);
          await expect(c.call(f, holder)).to.be.revertedWithCustomError(f.voucher, c.error).withArgs(holder.address);
        });
      });
    }

    it("grants roles only through the admin", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.minter).grantRole(f.roles.minter, f.outsider.address))
        .to.be.revertedWithCustomError(f.voucher, "AccessControlUnauthorizedAccount")
        .withArgs(f.minter.address, f.roles.admin);
      await expect(f.voucher.connect(f.admin).grantRole(f.roles.minter, f.outsider.address))
        .to.emit(f.voucher, "RoleGranted")
        .withArgs(f.roles.minter, f.outsider.address, f.admin.address);
      expect(await f.voucher.hasRole(f.roles.minter, f.outsider.address)).to.equal(true);
    });

    it("never grants a role to the zero address", async function () {
      const f = await loadFixture(fixture);
      for (const role of Object.values(f.roles)) {
        await expect(f.voucher.connect(f.admin).grantRole(role, ethers.ZeroAddress)).to.be.revertedWithCustomError(
          f.voucher,
          "ZeroAddress",
        );
      }
    });
  });

  describe("setFeeCollector", function () {
    it("lets the admin move the fee collector and emits FeeCollectorChanged", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.admin).setFeeCollector(f.carol.address))
        .to.emit(f.voucher, "FeeCollectorChanged")
        .withArgs(f.feeCollector.address, f.carol.address);
      expect(await f.voucher.feeCollector()).to.equal(f.carol.address);
    });

    it("rejects the zero address", async function () {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.admin).setFeeCollector(ethers.ZeroAddress)).to.be.revertedWithCustomError(
        f.voucher,
        "ZeroAddress",
      );
    });

    it("rejects everyone but the admin", async function () {
      const f = await loadFixture(fixture);
      for (const other of [f.outsider, f.minter, f.relayer, f.feeCollector]) {
        await expect(f.voucher.connect(other).setFeeCollector(f.carol.address))
          .to.be.revertedWithCustomError(f.voucher, "AccessControlUnauthorizedAccount")
          .withArgs(other.address, f.roles.admin);
      }
    });
  });
}
