/** Inquiry content is stored with line breaks as <br> (spec §3); the edit textarea works in plain text. */
export function fromStoredContent(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n");
  const doc = new DOMParser().parseFromString(withBreaks, "text/html");
  return doc.body.textContent ?? "";
}

export const ANSWERED = "3";
