import DOMPurify from "dompurify";
import { isSafeHref, LINK_REL, LINK_TARGET, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from "../domain/rich-text";

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

let hooked = false;
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    const el = node as Element;
    if (node.nodeName !== "A") {
      for (const a of ALLOWED_ATTR) el.removeAttribute?.(a);
      return;
    }
    const href = el.getAttribute("href");
    if (href !== null && !isSafeHref(href)) el.removeAttribute("href");
    el.setAttribute("rel", LINK_REL);
    el.setAttribute("target", LINK_TARGET);
  });
}

/** Operator HTML made safe to render, with the same allow-list the server applies when it is written. */
export function purifyRichText(html: string): string {
  hook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
