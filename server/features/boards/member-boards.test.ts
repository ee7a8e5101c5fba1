import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { answerInquiry, deleteBoard, insertBoard } from "./boards.repo";
import { createMember } from "../members/members.service";
import { ANSWERED } from "./member-boards.routes";
import { unescapeStoredInquiry } from "../../db/migrations-back-office";
import { Msg } from "../../../domain/messages";
import type { Notification } from "../../records/operator-notices/notifier";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("customer service: notices, FAQ, 1:1 inquiries", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;
  let phoneNo = 0;
  /** A member of its own for a test that writes inquiries, logged in. */
  const newMember = async () => {
    const phonenumber = `0107300${String(++phoneNo).padStart(4, "0")}`;
    await createMember(s.ctx, { phonenumber, username: "문의자", password: "123456" });
    return s.loginUser(phonenumber, "123456");
  };
  /** Two inquiries of a member: "입금 확인 문의" and then "두 번째 문의". */
  const twoInquiries = async (token: string) => {
    for (const title of ["입금 확인 문의", "두 번째 문의"]) {
      const r = await s.call("POST", "/api/cs/inquiry", { token, body: { title, content: "내용" } });
      expect(r.code).toBe(200);
    }
  };

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
    // The seeded notices (made at start-up) are newer than these.
    const seeded = (await s.call("GET", "/api/cs/notify/1")).data.list.map((x: any) => x.title) as string[];
    const base = Date.parse("2026-01-01T00:00:00Z");
    const added: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      added.push(await insertBoard(s.ctx.db, { type: "notice", title: `공지 ${i}`, content: "<p>본문</p>", state: "1", created_at: at }));
    }
    const p1 = await s.call("GET", "/api/cs/notify/1");
    const p2 = await s.call("GET", "/api/cs/notify/2");
    const p3 = await s.call("GET", "/api/cs/notify/3");
    const all = [...seeded, ...Array.from({ length: 12 }, (_, i) => `공지 ${12 - i}`)];
    expect(all.length).toBeLessThanOrEqual(20);
    expect([p1.data.count, p2.data.count, p3.data.count]).toEqual([all.length, all.length, all.length]);
    // The seeded notices are the newest; then 12, 11, ...
    expect(p1.data.list.map((x: any) => x.title)).toEqual(all.slice(0, 10));
    expect(p2.data.list.map((x: any) => x.title)).toEqual(all.slice(10));
    expect(p3.data.list).toEqual([]);
    // Gone again, so the notice counts other tests see are the seeded ones.
    for (const id of added) expect(await deleteBoard(s.ctx.db, id)).toBe(true);
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
    for (const [method, path] of [
      ["GET", "/api/cs/inquiry/1"],
      ["POST", "/api/cs/inquiry"],
      ["PUT", "/api/cs/inquiry"],
      ["DELETE", "/api/cs/inquiry/1"],
    ]) {
      const r = await s.call(method, path, { body: method === "POST" || method === "PUT" ? { title: "t", content: "c" } : undefined });
      expect([r.status, r.code], `${method} ${path}`).toEqual([401, 401]);
      const marker = await s.call(method, path, { token: t1, marker: "operation" });
      expect(marker.code).toBe(401);
    }
  });

  it("creates an inquiry: trimmed, otherwise stored exactly as typed, operators notified", async () => {
    const pushed: Notification[] = [];
    const off = s.ctx.notifier.on((n) => pushed.push(n));
    const r = await s.call("POST", "/api/cs/inquiry", {
      token: t1,
      body: {
        title: "  입금 확인 문의  ",
        content: "어제 입금했습니다.\n확인 부탁드립니다.\r\n<script>alert(1)</script><img src=x onerror=alert(1)>",
      },
    });
    off();
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ title: "입금 확인 문의", state: "1", reply: null });
    // Stored as typed; sent escaped as HTML (line breaks as <br>), so it shows as typed and nothing runs.
    expect(r.data.content).toBe(
      "어제 입금했습니다.<br>확인 부탁드립니다.<br>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
    );
    const typed = await s.call("POST", "/api/cs/inquiry", {
      token: t1,
      body: { title: "a<b, c>d 문의", content: "a<b, c>d & <img src=x onerror=alert(1)>" },
    });
    const stored = (await s.call("GET", "/api/cs/inquiry/1", { token: t1 })).data.list.find((q: { id: number }) => q.id === typed.data.id);
    expect(stored).toMatchObject({ title: "ad 문의", content: "a&lt;b, c&gt;d &amp; &lt;img src=x onerror=alert(1)&gt;" });
    const row = await s.ctx.db.selectFrom("boards").select("content").where("id", "=", typed.data.id).executeTakeFirstOrThrow();
    expect(row.content).toBe("a<b, c>d & <img src=x onerror=alert(1)>");
    // One operator notification, stored (it has an id) and pushed, pointing at the inquiry.
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ category: "문의", type: "inquiry", ref_id: r.data.id });
    expect(pushed[0].message).toContain("입금 확인 문의");
    expect(pushed[0].id).toBeGreaterThan(0);
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
    const big = await s.call("POST", "/api/cs/inquiry", {
      token: t1,
      raw: JSON.stringify({ title: "제목", content: "가".repeat(300_000) }),
    });
    expect(big.code).toBe(400);
  });

  it("lists only the member's own inquiries", async () => {
    const [mineToken, theirToken] = [await newMember(), await newMember()];
    await twoInquiries(mineToken);
    const faqBefore = (await s.call("GET", "/api/cs/faq/1")).data.count;
    const mine = await s.call("GET", "/api/cs/inquiry/1", { token: mineToken });
    expect(mine.code).toBe(200);
    expect(mine.data.count).toBe(2);
    expect(mine.data.list.map((x: any) => x.title)).toEqual(["두 번째 문의", "입금 확인 문의"]);
    expect(Object.keys(mine.data.list[0])).toEqual(expect.arrayContaining(["id", "title", "content", "createdAt", "state", "reply"]));
    const theirs = await s.call("GET", "/api/cs/inquiry/1", { token: theirToken });
    expect(theirs.data).toEqual({ list: [], count: 0 });
    // Notices and FAQ do not include inquiries.
    expect((await s.call("GET", "/api/cs/faq/1")).data.count).toBe(faqBefore);
  });

  it("turns the earlier escaped storage back into the typed text (migration)", () => {
    expect(unescapeStoredInquiry("첫 줄<br>a&lt;b,&gt;d &amp;lt; &quot;q&quot; &#x27;s&#39;<br/>끝")).toBe(
      "첫 줄\na<b,>d &lt; \"q\" 's'\n끝",
    );
  });

  it("edits an own waiting inquiry only", async () => {
    const me = await newMember();
    await twoInquiries(me);
    const [second, first] = (await s.call("GET", "/api/cs/inquiry/1", { token: me })).data.list;
    const r = await s.call("PUT", "/api/cs/inquiry", {
      token: me,
      body: { id: second.id, title: " 수정한 제목 ", content: "첫 줄\n둘째 줄" },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ title: "수정한 제목", content: "첫 줄<br>둘째 줄" });
    const other = await s.call("PUT", "/api/cs/inquiry", { token: t2, body: { id: second.id, title: "남의 글", content: "수정" } });
    expect([other.status, other.code, other.message]).toEqual([404, 404, Msg.notFound]);
    const notice = (await s.call("GET", "/api/cs/notify/1")).data.list[0];
    const noticeEdit = await s.call("PUT", "/api/cs/inquiry", { token: me, body: { id: notice.id, title: "공지 변조", content: "x" } });
    expect(noticeEdit.code).toBe(404);
    const blank = await s.call("PUT", "/api/cs/inquiry", { token: me, body: { id: second.id, title: "", content: "x" } });
    expect([blank.code, blank.message]).toEqual([400, Msg.inquiryBlank]);
    const badId = await s.call("PUT", "/api/cs/inquiry", { token: me, body: { id: "x", title: "a", content: "b" } });
    expect(badId.code).toBe(400);

    // Answered ('3'): the reply shows, editing is refused.
    expect(await answerInquiry(s.ctx.db, first.id, "<p>확인되었습니다.</p>", ANSWERED)).toBe(true);
    const answered = await s.call("PUT", "/api/cs/inquiry", { token: me, body: { id: first.id, title: "바꾸기", content: "바꾸기" } });
    expect([answered.status, answered.code, answered.message]).toEqual([400, 400, Msg.inquiryAnswered]);
    const listed = (await s.call("GET", "/api/cs/inquiry/1", { token: me })).data.list.find((x: any) => x.id === first.id);
    expect(listed).toMatchObject({ state: "3", reply: "<p>확인되었습니다.</p>", title: "입금 확인 문의" });
  });

  it("deletes own inquiries (answered too), not others'", async () => {
    const me = await newMember();
    await twoInquiries(me);
    const notices = (await s.call("GET", "/api/cs/notify/1")).data.count;
    const list = (await s.call("GET", "/api/cs/inquiry/1", { token: me })).data.list;
    expect(await answerInquiry(s.ctx.db, list[1].id, "<p>답변</p>", ANSWERED)).toBe(true);
    const theirs = await s.call("DELETE", `/api/cs/inquiry/${list[0].id}`, { token: t2 });
    expect([theirs.status, theirs.code]).toEqual([404, 404]);
    const notice = (await s.call("GET", "/api/cs/notify/1")).data.list[0];
    expect((await s.call("DELETE", `/api/cs/inquiry/${notice.id}`, { token: me })).code).toBe(404);
    for (const id of ["abc", "0", "-3", "99999999999999999999"]) {
      const r = await s.call("DELETE", `/api/cs/inquiry/${id}`, { token: me });
      expect([r.status, r.code], id).toEqual([400, 400]);
    }
    for (const item of list) {
      const r = await s.call("DELETE", `/api/cs/inquiry/${item.id}`, { token: me });
      expect(r.code).toBe(200);
    }
    expect((await s.call("GET", "/api/cs/inquiry/1", { token: me })).data).toEqual({ list: [], count: 0 });
    expect((await s.call("DELETE", `/api/cs/inquiry/${list[0].id}`, { token: me })).code).toBe(404);
    expect((await s.call("GET", "/api/cs/notify/1")).data.count).toBe(notices);
  });
});
