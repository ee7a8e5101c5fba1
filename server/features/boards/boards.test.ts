import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { createMember } from "../members/members.service";
import { Msg } from "../../../domain/messages";
import { OperatorPermission, type OperatorFlags } from "../../../domain/constants";

/** Payloads that must not survive in anything the API answers. */
const XSS = [
  "<script>alert('xss')</script>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">링크</a>',
  '<a href=" jav&#x09;ascript:alert(1)">탭</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<style>*{display:none}</style><p style="color:red;background:url(javascript:alert(1))">스타일</p>',
  '<iframe src="https://evil.test"></iframe>',
  '<p onmouseover="alert(1)">이벤트</p>',
];
const HOSTILE = XSS.join("");
/** What no tag in the answers may be or carry (case-insensitive). Escaped text (`&lt;img …&gt;`) is no tag and runs nowhere. */
const FORBIDDEN = [/^<\/?(script|svg|style|iframe|img)\b/i, /\son\w+\s*=/i, /javascript:/i, /\sstyle\s*=/i];
function assertClean(where: string, value: unknown) {
  const text = (JSON.stringify(value) ?? "").replace(/\\"/g, '"');
  for (const tag of text.match(/<[a-z/!][^>]*>/gi) ?? [])
    for (const re of FORBIDDEN) expect(re.test(tag), `${where} has ${tag}`).toBe(false);
  // Outside tags too: no raw "<script" or "javascript:" href can hide in text that is not escaped.
  expect(/<script/i.test(text), `${where} contains <script`).toBe(false);
}

describe("back-office boards and policies", () => {
  let s: TestStack;
  let admin: string;
  let seq = 0;
  const as = (token: string) => (method: string, path: string, body?: unknown) =>
    s.call(method, path, { token, marker: "operation", body });
  const sub = async (flags: OperatorFlags, permission: number = OperatorPermission.SUB) => {
    const id = await insertOperator(s.ctx, `boardop${++seq}`, permission, flags);
    return (await s.ctx.sessions.issue("operation", `a:${id}`)).accessToken;
  };
  const newMember = async () => {
    const phonenumber = `0107400${String(++seq).padStart(4, "0")}`;
    await createMember(s.ctx, { phonenumber, username: "게시판회원", password: "123456" });
    return s.loginUser(phonenumber, "123456");
  };

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("creates a notice (rich text kept, title counted), shows it to members, edits and deletes it, each change in the audit log", async () => {
    const op = as(admin);
    const content = '<p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <a href="https://example.com">링크</a></p><ul><li>하나</li></ul>';
    const made = await op("POST", "/api/board", { type: "notice", content: { title: "점검 안내 (12/1) - 필독!", content } });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ title: "점검 안내 (12/1) - 필독!", type: "notice", state: "1" });
    expect(made.data.content).toBe(
      content.replace('href="https://example.com"', 'href="https://example.com" rel="noopener noreferrer" target="_blank"'),
    );
    const id = made.data.id;
    const pub = await s.call("GET", "/api/cs/notify/1");
    expect(pub.data.list[0]).toMatchObject({ id, title: "점검 안내 (12/1) - 필독!", content: made.data.content });

    const detail = await op("POST", "/api/board/detail", { id, type: "notice" });
    expect(detail.data).toMatchObject({ id, title: made.data.title, content: made.data.content });
    expect((await op("POST", "/api/board/detail", { id, type: "faq" })).code).toBe(404);

    const edited = await op("PUT", "/api/board/update", {
      id,
      type: "notice",
      content: { title: "점검 안내(변경)", content: "<p>변경</p>" },
      exist: true,
    });
    expect(edited.data).toMatchObject({ title: "점검 안내(변경)", content: "<p>변경</p>" });
    expect((await op("PUT", "/api/board/update", { id: 999999, type: "notice", content: { title: "x", content: "y" } })).code).toBe(404);

    expect((await op("POST", "/api/board/delete", { id, type: "faq" })).code).toBe(404);
    expect((await op("POST", "/api/board/delete", { id, type: "notice" })).code).toBe(200);
    expect((await op("POST", "/api/board/detail", { id, type: "notice" })).code).toBe(404);
    expect((await op("POST", "/api/board/delete", { id, type: "notice" })).code).toBe(404);

    const log = await op("GET", "/api/operation/actions?perPage=100");
    const mine = log.data.list.filter((a: { targetId: string }) => a.targetId === String(id)).map((a: { action: string }) => a.action);
    expect(mine.sort()).toEqual(["board.create", "board.delete", "board.update"]);
  });

  it("refuses bad input with the spec's messages", async () => {
    const op = as(admin);
    const post = (body: unknown) => op("POST", "/api/board", body);
    expect(await post({ type: "notice", content: { title: "", content: "<p>x</p>" } })).toMatchObject({ code: 400, message: Msg.required });
    expect(await post({ type: "notice", content: { title: "   ", content: "<p>x</p>" } })).toMatchObject({
      code: 400,
      message: Msg.required,
    });
    expect(await post({ type: "notice", content: { content: "<p>x</p>" } })).toMatchObject({ code: 400, message: Msg.required });
    expect(await post({ type: "notice", content: { title: "가".repeat(51), content: "x" } })).toMatchObject({
      code: 400,
      message: Msg.boardTitleMax,
    });
    expect((await post({ type: "notice", content: { title: "가".repeat(50), content: "x" } })).code).toBe(200);
    // Content that is only markup (or what the sanitiser removes) is no content, as the form says.
    for (const content of ["", "<p></p>", "<p>&nbsp; </p>", "<script>alert(1)</script>"]) {
      expect(await post({ type: "notice", content: { title: "공지", content } })).toMatchObject({
        code: 400,
        message: Msg.boardContentRequired,
      });
    }
    // A title that is only markup is blank.
    expect(await post({ type: "notice", content: { title: "<script>x</script>", content: "x" } })).toMatchObject({
      code: 400,
      message: Msg.required,
    });
    expect(await post({ type: "inquiry", content: { title: "문의", content: "x" } })).toMatchObject({
      code: 400,
      message: Msg.boardNoInquiryCreate,
    });
    expect((await post({ type: "nope", content: { title: "x", content: "x" } })).code).toBe(400);
    expect(await post({ type: "event", content: { title: "이벤트", content: "x" } })).toMatchObject({
      code: 400,
      message: Msg.boardEventDates,
    });
    expect(
      await post({ type: "event", content: { title: "이벤트", content: "x", startAt: "2026-12-10", endAt: "2026-12-01" } }),
    ).toMatchObject({ code: 400, message: Msg.boardEventDates });
    expect(await post({ type: "notice", content: { title: "공지", content: "x", startAt: "2026-12-10" } })).toMatchObject({
      code: 400,
      message: Msg.boardEventDates,
    });
    const ev = await post({
      type: "event",
      content: { title: "연말 이벤트", content: "<p>참여</p>", startAt: "2026-12-01", endAt: "2026-12-31" },
    });
    expect(ev.data).toMatchObject({ startAt: "2026-12-01", endAt: "2026-12-31" });
    expect((await op("POST", "/api/board/detail", { id: ev.data.id, type: "event" })).data).toMatchObject({
      startAt: "2026-12-01",
      endAt: "2026-12-31",
      title: "연말 이벤트",
    });
    // Members read events in the customer center, with their period.
    const pub = await s.call("GET", "/api/cs/event/1");
    expect(pub.data.list[0]).toEqual({
      id: ev.data.id,
      title: "연말 이벤트",
      content: "<p>참여</p>",
      createdAt: ev.data.createdAt,
      startAt: "2026-12-01",
      endAt: "2026-12-31",
    });
    expect((await op("POST", "/api/board", { type: "notice", content: { title: "x", content: "y" }, extra: 1 })).code).toBe(400);
    expect((await op("POST", "/api/board/detail", { id: "1", type: "notice" })).code).toBe(400);
  });

  it("lists 7 a page, newest first, sizes 7/10/25/50/100, inquiries with the writer and state", async () => {
    const op = as(admin);
    for (let i = 0; i < 8; i++)
      expect((await op("POST", "/api/board", { type: "faq", content: { title: `질문 ${i}`, content: "<p>답</p>" } })).code).toBe(200);
    const p1 = await op("GET", "/api/board/faq");
    expect(p1.data.perPage).toBe(7);
    expect(p1.data.list).toHaveLength(7);
    expect(p1.data.total).toBeGreaterThanOrEqual(11);
    const dates = p1.data.list.map((r: { createdAt: string }) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(p1.data.list[0].title).toBe("질문 7");
    expect((await op("GET", "/api/board/faq?perPage=10&page=2")).data.list).toHaveLength(Math.min(10, p1.data.total - 10));
    expect((await op("GET", "/api/board/faq?perPage=8")).code).toBe(400);
    expect((await op("GET", "/api/board/faq?sortBy=title")).code).toBe(400);
    expect((await op("GET", "/api/board/board")).code).toBe(400);

    const member = await newMember();
    expect((await s.call("POST", "/api/cs/inquiry", { token: member, body: { title: "입금 문의", content: "첫 줄\n둘째 줄" } })).code).toBe(
      200,
    );
    const inq = await op("GET", "/api/board/inquiry");
    expect(inq.data.list[0]).toMatchObject({ title: "입금 문의", username: "게시판회원", state: "1" });
  });

  it("answers an inquiry: '1' becomes '3', the member sees the reply and can no longer edit; races are refused", async () => {
    const op = as(admin);
    const member = await newMember();
    const made = await s.call("POST", "/api/cs/inquiry", {
      token: member,
      body: { title: "환불 문의", content: "<b>환불</b>\n부탁드립니다" },
    });
    const id = made.data.id;
    // A new inquiry is a '문의' notification, naming the inquiry (the back-office opens it from there).
    const notes = await op("POST", "/api/notify/all", { tablehandler: { page: 1, perPage: 10 } });
    expect(notes.data.list[0]).toMatchObject({ category: "문의", type: "inquiry", ref_id: id });
    expect(notes.data.list[0].message).toContain("환불 문의");

    const detail = await op("POST", "/api/board/detail", { id, type: "inquiry" });
    expect(detail.data).toMatchObject({
      id,
      state: "1",
      username: "게시판회원",
      answer: null,
      content: "&lt;b&gt;환불&lt;/b&gt;<br>부탁드립니다",
    });
    const answer = (html: string, exist: boolean) =>
      op("PUT", "/api/board/update", { id, type: "inquiry", content: { answer: html }, exist });
    expect(await answer("   ", false)).toMatchObject({ code: 400, message: Msg.answerRequired });
    expect(await answer("<p>x</p>", true)).toMatchObject({ code: 409, message: Msg.answerChanged });
    const first = await answer("<p><strong>확인</strong>했습니다</p>", false);
    expect(first.data).toMatchObject({ state: "3", answer: "<p><strong>확인</strong>했습니다</p>" });
    expect(await answer("<p>다른 관리자</p>", false)).toMatchObject({ code: 409, message: Msg.answerChanged });
    expect((await answer("<p>수정된 답변</p>", true)).data).toMatchObject({ state: "3", answer: "<p>수정된 답변</p>" });

    const mine = await s.call("GET", "/api/cs/inquiry/1", { token: member });
    expect(mine.data.list[0]).toMatchObject({ id, state: "3", reply: "<p>수정된 답변</p>" });
    expect(await s.call("PUT", "/api/cs/inquiry", { token: member, body: { id, title: "바꿈", content: "바꿈" } })).toMatchObject({
      code: 400,
      message: Msg.inquiryAnswered,
    });
    const log = await op("GET", "/api/operation/actions?perPage=100");
    const acts = log.data.list.filter(
      (a: { targetType: string; targetId: string }) => a.targetType === "board.inquiry" && a.targetId === String(id),
    );
    expect(acts.map((a: { action: string }) => a.action).sort()).toEqual(["board.answer", "board.answer.edit"]);
  });

  it("checks each board's own flag, and refuses shop owners, members and callers without a token", async () => {
    const faqOnly = as(await sub({ isBoard2: true }));
    expect((await faqOnly("GET", "/api/board/faq")).code).toBe(200);
    expect((await faqOnly("GET", "/api/board/notice")).code).toBe(403);
    expect((await faqOnly("POST", "/api/board", { type: "notice", content: { title: "x", content: "y" } })).code).toBe(403);
    expect((await faqOnly("POST", "/api/board", { type: "faq", content: { title: "x", content: "y" } })).code).toBe(200);
    expect((await faqOnly("PUT", "/api/board/update", { id: 1, type: "inquiry", content: { answer: "x" }, exist: false })).code).toBe(403);
    expect((await faqOnly("POST", "/api/board/delete", { id: 1, type: "notice" })).code).toBe(403);
    const notice = as(await sub({ isNotice1: true }));
    expect((await notice("GET", "/api/board/notice")).code).toBe(200);
    expect((await notice("POST", "/api/board/detail", { id: 1, type: "faq" })).code).toBe(403);
    const event = as(await sub({ isBoard3: true }));
    expect((await event("GET", "/api/board/event")).code).toBe(200);
    expect((await event("GET", "/api/board/inquiry")).code).toBe(403);
    const inquiry = as(await sub({ isBoard1: true }));
    expect((await inquiry("GET", "/api/board/inquiry")).code).toBe(200);
    const accounts = as(await sub({ isAccount1: true }));
    expect((await accounts("GET", "/api/board/faq")).code).toBe(403);
    expect((await accounts("GET", "/api/policy")).code).toBe(403);
    const shop = as(
      await sub(
        { isBoard1: true, isBoard2: true, isBoard3: true, isBoard4: true, isBoard5: true, isNotice1: true },
        OperatorPermission.EXCHANGER,
      ),
    );
    expect((await shop("GET", "/api/board/faq")).code).toBe(403);
    expect((await shop("PUT", "/api/policy", { id: 1, policy: "<p>x</p>" })).code).toBe(403);
    const member = await s.loginUser("01011112222", "111111");
    expect((await s.call("GET", "/api/board/notice", { token: member })).code).toBe(401);
    expect(
      (await s.call("POST", "/api/board", { token: member, body: { type: "notice", content: { title: "x", content: "y" } } })).code,
    ).toBe(401);
    expect((await s.call("PUT", "/api/policy", { body: { id: 1, policy: "x" } })).code).toBe(401);
  });

  it("policies: lists, creates, edits by flag; the public page shows the new text at once", async () => {
    const op = as(admin);
    const all = await op("GET", "/api/policy");
    expect(all.data.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
    expect(await op("POST", "/api/policy", { id: 3, policy: "<p>x</p>" })).toMatchObject({ code: 400, message: Msg.policyExists });
    const put = await op("PUT", "/api/policy", { id: 3, policy: "<h2>상품권 이용약관</h2><p>개정 <strong>2026-12</strong></p>" });
    expect(put.data).toMatchObject({ id: 3, content: "<h2>상품권 이용약관</h2><p>개정 <strong>2026-12</strong></p>" });
    expect((await s.call("GET", "/api/policy/3")).data.content).toBe(put.data.content);
    expect(await op("PUT", "/api/policy", { id: 4, policy: "x" })).toMatchObject({ code: 400 });
    expect(await op("PUT", "/api/policy", { id: 1, policy: "  " })).toMatchObject({ code: 400, message: Msg.required });
    expect(await op("PUT", "/api/policy", { id: 1, policy: "<script>x</script>" })).toMatchObject({ code: 400, message: Msg.required });

    const privacy = as(await sub({ isBoard5: true }));
    expect((await privacy("GET", "/api/policy")).data.map((p: { id: number }) => p.id)).toEqual([2]);
    expect((await privacy("PUT", "/api/policy", { id: 2, policy: "<p>개인정보 개정</p>" })).code).toBe(200);
    expect((await privacy("PUT", "/api/policy", { id: 1, policy: "<p>약관</p>" })).code).toBe(403);
    const terms = as(await sub({ isBoard4: true }));
    expect((await terms("PUT", "/api/policy", { id: 1, policy: "<p>약관 개정</p>" })).code).toBe(200);
    expect((await terms("PUT", "/api/policy", { id: 2, policy: "<p>x</p>" })).code).toBe(403);

    await s.ctx.db.deleteFrom("policies").where("id", "=", 2).execute();
    expect(await op("PUT", "/api/policy", { id: 2, policy: "<p>x</p>" })).toMatchObject({ code: 404, message: Msg.policyNone });
    expect((await op("POST", "/api/policy", { id: 2, policy: "<p>새 방침</p>" })).data).toMatchObject({ id: 2, content: "<p>새 방침</p>" });
    const log = await op("GET", "/api/operation/actions?perPage=100");
    const acts = log.data.list
      .filter((a: { targetType: string }) => a.targetType === "policy")
      .map((a: { action: string; targetId: string }) => `${a.action}:${a.targetId}`);
    expect(acts.sort()).toEqual(["policy.create:2", "policy.update:1", "policy.update:2", "policy.update:3"]);
  });

  it("stored XSS: no payload survives in any field operators or members write", async () => {
    const op = as(admin);
    const outputs: [string, unknown][] = [];
    for (const type of ["notice", "faq", "event"] as const) {
      const dates = type === "event" ? { startAt: "2026-12-01", endAt: "2026-12-02" } : {};
      const made = await op("POST", "/api/board", { type, content: { title: "제목", content: `<p>본문</p>${HOSTILE}`, ...dates } });
      expect(made.code, type).toBe(200);
      outputs.push([`${type} create`, made.data]);
      // Titles hold at most 50 characters: each payload that fits goes in on its own, on create and on edit.
      for (const x of XSS.filter((p) => p.length <= 45)) {
        const t = await op("POST", "/api/board", { type, content: { title: `제목 ${x}`, content: "<p>x</p>", ...dates } });
        expect(t.code, `${type} title ${x}`).toBe(200);
        outputs.push([`${type} title ${x}`, t.data]);
        const e = await op("PUT", "/api/board/update", {
          id: made.data.id,
          type,
          content: { title: `수정 ${x}`, content: `${HOSTILE}<p>ok</p>`, ...dates },
          exist: true,
        });
        expect(e.code).toBe(200);
        outputs.push([`${type} update ${x}`, e.data]);
      }
      outputs.push([`${type} detail`, (await op("POST", "/api/board/detail", { id: made.data.id, type })).data]);
      outputs.push([`${type} list`, (await op("GET", `/api/board/${type}`)).data]);
    }
    outputs.push(["public notices", (await s.call("GET", "/api/cs/notify/1")).data]);
    outputs.push(["public faq", (await s.call("GET", "/api/cs/faq/1")).data]);
    outputs.push(["public events", (await s.call("GET", "/api/cs/event/1")).data]);

    const member = await newMember();
    const inq = await s.call("POST", "/api/cs/inquiry", {
      token: member,
      body: { title: `문의 ${HOSTILE}`.slice(0, 100), content: HOSTILE },
    });
    expect(inq.code).toBe(200);
    outputs.push(["member inquiry create", inq.data]);
    const upd = await s.call("PUT", "/api/cs/inquiry", {
      token: member,
      body: { id: inq.data.id, title: `<svg onload=alert(1)>수정`, content: HOSTILE },
    });
    outputs.push(["member inquiry update", upd.data]);
    const ans = await op("PUT", "/api/board/update", {
      id: inq.data.id,
      type: "inquiry",
      content: { answer: `<p>답변</p>${HOSTILE}` },
      exist: false,
    });
    expect(ans.code).toBe(200);
    outputs.push(["answer", ans.data]);
    outputs.push(["member inquiries", (await s.call("GET", "/api/cs/inquiry/1", { token: member })).data]);
    outputs.push(["operator inquiries", (await op("GET", "/api/board/inquiry")).data]);
    outputs.push(["notifications", (await op("POST", "/api/notify/all", { tablehandler: { page: 1, perPage: 10 } })).data]);

    for (const id of [1, 2, 3]) {
      const p = await op("PUT", "/api/policy", { id, policy: `<h2>정책</h2>${HOSTILE}` });
      expect(p.code).toBe(200);
      outputs.push([`policy ${id}`, p.data]);
      outputs.push([`public policy ${id}`, (await s.call("GET", `/api/policy/${id}`)).data]);
    }
    outputs.push(["policies", (await op("GET", "/api/policy")).data]);
    for (const [where, v] of outputs) assertClean(where, v);
    // The harmless parts are kept: text, and the link without its javascript: target.
    expect(JSON.stringify(outputs)).toContain("<p>ok</p>");
    expect(JSON.stringify(outputs)).toContain('<a rel=\\"noopener noreferrer\\" target=\\"_blank\\">링크</a>');
  });
});
