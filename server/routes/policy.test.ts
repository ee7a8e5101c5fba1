import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { Msg } from "../../domain/messages";

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
    s.ctx.db.prepare("UPDATE policies SET content = ?, updated_at = ? WHERE id = 2").run("<p>개정된 개인정보처리방침</p>", "2026-12-01T00:00:00.000Z");
    const r = await s.call("GET", "/api/policy/2");
    expect(r.data).toMatchObject({ content: "<p>개정된 개인정보처리방침</p>", updatedAt: "2026-12-01T00:00:00.000Z" });
  });

  it("refuses ids other than 1, 2, 3 with 400, and a missing policy with 404", async () => {
    for (const id of ["0", "4", "-1", "abc", "1.5", "99999999999999999999"]) {
      const r = await s.call("GET", `/api/policy/${id}`);
      expect([r.status, r.code, r.message], id).toEqual([400, 400, Msg.badRequest]);
    }
    s.ctx.db.prepare("DELETE FROM policies WHERE id = 3").run();
    const gone = await s.call("GET", "/api/policy/3");
    expect([gone.status, gone.code, gone.message]).toEqual([404, 404, Msg.notFound]);
  });
});
