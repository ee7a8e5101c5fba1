/**
 * SpreadsheetML, the few parts a workbook needs (server/http/xlsx.ts streams them): a row's XML, the sheet's head,
 * the shared-strings table, the workbook, its relationships, content types and the one style.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
export const SHEET_TAIL = "</sheetData></worksheet>";

/** A, B, … Z, AA, AB… */
export function columnLetters(i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The shared-strings table's XML is handed over in pieces of about this many characters. */
const PIECE_CHARS = 20_000;

/** Characters XML 1.0 cannot carry at all (dropped), and the three it must escape in text. */
const NEEDS_WORK = /[&<>\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function escapeXml(s: string): string {
  return s.replace(INVALID, "").replace(/[&<>]/g, (c) => ESCAPES[c]);
}
const escapeAttr = (s: string) => escapeXml(s).replace(/"/g, ESCAPES['"']);

/** Excel keeps at most 32,767 characters in a cell. */
export const CELL_MAX = 32_767;

/** How a column's text cells are written (SheetColumn.text). */
export const ESCAPED = 0;
export const PLAIN = 1;
export const SHARED = 2;

/** A cell's text as XML: at most CELL_MAX characters, escaped unless its column is "plain". */
function cellText(v: string, kind: number): string {
  const t = v.length > CELL_MAX ? v.slice(0, CELL_MAX) : v;
  return kind !== PLAIN && NEEDS_WORK.test(t) ? escapeXml(t) : t;
}

/** `<t>` of a text: spaces at either end are kept only when the element says so. */
const textElement = (t: string) =>
  t.charCodeAt(0) <= 32 || t.charCodeAt(t.length - 1) <= 32 ? `<t xml:space="preserve">${t}</t>` : `<t>${t}</t>`;

/**
 * The workbook's shared-strings table (xl/sharedStrings.xml): the distinct values of the "shared" columns, in the
 * order first met, up to `maxValues` values and `maxChars` characters; `index` is null for a value past them.
 */
export class SharedStrings {
  readonly values: string[] = [];
  private readonly at = new Map<string, number>();
  private chars = 0;
  /** Cells naming the table (its `count`). */
  refs = 0;
  constructor(
    private readonly maxValues: number,
    private readonly maxChars: number,
  ) {}
  index(v: string): number | null {
    let i = this.at.get(v);
    if (i === undefined) {
      if (this.values.length >= this.maxValues || this.chars + v.length > this.maxChars) return null;
      i = this.values.push(v) - 1;
      this.at.set(v, i);
      this.chars += v.length;
    }
    this.refs++;
    return i;
  }
  /** The table's XML, in pieces of about 64 KB (each value escaped once, here). */
  *xml(): Generator<string> {
    let piece = `${XML_HEAD}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.refs}" uniqueCount="${this.values.length}">`;
    for (const v of this.values) {
      piece += `<si>${textElement(cellText(v, ESCAPED))}</si>`;
      if (piece.length > PIECE_CHARS) {
        yield piece;
        piece = "";
      }
    }
    yield `${piece}</sst>`;
  }
}

/** A row's XML: each column's value of `row`, its cells named `<column><r>`. */
export function rowXml<T>(
  r: number,
  cols: string[],
  values: ((row: T) => string | number | null | undefined)[],
  row: T,
  kinds: number[],
  shared: SharedStrings,
): string {
  const n = String(r);
  let s = `<row r="${n}">`;
  for (let i = 0; i < values.length; i++) {
    const v = values[i](row);
    if (typeof v === "number") {
      if (Number.isFinite(v)) s += `<c r="${cols[i]}${n}"><v>${v}</v></c>`;
      continue;
    }
    if (v === null || v === undefined || v === "") continue;
    const text = typeof v === "string" ? v : String(v);
    if (kinds[i] === SHARED) {
      const k = shared.index(text.length > CELL_MAX ? text.slice(0, CELL_MAX) : text);
      if (k !== null) {
        s += `<c r="${cols[i]}${n}" t="s"><v>${k}</v></c>`;
        continue;
      }
    }
    s += `<c r="${cols[i]}${n}" t="inlineStr"><is>${textElement(cellText(text, kinds[i]))}</is></c>`;
  }
  return `${s}</row>`;
}

export function sheetHead(columns: { header: string; width?: number }[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, c.header.length * 2 + 4)}" customWidth="1"/>`)
    .join("");
  return `${XML_HEAD}<worksheet ${NS}><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`;
}

/** Excel's rules for a sheet's name: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, "_").slice(0, 31) || "Sheet1";
}

export function workbookXml(names: string[]): string {
  const sheets = names.map((n, i) => `<sheet name="${escapeAttr(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("");
  return `${XML_HEAD}<workbook ${NS}><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

export function workbookRels(count: number, withShared: boolean): string {
  let rels = "";
  for (let i = 1; i <= count; i++)
    rels += `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  rels += `<Relationship Id="rId${count + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`;
  if (withShared)
    rels += `<Relationship Id="rId${count + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`;
  return `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`;
}

export function contentTypes(count: number, withShared: boolean): string {
  let sheets = "";
  for (let i = 1; i <= count; i++)
    sheets += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    (withShared
      ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
      : "") +
    `${sheets}</Types>`
  );
}

export const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';

/** The smallest style sheet Excel accepts: one font, fill, border and cell format (every cell uses it). */
export const STYLES =
  `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  '<fonts count="1"><font><sz val="11"/><name val="맑은 고딕"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
