import { describe, expect, it } from "vitest";
import { plainText, sanitizeRichText } from "./rich-text";

describe("rich text allow-list (server)", () => {
  it("keeps bold, italic, underline, lists, headings, paragraphs and links with rel", () => {
    const html =
      '<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u><br /></p><ul><li>하나</li></ul><ol><li>둘</li></ol><p><a href="https://example.com/x">링크</a></p>';
    expect(sanitizeRichText(html)).toBe(
      html.replace('<a href="https://example.com/x">', '<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">'),
    );
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<img src=x onerror="alert(1)"><p onclick="alert(1)">ok</p>', "<p>ok</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="  JaVa\tScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg><p>ok</p>', "<p>ok</p>"],
    ['<style>body{display:none}</style><p style="background:url(javascript:alert(1))">ok</p>', "<p>ok</p>"],
    ['<iframe src="javascript:alert(1)"></iframe><p>ok</p>', "<p>ok</p>"],
    [
      '<a href="https://x.test" target="_self" rel="opener">x</a>',
      '<a href="https://x.test" rel="noopener noreferrer" target="_blank">x</a>',
    ],
  ])("drops %s", (input, out) => {
    expect(sanitizeRichText(input)).toBe(out);
  });

  it("makes titles plain text and keeps Korean punctuation", () => {
    expect(plainText("<b>공지</b><script>alert(1)</script> 안내 (1/2) & 변경!")).toBe("공지 안내 (1/2) & 변경!");
    expect(plainText("&lt;img src=x onerror=alert(1)&gt;")).toBe("img src=x onerror=alert(1)");
  });
});
