import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethers } from "ethers";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { proposeAndApprove } from "../../test/proposals";
import { OPERATOR_MINT_ALLOWANCE } from "../../../chain/bootstrap";
import { OperatorPermission } from "../../../domain/constants";
import { TOKEN_ROLES, type TokenRolesDto } from "../../../domain/schemas/token-roles";

describe("token roles screen: read from the chain", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  let saleOnly: string;
  const roles = async (token = admin) => s.call("GET", "/api/token/roles", { token, marker: "operation" });

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
    await insertOperator(s.ctx, "saleonly7", OperatorPermission.SUB, { isSale1: true });
    saleOnly = await s.loginOperator("saleonly7", "operator1234");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("lists every role with its holders as hasRole says, and the minter's allowance as minterAllowance says", async () => {
    await s.waitIndexed();
    const r = await roles();
    expect(r.code).toBe(200);
    const data = r.data as TokenRolesDto;
    expect(data.roles.map((x) => x.role)).toEqual([...TOKEN_ROLES]);
    const { senders } = s.ctx.chain;
    const operator = senders.minter.address;
    for (const role of data.roles) {
      // Each listed holder is asked of the chain; the screen says when they disagree (here they agree).
      for (const h of role.holders) {
        const id = role.role === "DEFAULT_ADMIN_ROLE" ? ethers.ZeroHash : ethers.id(role.role);
        expect(h.onChain).toBe(await s.ctx.chain.token.hasRole(id, h.address));
        expect(h.onChain).toBe(true);
      }
    }
    // One key per role (issue 35): each role's holder is its own account, seven different ones; the relaying key
    // that sends the gifts holds no minter nor burner role.
    const holderOf = (role: string) => data.roles.find((x) => x.role === role)!.holders.map((h) => h.address);
    const accounts = {
      DEFAULT_ADMIN_ROLE: senders.admin.address,
      MASTER_MINTER_ROLE: senders.masterMinter.address,
      MINTER_ROLE: senders.minter.address,
      BURNER_ROLE: senders.burner.address,
      BLOCKER_ROLE: senders.blocker.address,
      PAUSER_ROLE: senders.pauser.address,
      RELAYER_ROLE: senders.relayer.address,
    };
    for (const [role, address] of Object.entries(accounts)) expect([role, holderOf(role)]).toEqual([role, [address]]);
    expect(new Set(Object.values(accounts)).size).toBe(7);
    expect(s.ctx.chain.deployment.operator).toBe(senders.relayer.address);
    expect(await s.ctx.chain.token.hasRole(ethers.id("MINTER_ROLE"), senders.relayer.address)).toBe(false);
    expect(await s.ctx.chain.token.hasRole(ethers.id("BURNER_ROLE"), senders.relayer.address)).toBe(false);
    const minters = data.roles.find((x) => x.role === "MINTER_ROLE")!.holders;
    const minter = minters.find((h) => h.address === operator)!;
    expect(minter.label).toBe("발행 키 (minter)");
    expect(data.roles.find((x) => x.role === "RELAYER_ROLE")!.holders[0].label).toBe("전송 대행 키 (relayer)");
    expect(BigInt(minter.allowance!)).toBe(BigInt(await s.ctx.chain.token.minterAllowance(operator)));
    // The seed minted from the deployment allowance: what is left is below it, and exact.
    expect(BigInt(minter.allowance!)).toBeLessThan(OPERATOR_MINT_ALLOWANCE);
  });

  it("shows a minter's allowance changed through dual control (configureMinter), and is refused to an operator without the token screen", async () => {
    const operator = s.ctx.chain.senders.minter.address;
    const { approval } = await proposeAndApprove(s, admin, admin2, "POST", "/api/proposals", {
      kind: "minterAllowance",
      payload: { minter: operator, allowance: 50_000_000 },
      reason: "발행 한도 재설정",
    });
    expect([approval.code, approval.data.state]).toEqual([200, "approved"]);
    expect(BigInt(await s.ctx.chain.token.minterAllowance(operator))).toBe(50_000_000n);
    await s.waitIndexed();
    const minter = ((await roles()).data as TokenRolesDto).roles
      .find((x) => x.role === "MINTER_ROLE")!
      .holders.find((h) => h.address === operator)!;
    expect(minter.allowance).toBe("50000000");
    expect((await roles(saleOnly)).code).toBe(403);
  });
});
