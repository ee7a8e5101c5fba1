import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { nowIso } from "../db/app-db";
import { Msg } from "../../domain/messages";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("customer service: notices, FAQ, 1:1 inquiries", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    t2 = await s.loginUser(M2.phone, M2.pw);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("lists the seeded notices and FAQ publicly, newest first", async () => {
    const n = await s.call("GET", "/api/cs/notify/1");
    expect(n.code).toBe(200);
    expect(n.data.count).toBe(3);
    expect(n.data.list).toHaveLength(3);
    expect(Object.keys(n.data.list[0]).sort()).toEqual(["content", "createdAt", "id", "title"]);
    expect(n.data.list.map((x: any) => x.title)).toContain("KRW Voucher 서비스 오픈 안내");
    const f = await s.call("GET", "/api/cs/faq/1");
    expect(f.data.count).toBe(3);
    expect(f.data.list.map((x: any) => x.title)).toContain("상품권은 어떻게 구매하나요?");
    // Notices never list inquiries or FAQ.
    expect(n.data.list.map((x: any) => x.title)).not.toContain("상품권은 어떻게 구매하나요?");
  });

  it("pages ten at a time", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    const ins = s.ctx.db.prepare("INSERT INTO boards (type, title, content, state, created_at, updated_at) VALUES ('notice', ?, '<p>본문</p>', '1', ?, ?)");
    for (let i = 1; i <= 12; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      ins.run(`공지 ${i}`, at, at);
    }
    const p1 = await s.call("GET", "/api/cs/notify/1");
    const p2 = await s.call("GET", "/api/cs/notify/2");
    const p3 = await s.call("GET", "/api/cs/notify/3");
    expect([p1.data.count, p2.data.count, p3.data.count]).toEqual([15, 15, 15]);
    expect([p1.data.list.length, p2.data.list.length, p3.data.list.length]).toEqual([10, 5, 0]);
    // The seeded notices are the newest; then 12, 11, ...
    expect(p1.data.list.slice(3).map((x: any) => x.title)).toEqual(["공지 12", "공지 11", "공지 10", "공지 9", "공지 8", "공지 7", "공지 6"]);
    expect(p2.data.list.map((x: any) => x.title)).toEqual(["공지 5", "공지 4", "공지 3", "공지 2", "공지 1"]);
  });

  it("rejects bad page numbers with 400, never 500", async () => {
    for (const page of ["0", "-1", "abc", "1.5", "100001", "1e3x"]) {
      for (const area of ["notify", "faq"]) {
        const r = await s.call("GET", `/api/cs/${area}/${page}`);
        expect([r.status, r.code, r.message], `${area}/${page}`).toEqual([400, 400, Msg.badRequest]);
      }
    }
    const inq = await s.call("GET", "/api/cs/inquiry/zero", { token: t1 });
    expect([inq.status, inq.code]).toEqual([400, 400]);
  });

  it("needs a member for inquiries", async () => {
    for (const [method, path] of [["GET", "/api/cs/inquiry/1"], ["POST", "/api/cs/inquiry"], ["PUT", "/api/cs/inquiry"], ["DELETE", "/api/cs/inquiry/1"]]) {
      const r = await s.call(method, path, { body: method === "POST" || method === "PUT" ? { title: "t", content: "c" } : undefined });
      expect([r.status, r.code], `${method} ${path}`).toEqual([401, 401]);
      const marker = await s.call(method, path, { token: t1, marker: "operation" });
      expect(marker.code).toBe(401);
    }
  });

  it("creates an inquiry: trimmed, line breaks as <br>, markup escaped, operators notified", async () => {
    const pushed: string[] = [];
    const off = s.ctx.notifier.on((n) => pushed.push(`${n.category}:${n.message}`));
    const r = await s.call("POST", "/api/cs/inquiry", {
      token: t1,
      body: { title: "  입금 확인 문의  ", content: "어제 입금했습니다.\n확인 부탁드립니다.\r\n<script>alert(1)</script><img src=x onerror=alert(1)>" },
    });
    off();
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ title: "입금 확인 문의", state: "1", reply: null });
    expect(r.data.content).toContain("어제 입금했습니다.<br>확인 부탁드립니다.<br>");
    expect(r.data.content).not.toMatch(/<script|<img/);
    expect(r.data.content).toContain("&lt;script&gt;");
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatch(/^문의:.*입금 확인 문의/);
    const stored = s.ctx.db.prepare("SELECT * FROM notifications WHERE category = '문의' AND ref_id = ?").get(r.data.id) as any;
    expect(stored.type).toBe("inquiry");
  });

  it("validates inquiries with the spec's message", async () => {
    const bad: [unknown, string][] = [
      [{ title: "   ", content: "내용" }, Msg.inquiryBlank],
      [{ title: "제목", content: " \n " }, Msg.inquiryBlank],
      [{ title: "제목" }, Msg.inquiryBlank],
      [{ content: "내용" }, Msg.inquiryBlank],
      [{ title: 1, content: "내용" }, Msg.inquiryBlank],
      [{ title: "가".repeat(101), content: "내용" }, Msg.inquiryTooLong],
      [{ title: "제목", content: "가".repeat(5001) }, Msg.inquiryTooLong],
      [{ title: "제목", content: "내용", state: "3" }, Msg.unknownField],
    ];
    for (const [body, message] of bad) {
      const r = await s.call("POST", "/api/cs/inquiry", { token: t1, body });
      expect([r.status, r.code, r.message], JSON.stringify(body).slice(0, 60)).toEqual([400, 400, message]);
    }
    const big = await s.call("POST", "/api/cs/inquiry", { token: t1, raw: JSON.stringify({ title: "제목", content: "가".repeat(300_000) }) });
    expect(big.code).toBe(400);
  });

  it("lists only the member's own inquiries", async () => {
    await s.call("POST", "/api/cs/inquiry", { token: t1, body: { title: "두 번째 문의", content: "내용" } });
    const mine = await s.call("GET", "/api/cs/inquiry/1", { token: t1 });
    expect(mine.code).toBe(200);
    expect(mine.data.count).toBe(2);
    expect(mine.data.list.map((x: any) => x.title)).toEqual(["두 번째 문의", "입금 확인 문의"]);
    expect(Object.keys(mine.data.list[0])).toEqual(expect.arrayContaining(["id", "title", "content", "createdAt", "state", "reply"]));
    const theirs = await s.call("GET", "/api/cs/inquiry/1", { token: t2 });
    expect(theirs.data).toEqual({ list: [], count: 0 });
    // Notices and FAQ do not include inquiries.
    expect((await s.call("GET", "/api/cs/faq/1")).data.count).toBe(3);
  });

  it("edits an own waiting inquiry only", async () => {
    const [second, first] = (await s.call("GET", "/api/cs/inquiry/1", { token: t1 })).data.list;
    const r = await s.call("PUT", "/api/cs/inquiry", { token: t1, body: { id: second.id, title: " 수정한 제목 ", content: "첫 줄\n둘째 줄" } });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ title: "수정한 제목", content: "첫 줄<br>둘째 줄" });
    const other = await s.call("PUT", "/api/cs/inquiry", { token: t2, body: { id: second.id, title: "남의 글", content: "수정" } });
    expect([other.status, other.code, other.message]).toEqual([404, 404, Msg.notFound]);
    const notice = (await s.call("GET", "/api/cs/notify/1")).data.list[0];
    const noticeEdit = await s.call("PUT", "/api/cs/inquiry", { token: t1, body: { id: notice.id, title: "공지 변조", content: "x" } });
    expect(noticeEdit.code).toBe(404);
    const blank = await s.call("PUT", "/api/cs/inquiry", { token: t1, body: { id: second.id, title: "", content: "x" } });
    expect([blank.code, blank.message]).toEqual([400, Msg.inquiryBlank]);
    const badId = await s.call("PUT", "/api/cs/inquiry", { token: t1, body: { id: "x", title: "a", content: "b" } });
    expect(badId.code).toBe(400);

    // Answered ('3'): the reply shows, editing is refused.
    s.ctx.db.prepare("UPDATE boards SET state = '3', reply = '<p>확인되었습니다.</p>', updated_at = ? WHERE id = ?").run(nowIso(), first.id);
    const answered = await s.call("PUT", "/api/cs/inquiry", { token: t1, body: { id: first.id, title: "바꾸기", content: "바꾸기" } });
    expect([answered.status, answered.code, answered.message]).toEqual([400, 400, Msg.inquiryAnswered]);
    const listed = (await s.call("GET", "/api/cs/inquiry/1", { token: t1 })).data.list.find((x: any) => x.id === first.id);
    expect(listed).toMatchObject({ state: "3", reply: "<p>확인되었습니다.</p>", title: "입금 확인 문의" });
  });

  it("deletes own inquiries (answered too), not others'", async () => {
    const list = (await s.call("GET", "/api/cs/inquiry/1", { token: t1 })).data.list;
    const theirs = await s.call("DELETE", `/api/cs/inquiry/${list[0].id}`, { token: t2 });
    expect([theirs.status, theirs.code]).toEqual([404, 404]);
    const notice = (await s.call("GET", "/api/cs/notify/1")).data.list[0];
    expect((await s.call("DELETE", `/api/cs/inquiry/${notice.id}`, { token: t1 })).code).toBe(404);
    for (const id of ["abc", "0", "-3", "99999999999999999999"]) {
      const r = await s.call("DELETE", `/api/cs/inquiry/${id}`, { token: t1 });
      expect([r.status, r.code], id).toEqual([400, 400]);
    }
    for (const item of list) {
      const r = await s.call("DELETE", `/api/cs/inquiry/${item.id}`, { token: t1 });
      expect(r.code).toBe(200);
    }
    expect((await s.call("GET", "/api/cs/inquiry/1", { token: t1 })).data).toEqual({ list: [], count: 0 });
    expect((await s.call("DELETE", `/api/cs/inquiry/${list[0].id}`, { token: t1 })).code).toBe(404);
    expect((await s.call("GET", "/api/cs/notify/1")).data.count).toBe(15);
  });
});
