import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { Response } from "express";
import archiver from "archiver";
import { AppError } from "./errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { PHONE_HEADER, maskPhone } from "../../domain/access-log";

/** One column of a download: Korean header and how to read the cell from a row. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  width?: number;
}

/** A column of a list's file, named by the list's column key (domain/schemas: MEMBER_COLUMNS, SALE_COLUMNS…). */
export type KeyedColumn<T, K extends string = string> = SheetColumn<T> & { key: K };

/**
 * The file's columns for the keys the operator chose, in the order chosen (a key may name several columns of the
 * file, e.g. an address and its owner's name, which keep their order); every column when nothing was chosen.
 */
export function chosenColumns<T>(columns: readonly KeyedColumn<T>[], keys: readonly string[] | undefined): SheetColumn<T>[] {
  return keys ? keys.flatMap((k) => columns.filter((c) => c.key === k)) : [...columns];
}

export interface XlsxDownload<T> {
  /** The spec's file name, e.g. "sale_sell.xlsx" (Korean names are sent RFC 5987-encoded). */
  fileName: string;
  sheetName?: string;
  columns: SheetColumn<T>[];
  /** The list's own query, row by row (a repository's streaming iterator): nothing is held in memory. */
  rows: AsyncIterable<T> | Iterable<T>;
  /** Answer when there is no row (spec §5: '조회 결과가 존재하지 않습니다', members '회원 정보가 존재하지 않습니다.'). */
  emptyMessage?: string;
  /** Rows per sheet, header included; Excel's limit (SHEET_MAX_ROWS) unless smaller. */
  maxRowsPerSheet?: number;
}

/** Rows per worksheet, header included: Excel's limit. A longer list goes on in "이름 (2)", "이름 (3)"… */
export const SHEET_MAX_ROWS = 1_048_576;
/**
 * Sheet XML is handed to the zip in buffers of this many bytes, each row encoded into it as it is made (encoding
 * one long concatenated string with Korean text in it costs several times more than row by row).
 */
const CHUNK_BYTES = 64 * 1024;
/** Let other requests in at least this often, even when the socket never fills. */
const YIELD_EVERY = 2_000;
/**
 * Deflate level of the archive. 1 keeps the writer within a small factor of a plain CSV of the same rows (the
 * sheet XML is ~2.5× the CSV and deflate dominates the CPU); the file is ~45 % larger than at level 6.
 */
const ZLIB_LEVEL = 1;
/**
 * Deflate's output buffer: zlib's default 16 KB hands the zip (its checksum, the socket) a piece a quarter this
 * size, each a round through the thread pool and a stream callback; 64 KB was ~20 % more rows a second (measured
 * in-process, 300,000 dashboard rows: 105–110,000 → 121–136,000; larger gained nothing).
 */
const ZLIB_CHUNK = 64 * 1024;

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams an .xlsx into the response: a header row, then each row as it comes, pausing whenever the
 * socket (through the zip) is full, so memory stays flat however many rows there are. An empty result is
 * answered with the spec's message (code 404) instead of an empty file. A failure after the first byte can
 * only cut the download short (the client sees an incomplete file); a client that goes away stops the query.
 *
 * The sheet XML is written here (inline strings and numbers, no shared-strings table, no styles: nothing
 * that grows with the row count) and zipped by archiver, the streaming zip library exceljs itself uses.
 * exceljs' WorkbookWriter was measured first: it buffers the whole sheet when deflate is slower than the
 * rows come (601 MiB for 1,000,000 rows) and, with that fixed, still spends ~4× a CSV's CPU per row on
 * its cell objects. See server/README.md and docs/bench.md (Downloads).
 */
export async function streamXlsx<T>(res: Response, d: XlsxDownload<T>): Promise<void> {
  const it =
    Symbol.asyncIterator in d.rows
      ? (d.rows as AsyncIterable<T>)[Symbol.asyncIterator]()
      : toAsync((d.rows as Iterable<T>)[Symbol.iterator]());
  let next = await it.next();
  if (next.done) throw new AppError(Code.NOT_FOUND, d.emptyMessage ?? Msg.noResults);

  res.status(200);
  res.setHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  res.setHeader("Content-Disposition", contentDisposition(d.fileName));
  res.setHeader("Cache-Control", "no-store");

  const zip = archiver("zip", { zlib: { level: ZLIB_LEVEL, chunkSize: ZLIB_CHUNK } });
  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) gone.abort();
  };
  res.once("close", onClose);
  zip.on("error", (err: Error) => res.destroy(err));
  zip.pipe(res);

  const baseName = sheetName(d.sheetName ?? "Sheet1");
  const sheetRows = Math.max(2, Math.min(d.maxRowsPerSheet ?? SHEET_MAX_ROWS, SHEET_MAX_ROWS));
  const names: string[] = [];
  const cols = d.columns.map((_c, i) => columnLetters(i));
  // The access log's rule (features/access-log): phone columns masked unless the operator may unmask (set by handle()).
  const values = d.columns.map((c) =>
    res.locals?.maskPhones === true && c.header === PHONE_HEADER
      ? (row: T) => {
          const v = c.value(row);
          return typeof v === "string" ? maskPhone(v) : v;
        }
      : c.value,
  );
  const head = sheetHead(d.columns);
  const headerRow = rowXml(
    1,
    cols,
    d.columns.map((c) => c.header),
  );
  let sheet: PassThrough | undefined;
  let buf = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  const full: Buffer[] = [];
  /** Encodes a piece of XML into the current buffer; a full buffer waits in `full` for `send`. */
  const add = (xml: string) => {
    if (used + xml.length * 3 > buf.length) {
      if (used > 0) full.push(buf.subarray(0, used));
      buf = Buffer.allocUnsafe(CHUNK_BYTES);
      used = 0;
      if (xml.length * 3 > buf.length) return void full.push(Buffer.from(xml)); // a row larger than a chunk
    }
    used += buf.write(xml, used);
  };
  /** Hands the full buffers (and with `all`, the current one) to the zip, waiting while it is busy. */
  const send = async (all = false) => {
    if (all && used > 0) {
      full.push(buf.subarray(0, used));
      buf = Buffer.allocUnsafe(CHUNK_BYTES);
      used = 0;
    }
    for (const chunk of full.splice(0)) if (!sheet!.write(chunk)) await once(sheet!, "drain", { signal: gone.signal });
  };
  const openSheet = () => {
    names.push(names.length === 0 ? baseName : sheetName(`${baseName.slice(0, 24)} (${names.length + 1})`));
    sheet = new PassThrough();
    zip.append(sheet, { name: `xl/worksheets/sheet${names.length}.xml` });
    add(head);
    add(headerRow);
  };
  const closeSheet = async () => {
    add(SHEET_TAIL);
    await send(true);
    sheet!.end();
  };

  try {
    openSheet();
    let r = 1;
    let n = 0;
    let written = 0;
    while (!next.done) {
      if (r === sheetRows) {
        await closeSheet();
        openSheet();
        r = 1;
      }
      const row = next.value;
      add(
        rowXml(
          ++r,
          cols,
          values.map((value) => value(row)),
        ),
      );
      if (res.locals) res.locals.rowsWritten = ++written;
      if (full.length > 0) await send();
      if (++n % YIELD_EVERY === 0) await new Promise((ok) => setImmediate(ok));
      if (gone.signal.aborted) throw new Error("client closed the download");
      next = await it.next();
    }
    await closeSheet();
    zip.append(workbookXml(names), { name: "xl/workbook.xml" });
    zip.append(workbookRels(names.length), { name: "xl/_rels/workbook.xml.rels" });
    zip.append(STYLES, { name: "xl/styles.xml" });
    zip.append(contentTypes(names.length), { name: "[Content_Types].xml" });
    zip.append(ROOT_RELS, { name: "_rels/.rels" });
    await zip.finalize();
  } catch (err) {
    await it.return?.();
    zip.abort();
    if (gone.signal.aborted) return; // the client went away: nothing to answer
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    res.off("close", onClose);
  }
}

async function* toAsync<T>(it: Iterator<T>): AsyncGenerator<T> {
  for (let n = it.next(); !n.done; n = it.next()) yield n.value;
}

// ---- SpreadsheetML, the few parts a workbook needs -------------------------------------------------------

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const SHEET_TAIL = "</sheetData></worksheet>";

/** A, B, … Z, AA, AB… */
export function columnLetters(i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Characters XML 1.0 cannot carry at all (dropped), and the three it must escape in text. */
const NEEDS_WORK = /[&<>\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function escapeXml(s: string): string {
  return s.replace(INVALID, "").replace(/[&<>]/g, (c) => ESCAPES[c]);
}
const escapeAttr = (s: string) => escapeXml(s).replace(/"/g, ESCAPES['"']);

/** Excel keeps at most 32,767 characters in a cell. */
const CELL_MAX = 32_767;

function rowXml(r: number, cols: string[], values: (string | number | null | undefined)[]): string {
  const n = String(r);
  let s = `<row r="${n}">`;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === "number") {
      if (Number.isFinite(v)) s += `<c r="${cols[i]}${n}"><v>${v}</v></c>`;
      continue;
    }
    if (v === null || v === undefined || v === "") continue;
    let t = typeof v === "string" ? v : String(v);
    if (t.length > CELL_MAX) t = t.slice(0, CELL_MAX);
    if (NEEDS_WORK.test(t)) t = escapeXml(t);
    s += `<c r="${cols[i]}${n}${t.charCodeAt(0) <= 32 || t.charCodeAt(t.length - 1) <= 32 ? '" t="inlineStr"><is><t xml:space="preserve">' : '" t="inlineStr"><is><t>'}${t}</t></is></c>`;
  }
  return `${s}</row>`;
}

function sheetHead(columns: { header: string; width?: number }[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, c.header.length * 2 + 4)}" customWidth="1"/>`)
    .join("");
  return `${XML_HEAD}<worksheet ${NS}><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`;
}

/** Excel's rules for a sheet's name: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, "_").slice(0, 31) || "Sheet1";
}

function workbookXml(names: string[]): string {
  const sheets = names.map((n, i) => `<sheet name="${escapeAttr(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("");
  return `${XML_HEAD}<workbook ${NS}><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

function workbookRels(count: number): string {
  let rels = "";
  for (let i = 1; i <= count; i++)
    rels += `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  rels += `<Relationship Id="rId${count + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`;
  return `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`;
}

function contentTypes(count: number): string {
  let sheets = "";
  for (let i = 1; i <= count; i++)
    sheets += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${sheets}</Types>`
  );
}

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';

/** The smallest style sheet Excel accepts: one font, fill, border and cell format (every cell uses it). */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  '<fonts count="1"><font><sz val="11"/><name val="맑은 고딕"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
