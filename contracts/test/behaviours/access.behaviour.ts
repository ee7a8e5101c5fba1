import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import type { Fixture, VoucherFixture } from "../helpers/fixtures";
import { signTransferAuthorization, transferArgs } from "../helpers/sign";

interface RoleCase {
  role: "minter" | "burner" | "blocker" | "pauser" | "relayer";
  error: string;
  /** Who grants and revokes the role: the master minter for minters, the admin for the rest. */
  admin: "masterMinter" | "admin";
  /** A call that only the role may make; `f` is already funded where the call needs it. */
  call: (f: VoucherFixture, as: VoucherFixture["alice"]) => Promise<unknown>;
}

const ROLE_CASES: RoleCase[] = [
  { role: "minter", error: "NotMinter", admin: "masterMinter", call: (f, as) => f.voucher.connect(as).mint(f.carol.address, 1_000n) },
  { role: "burner", error: "NotBurner", admin: "admin", call: (f, as) => f.voucher.connect(as).burn(f.alice.address, 1_000n) },
  { role: "blocker", error: "NotBlocker", admin: "admin", call: (f, as) => f.voucher.connect(as).blockAccount(f.carol.address) },
  { role: "pauser", error: "NotPauser", admin: "admin", call: (f, as) => f.voucher.connect(as).pause() },
  {
    role: "relayer",
    error: "NotRelayer",
    admin: "admin",
    call: async (f, as) => {
      const auth = await signTransferAuthorization(f.voucher, f.alice, { to: f.carol.address, value: 1_000n });
      return f.voucher.connect(as).transferWithAuthorization(...transferArgs(auth));
    },
  },
];

/**
 * Every role: the holder may, anyone else gets NotX(account); a blocked minter, burner, pauser or relayer
 * gets AccountBlocked(holder) (FiatToken-strict), a blocked blocker still acts. The admin manages roles
 * and the fee collector; the master minter manages minters.
 */
export function shouldBehaveLikeAccessControlledVoucher(fixture: Fixture) {
  describe("roles", () => {
    for (const c of ROLE_CASES) {
      describe(c.role, () => {
        it(`lets the ${c.role} call`, async () => {
          const f = await loadFixture(fixture);
          await expect(c.call(f, f[c.role])).not.to.be.reverted;
        });

        it(`rejects others with ${c.error}(account)`, async () => {
          const f = await loadFixture(fixture);
          for (const other of [f.outsider, f.admin, f.masterMinter, f.alice]) {
            await expect(c.call(f, other)).to.be.revertedWithCustomError(f.voucher, c.error).withArgs(other.address);
          }
        });

        it(`stops working once revoked by the ${c.admin}`, async () => {
          const f = await loadFixture(fixture);
          const holder = f[c.role];
          await expect(f.voucher.connect(f[c.admin]).revokeRole(f.roles[c.role], holder.address))
            .to.emit(f.voucher, "RoleRevoked")
            .withArgs(f.roles[c.role], holder.address, f[c.admin].address);
          expect(await f.voucher.hasRole(f.roles[c.role], holder.address)).to.equal(false);
          await expect(c.call(f, holder)).to.be.revertedWithCustomError(f.voucher, c.error).withArgs(holder.address);
        });

        if (c.role === "blocker") {
          it("still works when the blocker itself is blocked (a block stays reversible)", async () => {
            const f = await loadFixture(fixture);
            await f.voucher.connect(f.blocker).blockAccount(f.blocker.address);
            await expect(c.call(f, f.blocker)).not.to.be.reverted;
            await expect(f.voucher.connect(f.blocker).unblockAccount(f.blocker.address))
              .to.emit(f.voucher, "Unblocked")
              .withArgs(f.blocker.address, f.blocker.address);
          });
        } else {
          it(`refuses a blocked ${c.role} with AccountBlocked(${c.role}), and lets it act once unblocked`, async () => {
            const f = await loadFixture(fixture);
            const holder = f[c.role];
            await f.voucher.connect(f.blocker).blockAccount(holder.address);
            await expect(c.call(f, holder)).to.be.revertedWithCustomError(f.voucher, "AccountBlocked").withArgs(holder.address);
            expect(await f.voucher.hasRole(f.roles[c.role], holder.address)).to.equal(true); // blocked, not demoted
            await f.voucher.connect(f.blocker).unblockAccount(holder.address);
            await expect(c.call(f, holder)).not.to.be.reverted;
          });
        }

        it("keeps the role across balance changes of its holder (the flags share the balance word)", async () => {
          const f = await loadFixture(fixture);
          const holder = f[c.role];
          await f.voucher.connect(f.alice).transfer(holder.address, 5_000n);
          await f.voucher.connect(holder).transfer(f.bob.address, 5_000n);
          expect(await f.voucher.hasRole(f.roles[c.role], holder.address)).to.equal(true);
          expect(await f.voucher.balanceOf(holder.address)).to.equal(0n);
        });
      });
    }

    it("grants roles only through the admin", async () => {
      const f = await loadFixture(fixture);
      for (const role of [f.roles.burner, f.roles.masterMinter]) {
        await expect(f.voucher.connect(f.burner).grantRole(role, f.outsider.address))
          .to.be.revertedWithCustomError(f.voucher, "AccessControlUnauthorizedAccount")
          .withArgs(f.burner.address, f.roles.admin);
        await expect(f.voucher.connect(f.admin).grantRole(role, f.outsider.address))
          .to.emit(f.voucher, "RoleGranted")
          .withArgs(role, f.outsider.address, f.admin.address);
        expect(await f.voucher.hasRole(role, f.outsider.address)).to.equal(true);
      }
    });

    it("grants the minter role only through the master minter, not the admin", async () => {
      const f = await loadFixture(fixture);
      expect(await f.voucher.getRoleAdmin(f.roles.minter)).to.equal(f.roles.masterMinter);
      await expect(f.voucher.connect(f.admin).grantRole(f.roles.minter, f.outsider.address))
        .to.be.revertedWithCustomError(f.voucher, "AccessControlUnauthorizedAccount")
        .withArgs(f.admin.address, f.roles.masterMinter);
      await expect(f.voucher.connect(f.masterMinter).grantRole(f.roles.minter, f.outsider.address))
        .to.emit(f.voucher, "RoleGranted")
        .withArgs(f.roles.minter, f.outsider.address, f.masterMinter.address);
    });

    it("says RoleGranted once: granting a role twice changes nothing", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.admin).grantRole(f.roles.burner, f.burner.address)).not.to.emit(f.voucher, "RoleGranted");
      await expect(f.voucher.connect(f.admin).revokeRole(f.roles.burner, f.alice.address)).not.to.emit(f.voucher, "RoleRevoked");
      expect(await f.voucher.hasRole(f.roles.burner, f.burner.address)).to.equal(true);
    });

    it("lets a holder renounce its own role", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.pauser).renounceRole(f.roles.pauser, f.pauser.address))
        .to.emit(f.voucher, "RoleRevoked")
        .withArgs(f.roles.pauser, f.pauser.address, f.pauser.address);
      await expect(f.voucher.connect(f.pauser).pause()).to.be.revertedWithCustomError(f.voucher, "NotPauser").withArgs(f.pauser.address);
    });

    it("never grants a role to the zero address", async () => {
      const f = await loadFixture(fixture);
      for (const role of Object.values(f.roles)) {
        const granter = role === f.roles.minter ? f.masterMinter : f.admin;
        await expect(f.voucher.connect(granter).grantRole(role, ethers.ZeroAddress)).to.be.revertedWithCustomError(
          f.voucher,
          "ZeroAddress",
        );
      }
    });
  });

  describe("setFeeCollector", () => {
    it("lets the admin move the fee collector and emits FeeCollectorChanged", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.admin).setFeeCollector(f.carol.address))
        .to.emit(f.voucher, "FeeCollectorChanged")
        .withArgs(f.feeCollector.address, f.carol.address);
      expect(await f.voucher.feeCollector()).to.equal(f.carol.address);
    });

    it("rejects the zero address", async () => {
      const f = await loadFixture(fixture);
      await expect(f.voucher.connect(f.admin).setFeeCollector(ethers.ZeroAddress)).to.be.revertedWithCustomError(f.voucher, "ZeroAddress");
    });

    it("rejects everyone but the admin", async () => {
      const f = await loadFixture(fixture);
      for (const other of [f.outsider, f.minter, f.relayer, f.feeCollector]) {
        await expect(f.voucher.connect(other).setFeeCollector(f.carol.address))
          .to.be.revertedWithCustomError(f.voucher, "AccessControlUnauthorizedAccount")
          .withArgs(other.address, f.roles.admin);
      }
    });
  });
}
