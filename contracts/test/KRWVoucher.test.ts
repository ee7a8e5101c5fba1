import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { deployVoucherFixture, FEE, fundedVoucherFixture } from "./helpers/fixtures";
import { signPermit, voucherDomain } from "./helpers/sign";
import { shouldBehaveLikeAccessControlledVoucher } from "./behaviours/access.behaviour";
import { shouldBehaveLikeMintableBurnableVoucher } from "./behaviours/supply.behaviour";
import { shouldBehaveLikeRestrictableVoucher } from "./behaviours/restrictions.behaviour";
import { shouldBehaveLikeAuthorizedTransferVoucher } from "./behaviours/authorization.behaviour";
import { shouldBehaveLikeBatchingVoucher } from "./behaviours/batch.behaviour";
import { shouldBehaveLikeERC20 } from "./behaviours/erc20.behaviour";
import { measureGas } from "./helpers/gas";

describe("KRWVoucher", function () {
  describe("deployment", function () {
    it("is a whole-won token named KRW Voucher", async function () {
      const { voucher } = await loadFixture(deployVoucherFixture);
      expect(await voucher.name()).to.equal("KRW Voucher");
      expect(await voucher.symbol()).to.equal("KRWV");
      expect(await voucher.decimals()).to.equal(0n);
      expect(await voucher.totalSupply()).to.equal(0n);
      expect(await voucher.paused()).to.equal(false);
    });

    it("gives the admin role to the admin only and records the fee collector", async function () {
      const { voucher, roles, admin, feeCollector, minter } = await loadFixture(deployVoucherFixture);
      expect(await voucher.hasRole(roles.admin, admin.address)).to.equal(true);
      expect(await voucher.hasRole(roles.admin, minter.address)).to.equal(false);
      expect(await voucher.hasRole(roles.minter, admin.address)).to.equal(false);
      expect(await voucher.feeCollector()).to.equal(feeCollector.address);
    });

    it("emits FeeCollectorChanged from zero on deploy", async function () {
      const [admin, collector] = await ethers.getSigners();
      const voucher = await ethers.deployContract("KRWVoucher", [admin.address, collector.address]);
      await expect(voucher.deploymentTransaction())
        .to.emit(voucher, "FeeCollectorChanged")
        .withArgs(ethers.ZeroAddress, collector.address);
    });

    it("rejects a zero admin or fee collector with ZeroAddress", async function () {
      const [admin, collector] = await ethers.getSigners();
      const factory = await ethers.getContractFactory("KRWVoucher");
      await expect(factory.deploy(ethers.ZeroAddress, collector.address)).to.be.revertedWithCustomError(
        factory,
        "ZeroAddress",
      );
      await expect(factory.deploy(admin.address, ethers.ZeroAddress)).to.be.revertedWithCustomError(
        factory,
        "ZeroAddress",
      );
    });

    it("signs under the EIP-712 domain KRW Voucher / 1", async function () {
      const { voucher } = await loadFixture(deployVoucherFixture);
      const d = await voucherDomain(voucher);
      expect(await voucher.DOMAIN_SEPARATOR()).to.equal(ethers.TypedDataEncoder.hashDomain(d));
      const [, name, version, chainId, verifyingContract] = await voucher.eip712Domain();
      expect([name, version, chainId, verifyingContract]).to.deep.equal([
        "KRW Voucher",
        "1",
        d.chainId,
        d.verifyingContract,
      ]);
    });
  });

  shouldBehaveLikeERC20(fundedVoucherFixture);
  shouldBehaveLikeAccessControlledVoucher(fundedVoucherFixture);
  shouldBehaveLikeMintableBurnableVoucher(fundedVoucherFixture);
  shouldBehaveLikeRestrictableVoucher(fundedVoucherFixture);
  shouldBehaveLikeAuthorizedTransferVoucher(fundedVoucherFixture);
  shouldBehaveLikeBatchingVoucher(fundedVoucherFixture);

  describe("ERC20Permit", function () {
    it("sets an allowance from an off-chain signature", async function () {
      const { voucher, alice, bob, carol } = await loadFixture(fundedVoucherFixture);
      const value = 7_000n;
      const nonce = await voucher.nonces(alice.address);
      const args = await signPermit(voucher, alice, bob.address, value);
      await expect(voucher.connect(carol).permit(...args))
        .to.emit(voucher, "Approval")
        .withArgs(alice.address, bob.address, value);
      expect(await voucher.allowance(alice.address, bob.address)).to.equal(value);
      expect(await voucher.nonces(alice.address)).to.equal(nonce + 1n);
      await expect(voucher.connect(bob).transferFrom(alice.address, carol.address, value)).to.changeTokenBalances(
        voucher,
        [alice, carol],
        [-value, value],
      );
      await expect(voucher.connect(carol).permit(...args))
        .to.be.revertedWithCustomError(voucher, "ERC2612InvalidSigner");
    });
  });

  describe("gas", function () {
    it("meets the v2 targets beside OpenZeppelin's transfer and a USDC-style authorization, measured in this run", async function () {
      const g = await measureGas(50);
      const row = (label: string, gas: bigint, note = "") =>
        `      | ${label.padEnd(46)} | ${gas.toLocaleString("en-US").padStart(7)} | ${note.padEnd(30)} |`;
      console.log(
        [
          "      gasUsed from receipts (existing recipient, sender keeps a balance, fee collector already paid):",
          `      | ${"".padEnd(46)} | ${"gas".padStart(7)} | ${"target".padEnd(30)} |`,
          `      |${"-".repeat(48)}|${"-".repeat(9)}|${"-".repeat(32)}|`,
          row("OpenZeppelin ERC-20 transfer (anchor)", g.ozTransfer),
          row("USDC-style transferWithAuthorization (anchor)", g.usdcTransferWithAuthorization, "no fee, fresh bytes32 nonce"),
          row("KRWVoucher v1 transfer", g.v1.transfer),
          row(`KRWVoucher v1 gift with fee ${FEE}`, g.v1.gift),
          row(`KRWVoucher v1 batch of ${g.batchSize}, per item`, g.v1.batchPerItem),
          row("KRWVoucher v2 transfer", g.transfer, `<= v1 ${g.v1.transfer.toLocaleString("en-US")}`),
          row(`KRWVoucher v2 gift with fee ${FEE}`, g.gift, "<= 72,000 (nonce word in use)"),
          row(`KRWVoucher v2 gift, first nonce of a word`, g.giftFirstInWord, "(1 in 256 authorizations)"),
          row(`KRWVoucher v2 batch of ${g.batchSize}, per item`, g.batchPerItem, "<= 40,000 (nonce word in use)"),
          row(`KRWVoucher v2 batch, first nonce of a word`, g.batchPerItemFirstInWord, "(1 in 256 authorizations)"),
        ].join("\n"),
      );
      expect(g.batchPerItem).to.be.at.most(40_000n);
      expect(g.gift).to.be.at.most(72_000n);
      expect(g.transfer).to.be.at.most(g.v1.transfer);
      expect(g.gift).to.be.lessThan(g.v1.gift);
      expect(g.batchPerItem).to.be.lessThan(g.v1.batchPerItem);
      expect(g.batchPerItem).to.be.lessThan(g.gift); // the 21,000 base cost is shared across the batch
    });
  });
});
