import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./test/harness";
import { API, type ApiName } from "../domain/api";
import type { EndpointDef } from "../domain/api/endpoint";
import { allowsArea } from "../domain/admin-access";
import { OperatorPermission } from "../domain/constants";
import { Msg } from "../domain/messages";
import { memberByPhone } from "./records/members.repo";

/**
 * An emergency pause stops money moves, not reads: while the token is paused on chain, every operator and member read
 * answers as before, the books check (장부 대사) above all, which is what an operator needs during an incident.
 */
describe("reads while the token is paused", () => {
  let s: TestStack;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    const admin2 = await s.loginOperator("admin2", "admin1234");
    member = await s.loginUser("01011112222", "111111");
    const proposed = await s.call("POST", "/api/proposals", {
      token: admin,
      marker: "operation",
      body: { kind: "pause", payload: {}, reason: "장애 대응 점검" },
    });
    expect(proposed.code, proposed.message).toBe(200);
    const id = (proposed.data as { proposal: { id: number } }).proposal.id;
    const approved = await s.call("POST", `/api/proposals/${id}/approve`, { token: admin2, marker: "operation" });
    expect(approved.code, approved.message).toBe(200);
    expect(await s.ctx.chain.token.paused()).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const reads = (kind: "operator" | "member") =>
    (Object.keys(API) as ApiName[]).filter((n) => {
      const e: EndpointDef = API[n];
      if (e.method !== "GET" || e.params || e.query || e.raw || e.file) return false;
      if (kind === "member") return e.access.kind === "member";
      return e.access.kind === "operator" && allowsArea(e.access.area, { permission: OperatorPermission.SUPER, flags: {} });
    });

  it("a money move is refused with the maintenance message (the pause holds)", async () => {
    const recipient = (await memberByPhone(s.ctx.db, "01033334444"))!;
    const opponentAddress = (await s.ctx.custody.memberWallet(recipient.id))!.address;
    const r = await s.call("POST", "/api/gift/trade/address", {
      token: member,
      body: { opponentAddress, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(r.status).toBe(503);
    expect(r.message).toBe(Msg.maintenance);
  });

  it("the books check answers while paused", async () => {
    const r = await s.call("GET", "/api/dashboard/reconcile", { token: admin, marker: "operation" });
    expect(r.status, r.message).toBe(200);
    expect((r.data as { ok: boolean }).ok).toBe(true);
  });

  it("every operator read and every member read answers 200 while paused", async () => {
    const operatorReads = reads("operator");
    const memberReads = reads("member");
    expect(operatorReads.length).toBeGreaterThan(10);
    expect(memberReads.length).toBeGreaterThan(3);
    const refused: string[] = [];
    for (const [names, token, marker] of [
      [operatorReads, admin, "operation"],
      [memberReads, member, undefined],
    ] as const)
      for (const n of names) {
        const r = await s.call("GET", API[n].path, { token, marker });
        if (r.status !== 200) refused.push(`${n} ${r.status} ${r.message ?? ""}`);
      }
    expect(refused).toEqual([]);
  });
});
