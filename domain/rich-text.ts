/**
 * The one HTML allow-list for what operators write (notices, FAQ, events, inquiry replies, policies):
 * sanitize-html applies it on the server when the text is stored, DOMPurify again when either app
 * renders it (ui-common/rich-text.ts). Titles are plain text. Links are http(s)/mailto/tel only and
 * always get rel="noopener noreferrer" target="_blank".
 */
export const RICH_TEXT_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h1", "h2", "h3", "h4"] as const;

/** Attributes per tag; every other attribute (style, on*, class, id, src…) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = { a: ["href", "target", "rel"] };

export const RICH_TEXT_SCHEMES = ["http", "https", "mailto", "tel"] as const;

export const LINK_REL = "noopener noreferrer";
export const LINK_TARGET = "_blank";

/** Whether a link target is allowed: one of the schemes, or a relative path. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  const h = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(h);
  if (!scheme) return true;
  return (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme[1]);
}
