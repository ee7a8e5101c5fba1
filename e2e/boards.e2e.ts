import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { insertBoard } from "../server/features/boards/boards.repo";
import { savePolicy } from "../server/features/policies/policies.repo";

/** Hostile HTML: each would open a dialog (alert) if it ran. */
const XSS = [
  "<script>alert('script')</script>",
  "<img src=x onerror=\"alert('img')\">",
  "<a href=\"javascript:alert('link')\">위험한 링크</a>",
  '<svg onload="alert(\'svg\')"><circle r="1"/></svg>',
  "<style>body{display:none}</style><p style=\"background:url(javascript:alert('style'))\">스타일</p>",
  "<iframe src=\"javascript:alert('iframe')\"></iframe>",
  "<p onmouseover=\"alert('hover')\" onclick=\"alert('click')\">마우스</p>",
  "<details open ontoggle=\"alert('toggle')\"><summary>s</summary></details>",
].join("");

/**
 * The content loop between the two apps in Chromium (issue 12): an operator writes with the rich-text
 * editor and answers inquiries, the member app shows it formatted; hostile HTML fires no dialog anywhere.
 */
describe("boards and policies in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  const { newPage, adminPage } = suite;
  const memberPage = () => suite.memberPage({ phone: "01011112222", password: "111111" });

  it("an operator publishes a notice with bold and a link; the member sees it formatted", async () => {
    const admin = await adminPage();
    await admin.goto(`${s.url}/admin/board/notice`);
    await admin.getByTestId("board-table").waitFor();
    await admin.getByTestId("board-write").click();
    // The title is required, with the spec's message.
    await admin.getByTestId("board-form-submit").click();
    await expect.poll(() => admin.getByTestId("board-form-title-error").textContent()).toBe("필수 입력 항목입니다.");
    await admin.getByTestId("board-form-title").fill("브라우저 공지 (서식)");
    expect(await admin.getByTestId("board-form-title-count").textContent()).toBe("12/50");
    const editor = admin.locator('[data-testid="board-form-editor-content"] .ProseMirror');
    await editor.click();
    await admin.keyboard.type("일반 ");
    await admin.getByTestId("board-form-editor-bold").click();
    await admin.keyboard.type("굵은 글씨");
    await admin.getByTestId("board-form-editor-bold").click();
    await admin.keyboard.type(" 안내 링크");
    for (let i = 0; i < 2; i++) await admin.keyboard.press("Shift+ArrowLeft");
    admin.once("dialog", (d) => void d.accept("https://example.com/notice"));
    await admin.getByTestId("board-form-editor-link").click();
    await admin.getByTestId("board-form-submit").click();
    await admin.getByTestId("board-form-confirm-ok").click();
    await admin.getByTestId("board-table").getByText("브라우저 공지 (서식)").waitFor();
    await shot(admin, "boards-admin-notice-list");

    const member = await newPage();
    await member.goto(`${s.url}/cs/notify`);
    await member.getByTestId("notice-row").filter({ hasText: "브라우저 공지 (서식)" }).click();
    const detail = member.getByTestId("notice-detail");
    await detail.waitFor();
    expect(await detail.locator("strong").first().textContent()).toBe("굵은 글씨");
    const link = detail.locator('a[href="https://example.com/notice"]');
    expect(await link.textContent()).toBe("링크");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await link.getAttribute("target")).toBe("_blank");
    await shot(member, "boards-member-notice");
  });

  // After the edit's confirm closes, the detail it was made from stays open with the new title (it once closed itself
  // when focus went back to the page: DetailDialog ignores focus landing outside it).
  it("an operator publishes an event with its period, edits and deletes a notice; the member app follows", async () => {
    const admin = await adminPage();
    await admin.goto(`${s.url}/admin/board/event`);
    await admin.getByTestId("board-write").click();
    await admin.getByTestId("board-form-title").fill("브라우저 이벤트");
    await admin.locator('[data-testid="board-form-editor-content"] .ProseMirror').click();
    await admin.keyboard.type("참여하세요");
    await admin.getByTestId("board-form-submit").click();
    await expect.poll(() => admin.getByTestId("board-form").textContent()).toContain("이벤트 시작일과 종료일을 확인해 주세요.");
    await admin.getByTestId("board-form-start").fill("2026-12-01");
    await admin.getByTestId("board-form-end").fill("2026-12-24");
    await admin.getByTestId("board-form-submit").click();
    await admin.getByTestId("board-form-confirm-ok").click();
    await admin.getByTestId("board-table").getByText("2026-12-01 ~ 2026-12-24").waitFor();

    await admin.goto(`${s.url}/admin/board/notice`);
    await admin.getByTestId("board-table").getByText("시스템 점검 안내").click();
    await admin.getByTestId("board-detail-edit").click();
    await admin.getByTestId("board-form-title").fill("시스템 점검 안내 (변경)");
    await admin.getByTestId("board-form-submit").click();
    expect(await admin.getByTestId("board-form-confirm-message").textContent()).toBe("수정하시겠습니까?");
    await admin.getByTestId("board-form-confirm-ok").click();
    await expect.poll(() => admin.getByTestId("board-detail-title").textContent()).toBe("시스템 점검 안내 (변경)");
    await admin.getByTestId("board-detail-delete").click();
    await admin.getByTestId("board-delete-confirm-ok").click();
    await admin.getByTestId("board-detail").waitFor({ state: "detached" });
    await expect.poll(() => admin.getByTestId("board-table").textContent()).not.toContain("시스템 점검 안내");

    const member = await newPage();
    await member.goto(`${s.url}/cs/event`);
    await member.getByTestId("event-row").filter({ hasText: "브라우저 이벤트" }).getByText("기간 2026-12-01 ~ 2026-12-24").waitFor();
    await member.goto(`${s.url}/cs/notify`);
    await member.getByTestId("notice-row").first().waitFor();
    expect(await member.getByTestId("notice-list").textContent()).not.toContain("시스템 점검 안내");
  });

  it("a member's inquiry reaches the operator as a notification; the answer shows to the member, who can no longer edit", async () => {
    const admin = await adminPage();
    const member = await memberPage();
    await member.goto(`${s.url}/cs/inquiry`);
    await member.getByTestId("inquiry-new").click();
    await member.getByTestId("inquiry-title").fill("브라우저 문의");
    await member.getByTestId("inquiry-content").fill("첫 줄 <b>태그</b>\n둘째 줄");
    await member.getByTestId("inquiry-submit").click();
    await member.getByTestId("inquiry-submit-dialog-ok").click();
    await member.getByTestId("inquiry-list").getByText("브라우저 문의").waitFor();

    // The operator (already on a page) gets the '문의' push and follows it to the inquiry, open on the inquiry board.
    await admin.getByTestId("admin-notify-dialog").waitFor();
    expect(await admin.getByTestId("admin-notify-kind").textContent()).toBe("문의");
    await admin.getByTestId("admin-notify-link").click();
    await admin.waitForURL(/\/admin\/board\/inquiry\?post=\d+$/);
    await admin.getByTestId("board-detail").waitFor();
    await expect.poll(() => admin.getByTestId("board-detail-title").textContent()).toBe("브라우저 문의");
    expect(await admin.getByTestId("board-detail-content").innerHTML()).toContain("&lt;b&gt;태그&lt;/b&gt;<br>둘째 줄");
    await admin.getByTestId("inquiry-tab-answer").click();
    expect(await admin.getByTestId("inquiry-answer-submit").textContent()).toBe("작성 완료");
    await admin.locator('[data-testid="inquiry-answer-editor-content"] .ProseMirror').click();
    await admin.keyboard.type("확인했습니다. 감사합니다.");
    await admin.getByTestId("inquiry-answer-submit").click();
    expect(await admin.getByTestId("inquiry-answer-confirm-message").textContent()).toBe("답변을 작성하시겠습니까?");
    await admin.getByTestId("inquiry-answer-confirm-ok").click();
    await expect.poll(() => admin.getByTestId("inquiry-answer-submit").textContent()).toBe("수정 완료");
    await shot(admin, "boards-admin-answer");

    await member.reload();
    await member.getByTestId("inquiry-row").filter({ hasText: "브라우저 문의" }).click();
    await member.getByTestId("inquiry-reply").getByText("확인했습니다. 감사합니다.").waitFor();
    expect(await member.getByTestId("inquiry-status").first().getAttribute("data-answered")).toBe("true");
    expect(await member.getByTestId("inquiry-edit").count()).toBe(0);
    expect(await member.getByTestId("inquiry-detail-content").textContent()).toContain("첫 줄 <b>태그</b>");
    await shot(member, "boards-member-answer");
  });

  it("an operator edits the voucher terms and /policy/giftcard shows them", async () => {
    const admin = await adminPage();
    await admin.goto(`${s.url}/admin/policy/giftcard`);
    await admin.getByTestId("policy-content").waitFor();
    await admin.getByTestId("policy-edit").click();
    const editor = admin.locator('[data-testid="policy-editor-content"] .ProseMirror');
    await editor.click();
    await admin.keyboard.press("Control+a");
    await admin.keyboard.type("개정된 상품권 이용약관 제1조");
    await admin.getByTestId("policy-save").click();
    await admin.getByTestId("policy-confirm-ok").click();
    await admin.getByTestId("policy-content").getByText("개정된 상품권 이용약관 제1조").waitFor();

    const member = await newPage();
    await member.goto(`${s.url}/policy/giftcard`);
    await member.getByTestId("policy-content").getByText("개정된 상품권 이용약관 제1조").waitFor();
  });

  it("hostile HTML in every field fires no dialog in either app", async () => {
    const adminToken = await s.loginOperator("admin", "admin1234");
    const op = (method: string, path: string, body: unknown) => s.call(method, path, { token: adminToken, marker: "operation", body });
    // Through the API (sanitised on write)…
    for (const type of ["notice", "faq"] as const)
      expect((await op("POST", "/api/board", { type, content: { title: "XSS <img src=x onerror=alert(1)>", content: XSS } })).code).toBe(
        200,
      );
    expect(
      (
        await op("POST", "/api/board", {
          type: "event",
          content: { title: "XSS 이벤트", content: XSS, startAt: "2026-12-01", endAt: "2026-12-31" },
        })
      ).code,
    ).toBe(200);
    const memberToken = await s.loginUser("01011112222", "111111");
    const inq = await s.call("POST", "/api/cs/inquiry", { token: memberToken, body: { title: "XSS <svg onload=alert(1)>", content: XSS } });
    expect((await op("PUT", "/api/board/update", { id: inq.data.id, type: "inquiry", content: { answer: XSS }, exist: false })).code).toBe(
      200,
    );
    expect((await op("PUT", "/api/policy", { id: 1, policy: `<p>약관</p>${XSS}` })).code).toBe(200);
    // …and straight into the store, as if an older version had kept it raw: the renderers must hold on their own.
    await insertBoard(s.ctx.db, { type: "notice", title: "RAW 공지", content: `<p>원본</p>${XSS}`, state: "1" });
    await insertBoard(s.ctx.db, { type: "faq", title: "RAW FAQ", content: XSS, state: "1" });
    await savePolicy(s.ctx.db, 2, `<p>개인정보</p>${XSS}`);

    const dialogs: string[] = [];
    const watch = (p: Page) => p.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
    const visit = async (p: Page, path: string, testId: string) => {
      await p.goto(s.url + path);
      await p.getByTestId(testId).first().waitFor();
      await p.mouse.move(200, 300);
      await p.waitForTimeout(300);
    };

    const member = await memberPage();
    watch(member);
    await visit(member, "/cs/notify", "notice-row");
    for (const title of ["RAW 공지", "XSS"]) {
      await member.getByTestId("notice-row").filter({ hasText: title }).first().click();
      await member.getByTestId("notice-detail").waitFor();
      await member.getByTestId("notice-detail").hover();
      await member
        .locator('[data-testid="notice-detail"] p')
        .first()
        .click()
        .catch(() => undefined);
      await member.waitForTimeout(300);
      expect(await member.locator("[data-testid=notice-detail] a[href^='javascript']").count()).toBe(0);
      await member.getByTestId("notice-back").click();
    }
    await visit(member, "/cs/faq", "faq-row");
    await member.getByTestId("faq-row").filter({ hasText: "RAW FAQ" }).first().click();
    await member.waitForTimeout(300);
    await visit(member, "/cs/event", "event-row");
    await member.getByTestId("event-row").filter({ hasText: "XSS 이벤트" }).first().click();
    expect(await member.getByTestId("event-detail-date").textContent()).toBe("기간 2026-12-01 ~ 2026-12-31");
    await member.getByTestId("event-detail").hover();
    await member.waitForTimeout(300);
    await visit(member, "/cs/inquiry", "inquiry-row");
    await member.getByTestId("inquiry-row").first().click();
    await member.getByTestId("inquiry-reply").waitFor();
    await member.getByTestId("inquiry-reply").hover();
    await member.waitForTimeout(300);
    await visit(member, "/policy/clause", "policy-content");
    await visit(member, "/policy/personal", "policy-content");
    expect(
      await member
        .locator("script, iframe, svg, style:not([data-emotion])")
        .evaluateAll((els) => els.filter((e) => e.closest("[data-testid=policy-content]")).length),
    ).toBe(0);

    const admin = await adminPage();
    watch(admin);
    for (const type of ["notice", "faq", "event", "inquiry"]) {
      await visit(admin, `/admin/board/${type}`, "board-table");
      await admin.getByTestId("board-table").locator("tbody tr").first().click();
      await admin.getByTestId("board-detail").waitFor();
      await admin.getByTestId("board-detail-content").hover();
      await admin.waitForTimeout(300);
      if (type === "inquiry") {
        await admin.getByTestId("inquiry-tab-answer").click();
        await admin.getByTestId("inquiry-answer-editor").hover();
        await admin.waitForTimeout(300);
      }
    }
    for (const p of ["clause", "personal"]) await visit(admin, `/admin/policy/${p}`, "policy-content");
    await admin.getByTestId("policy-edit").click();
    await admin.getByTestId("policy-editor").hover();
    await admin.waitForTimeout(300);
    await shot(admin, "boards-admin-xss");
    expect(dialogs).toEqual([]);
  });
});
