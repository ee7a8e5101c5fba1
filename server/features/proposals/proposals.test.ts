import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { followProposals } from "../../dual-control/proposals";
import { OperatorPermission } from "../../../domain/constants";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("dual control: proposals", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  let noApprove: string;
  let member: string;
  const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    s.call(method, path, { token, marker: "operation", body, headers });
  const supply = async () => BigInt(await s.ctx.chain.token.totalSupply());
  const proposeMint = async (value: number) => {
    const r = await as(admin)("POST", "/api/proposals", { kind: "mint", payload: { value }, reason: "월말 발행" });
    expect([r.code, r.message]).toEqual([200, Msg.proposalCreated]);
    return r.data.proposal as { id: number; state: string; canDecide: boolean };
  };
  const outboxCount = async () =>
    Number(
      (
        await s.ctx.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const callCount = async () =>
    Number(
      (
        await s.ctx.db
          .selectFrom("chain_calls")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
    await insertOperator(s.ctx, "mintonly1", OperatorPermission.SUB, { isToken2: true });
    noApprove = await s.loginOperator("mintonly1", "operator1234");
    member = await s.loginUser(M1.phone, M1.pw);
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("a proposal moves nothing; its proposer cannot approve or reject it; a second operator's approval mints exactly once, audited with both", async () => {
    const before = await supply();
    const p = await proposeMint(7_000_000);
    expect(p).toMatchObject({ state: "pending", canDecide: false });
    expect(await supply()).toBe(before);
    const self = await as(admin)("POST", `/api/proposals/${p.id}/approve`);
    expect([self.code, self.message]).toEqual([Code.FORBIDDEN, Msg.proposalSelfApproval]);
    expect((await as(admin)("POST", `/api/proposals/${p.id}/reject`, {})).code).toBe(Code.FORBIDDEN);
    // Without isApprove1 the call is refused at the gate.
    expect((await as(noApprove)("POST", `/api/proposals/${p.id}/approve`)).code).toBe(Code.FORBIDDEN);
    expect(await supply()).toBe(before);
    expect((await as(admin2)("GET", `/api/proposals/${p.id}`)).data.canDecide).toBe(true);

    const ok = await as(admin2)("POST", `/api/proposals/${p.id}/approve`);
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ state: "approved", proposerLoginId: "admin", approverLoginId: "admin2" });
    expect(ok.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await supply()) - before).toBe(7_000_000n);
    // The proposer sees the state.
    expect((await as(admin)("GET", `/api/proposals/${p.id}`)).data).toMatchObject({ state: "approved", txHash: ok.data.txHash });
    const again = await as(admin2)("POST", `/api/proposals/${p.id}/approve`);
    expect([again.code, again.message]).toEqual([Code.CONFLICT, Msg.proposalNotPending]);
    expect((await supply()) - before).toBe(7_000_000n);

    const log = (await as(admin)("GET", "/api/operation/actions")).data.list as {
      action: string;
      targetId: string;
      adminLoginId: string;
      txHash: string | null;
      after: Record<string, unknown>;
    }[];
    const mine = log.filter((a) => a.targetId === String(p.id));
    expect(mine.find((a) => a.action === "proposal.create")).toMatchObject({ adminLoginId: "admin" });
    expect(mine.find((a) => a.action === "proposal.approve")).toMatchObject({
      adminLoginId: "admin2",
      txHash: ok.data.txHash,
      after: { proposer: "admin", approver: "admin2" },
    });
  });

  it("two approvals at once move once", async () => {
    const before = await supply();
    const p = await proposeMint(3_000);
    const [a, b] = await Promise.all([
      as(admin2)("POST", `/api/proposals/${p.id}/approve`),
      as(admin2)("POST", `/api/proposals/${p.id}/approve`),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, Code.CONFLICT]);
    expect((await supply()) - before).toBe(3_000n);
  });

  it("a rejection moves nothing; a proposal expires after 24 h and cannot be approved then", async () => {
    const before = await supply();
    const calls = await callCount();
    const p = await proposeMint(5_000);
    const r = await as(admin2)("POST", `/api/proposals/${p.id}/reject`, { reason: "근거 부족" });
    expect(r.data).toMatchObject({ state: "rejected", approverLoginId: "admin2" });
    expect((await as(admin2)("POST", `/api/proposals/${p.id}/approve`)).code).toBe(Code.CONFLICT);
    const q = await proposeMint(5_000);
    await followProposals(s.ctx, new Date(Date.now() + 25 * 3600_000));
    expect((await as(admin)("GET", `/api/proposals/${q.id}`)).data.state).toBe("expired");
    expect((await as(admin2)("POST", `/api/proposals/${q.id}/approve`)).code).toBe(Code.CONFLICT);
    expect(await supply()).toBe(before);
    expect(await callCount()).toBe(calls);
    const list = await as(admin)("POST", "/api/proposals/search", { state: "expired" });
    expect(list.data.list.map((x: { id: number }) => x.id)).toContain(q.id);
  });

  it("a mint over the minter's allowance is refused on chain: the proposal says 실패 with the reason", async () => {
    const minter = s.ctx.chain.senders.minter.address;
    const allowance = BigInt(await s.ctx.chain.token.minterAllowance(minter));
    const set = async (value: bigint) => {
      const p = await as(admin)("POST", "/api/proposals", {
        kind: "minterAllowance",
        payload: { minter, allowance: Number(value) },
        reason: "한도 조정",
      });
      expect(p.code).toBe(200);
      const r = await as(admin2)("POST", `/api/proposals/${p.data.proposal.id}/approve`);
      expect(r.data.state).toBe("approved");
    };
    await set(10_000n);
    expect(BigInt(await s.ctx.chain.token.minterAllowance(minter))).toBe(10_000n);
    const before = await supply();
    const p = await proposeMint(20_000);
    const r = await as(admin2)("POST", `/api/proposals/${p.id}/approve`);
    expect(r.data.state).toBe("failed");
    expect(r.data.error).toContain("MinterAllowanceExceeded");
    expect(await supply()).toBe(before);
    await set(allowance > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : allowance);
  });

  it("pause: money calls answer 503 '현재 점검 중입니다' and record nothing, reads work, the banner shows; unpause restores", async () => {
    const look = await s.call("POST", "/api/info/user", { token: member, body: { phonenumber: M2.phone } });
    const gift = () =>
      s.call("POST", "/api/gift/trade/address", {
        token: member,
        body: { opponentAddress: look.data.address, kind: 0, type: 1, value: 1_000, password: M1.pw },
      });
    const toggle = async (kind: "pause" | "unpause") => {
      const p = await as(admin)("POST", "/api/proposals", { kind, payload: {}, reason: "긴급 점검" });
      const r = await as(admin2)("POST", `/api/proposals/${p.data.proposal.id}/approve`);
      expect(r.data).toMatchObject({ state: "approved" });
    };
    await toggle("pause");
    expect(await s.ctx.chain.token.paused()).toBe(true);
    const rows = await outboxCount();
    const g = await gift();
    expect([g.code, g.message]).toEqual([Code.CHAIN_UNAVAILABLE, Msg.maintenance]);
    expect(await outboxCount()).toBe(rows);
    expect((await s.call("GET", "/api/info/balance", { token: member })).code).toBe(200);
    expect((await s.call("POST", "/api/info/history", { token: member, body: { type: 3 } })).code).toBe(200);
    expect((await s.call("GET", "/api/status")).data).toEqual({ paused: true, message: Msg.maintenance });

    await toggle("unpause");
    expect((await s.call("GET", "/api/status")).data).toEqual({ paused: false, message: null });
    const after = await gift();
    expect(after.code).toBe(200);
  });
});
