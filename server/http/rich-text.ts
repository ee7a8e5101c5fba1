import sanitizeHtml from "sanitize-html";
import { isSafeHref, LINK_REL, LINK_TARGET, RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from "../../domain/rich-text";

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([t, a]) => [t, [...a]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // script, style, iframe, svg… go with their content; any other unknown tag is unwrapped.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "svg", "math", "template", "object", "embed"],
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href && isSafeHref(attribs.href) ? attribs.href : undefined;
      return { tagName, attribs: { ...(href ? { href } : {}), rel: LINK_REL, target: LINK_TARGET } };
    },
  },
};

/** Operator rich text as stored: only the domain allow-list survives (domain/rich-text.ts). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/**
 * A member's plain text (an inquiry) as HTML for the API: every character escaped, line breaks as <br>.
 * The text is stored exactly as typed; it leaves the server only in this form, so nothing a member typed
 * can run in either app, and both show it exactly as typed.
 */
export function textToHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\r?\n/g, "<br>");
}

/** A title as plain text: tags (and script/style bodies) removed, no angle brackets left; React escapes the rest. */
export function plainText(s: string): string {
  const text = sanitizeHtml(s, { allowedTags: [], allowedAttributes: {}, nonTextTags: [...(options.nonTextTags ?? [])] });
  return text
    .replace(/&lt;|&gt;|[<>]/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}
