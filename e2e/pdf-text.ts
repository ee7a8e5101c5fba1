import zlib from "node:zlib";

/** The streams of a PDF, inflated when Flate-compressed (others as they are). */
function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const s = pdf.indexOf("stream", at, "latin1");
    if (s < 0) break;
    let start = s + "stream".length;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = pdf.indexOf("endstream", start, "latin1");
    if (end < 0) break;
    const dict = pdf.subarray(Math.max(0, s - 300), s).toString("latin1");
    const raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict.slice(dict.lastIndexOf("<<")))) {
      try {
        out.push(zlib.inflateSync(raw));
      } catch {
        try {
          out.push(zlib.inflateSync(raw.subarray(0, raw.length - 1)));
        } catch {
          // not a stream we can read
        }
      }
    } else out.push(raw);
    at = end + "endstream".length;
  }
  return out;
}

/** How many pages: page objects (`/Type /Page`, not `/Pages`), in the file or in its object streams. */
export function pdfPageCount(pdf: Buffer): number {
  const count = (text: string) => (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
  const plain = count(pdf.toString("latin1"));
  return plain > 0 ? plain : streams(pdf).reduce((n, s) => n + count(s.toString("latin1")), 0);
}

/** A ToUnicode CMap: glyph code (hex) → text. */
function parseCMap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexToText = (h: string) => {
    let s = "";
    for (let i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(Number.parseInt(h.slice(i, i + 4), 16));
    return s;
  };
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(m[1]!.toLowerCase(), hexToText(m[2]!));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const lo = Number.parseInt(m[1]!, 16);
      const hi = Number.parseInt(m[2]!, 16);
      const base = Number.parseInt(m[3]!, 16);
      for (let c = lo; c <= hi && c - lo < 65_536; c++)
        map.set(c.toString(16).padStart(m[1]!.length, "0"), String.fromCharCode(base + (c - lo)));
    }
  return map;
}

/**
 * The text of a PDF that Chromium printed, one string per font's ToUnicode map: every glyph run of the content
 * streams decoded with that map (Skia writes text as hex glyph ids of subset fonts). A phrase printed in one font is
 * found whole in that font's string.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const all = streams(pdf).map((s) => s.toString("latin1"));
  const cmaps = all.filter((s) => s.includes("beginbfchar") || s.includes("beginbfrange")).map(parseCMap);
  const runs = all
    .filter((s) => /\bBT\b/.test(s) && /T[jJ]/.test(s))
    .flatMap((s) => [...s.matchAll(/\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)])
    .map((m) => (m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]!).join("") : m[2]!).toLowerCase());
  return cmaps.map((map) =>
    runs
      .map((hex) => {
        let out = "";
        for (let i = 0; i + 4 <= hex.length; i += 4) out += map.get(hex.slice(i, i + 4)) ?? "";
        return out;
      })
      .join(""),
  );
}
