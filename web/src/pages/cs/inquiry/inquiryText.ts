/** Inquiry content is stored with line breaks as <br> (spec §3); the textarea works in plain text. */
export function toStoredContent(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return escaped.replace(/\r?\n/g, "<br>");
}

export function fromStoredContent(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n");
  const doc = new DOMParser().parseFromString(withBreaks, "text/html");
  return doc.body.textContent ?? "";
}

export const ANSWERED = "3";
