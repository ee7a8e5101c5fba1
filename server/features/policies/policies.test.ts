import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { Msg } from "../../../domain/messages";
import { deletePolicy, policyById, savePolicy } from "./policies.repo";

describe("policies: GET /api/policy/:id", () => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("answers the three seeded policies publicly", async () => {
    const titles: Record<number, string> = { 1: "이용약관", 2: "개인정보처리방침", 3: "상품권 이용약관" };
    for (const id of [1, 2, 3]) {
      const r = await s.call("GET", `/api/policy/${id}`);
      expect(r.code).toBe(200);
      expect(Object.keys(r.data).sort()).toEqual(["content", "createdAt", "id", "state", "updatedAt"]);
      expect(r.data.id).toBe(id);
      expect(r.data.content).toContain(`<h2>${titles[id]}</h2>`);
      expect(Date.parse(r.data.createdAt)).not.toBeNaN();
      expect(Date.parse(r.data.updatedAt)).not.toBeNaN();
    }
  });

  it("shows what operators last saved", async () => {
    const seeded = (await policyById(s.ctx.db, 2))!;
    await savePolicy(s.ctx.db, 2, "<p>개정된 개인정보처리방침</p>", "2026-12-01T00:00:00.000Z");
    const r = await s.call("GET", "/api/policy/2");
    expect(r.data).toMatchObject({
      content: "<p>개정된 개인정보처리방침</p>",
      updatedAt: "2026-12-01T00:00:00.000Z",
      createdAt: seeded.created_at,
    });
    // Put the seeded text back: no other test depends on this one's change.
    await savePolicy(s.ctx.db, 2, seeded.content, seeded.updated_at);
  });

  it("refuses ids other than 1, 2, 3 with 400, and a missing policy with 404", async () => {
    for (const id of ["0", "4", "-1", "abc", "1.5", "99999999999999999999"]) {
      const r = await s.call("GET", `/api/policy/${id}`);
      expect([r.status, r.code, r.message], id).toEqual([400, 400, Msg.badRequest]);
    }
    const seeded = (await policyById(s.ctx.db, 3))!;
    expect(await deletePolicy(s.ctx.db, 3)).toBe(true);
    const gone = await s.call("GET", "/api/policy/3");
    expect([gone.status, gone.code, gone.message]).toEqual([404, 404, Msg.notFound]);
    await savePolicy(s.ctx.db, 3, seeded.content);
  });
});
