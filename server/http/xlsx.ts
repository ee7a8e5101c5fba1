import type { Response } from "express";
import { createZipWriter, type ZipEntryWriter } from "./zip-writer";
import {
  columnLetters,
  ESCAPED,
  PLAIN,
  ROOT_RELS,
  rowXml,
  SHARED,
  SharedStrings,
  SHEET_TAIL,
  STYLES,
  contentTypes,
  sheetHead,
  sheetName,
  workbookRels,
  workbookXml,
} from "./sheet-xml";

import { AppError } from "./errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { PHONE_HEADER, maskPhone } from "../../domain/access-log";

/** One column of a download: Korean header and how to read the cell from a row. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  width?: number;
  /**
   * How the column's text is written (numbers are numbers whatever this says):
   * - "shared": values that repeat down the column (names, labels, statuses): each distinct one is written once,
   *   in the workbook's shared-strings table, and a cell names it by number (a bounded table: past its limits a
   *   new value is written in its cell as usual);
   * - "plain": values the server makes that never hold &, <, > or a control character (hex hashes and addresses,
   *   digits, formatted dates): written as they are, without the escape check;
   * - unset: escaped as needed, in the cell.
   */
  text?: "shared" | "plain";
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
  /**
   * The list's own query, row by row (a repository's streaming iterator: nothing is held in memory), or rows at hand
   * (an array, a generator: read without awaiting each). Or `pages` instead.
   */
  rows?: AsyncIterable<T> | Iterable<T>;
  /** The list's query a page at a time (a paged read's items): awaited per page, its rows read as they are. */
  pages?: AsyncIterable<readonly T[]>;
  /** Answer when there is no row (spec §5: '조회 결과가 존재하지 않습니다', members '회원 정보가 존재하지 않습니다.'). */
  emptyMessage?: string;
  /** Rows per sheet, header included; Excel's limit (SHEET_MAX_ROWS) unless smaller. */
  maxRowsPerSheet?: number;
}

/** Rows per worksheet, header included: Excel's limit. A longer list goes on in "이름 (2)", "이름 (3)"… */
export const SHEET_MAX_ROWS = 1_048_576;
/**
 * Sheet XML is handed to the zip in buffers of this many bytes, each row encoded into it as it is made (encoding
 * one long concatenated string with Korean text in it costs several times more than row by row). A buffer goes
 * once it cannot take the next row (at 256 KB less a few rows), so each is one of the zip's segments of at least
 * SEGMENT_BYTES as it is, not copied into a larger one (with 64 KB buffers and 256 KB segments every segment was
 * four buffers concatenated: see ZLIB_CHUNK for the figures).
 */
const CHUNK_BYTES = 256 * 1024;
const SEGMENT_BYTES = 224 * 1024;
/** Let other requests in at least this often, even when the socket never fills. */
const YIELD_EVERY = 2_000;
/**
 * Deflate level of the archive. 1 keeps the writer within a small factor of a plain CSV of the same rows (the
 * sheet XML is ~2.5× the CSV and deflate dominates the CPU); the file is ~45 % larger than at level 6.
 */
const ZLIB_LEVEL = 1;
/**
 * Deflate's output buffer: each time it fills, zlib's stream sends the rest of the segment through the thread pool
 * again (a callback on this thread each way). A 256 KB segment deflates to ~70 KB, so a 64 KB buffer made two
 * rounds of nearly every segment; 288 KB holds a segment's output whatever it compresses to. With 64 KB sheet
 * buffers and 64 KB output (the downloads-server, 1,000,000 rows, alternated): 5.36–6.13 s; with 256 KB buffers
 * and 288 KB output 5.05–5.23 s; and each segment's output handed on in its pieces rather than concatenated, with
 * segments of one buffer each, 4.83–4.87 s (zip-writer.ts).
 */
const ZLIB_CHUNK = 288 * 1024;
/** Sheet chunks deflated at once (libuv's pool has four threads by default). */
const DEFLATE_PARALLEL = 4;
/**
 * Deflate's window: 4 KB (windowBits 12) instead of zlib's 32 KB. A sheet's repeats (the cell tags, a row's
 * neighbours) are near; with the smaller window deflate compressed sheet XML ~38 % faster at level 1 and the output
 * was no larger (0.258 of the input against 0.267; 20,000 dashboard-like rows, best of five). Any inflater reads it:
 * a deflate stream's distances only have to fit the 32 KB window.
 */
const ZLIB_WINDOW_BITS = 12;
/**
 * The shared-strings table's bounds: distinct values and their characters. It is held until the last sheet is
 * written (the table follows the sheets in the file, as exceljs' own streaming writer puts it); a column of names
 * or labels stays far inside them, and a column of unique values (mislabelled "shared") stops adding at the limit.
 */
const SHARED_MAX_VALUES = 50_000;
const SHARED_MAX_CHARS = 2_000_000;

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
 * The sheet XML is written here (inline strings and numbers; the "shared" columns' values in a bounded shared-strings
 * table; no styles: nothing that grows with the row count) and zipped by zip-writer.ts, its deflate on libuv's pool.
 * exceljs' WorkbookWriter was measured first: it buffers the whole sheet when deflate is slower than the
 * rows come (601 MiB for 1,000,000 rows) and, with that fixed, still spends ~4× a CSV's CPU per row on
 * its cell objects. See server/README.md and docs/bench.md (Downloads).
 */
export async function streamXlsx<T>(res: Response, d: XlsxDownload<T>): Promise<void> {
  const source = rowSource(d);
  let next = source.next();
  if (next instanceof Promise) next = await next;
  if (next.done) throw new AppError(Code.NOT_FOUND, d.emptyMessage ?? Msg.noResults);

  res.status(200);
  res.setHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  res.setHeader("Content-Disposition", contentDisposition(d.fileName));
  res.setHeader("Cache-Control", "no-store");

  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) gone.abort();
  };
  res.once("close", onClose);
  /** Sheet buffers the zip has finished with, filled again (a few are in use at a time, whatever the row count). */
  const spare: Buffer[] = [];
  const freshBuffer = () => spare.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
  const zip = createZipWriter(res, {
    level: ZLIB_LEVEL,
    chunkSize: ZLIB_CHUNK,
    segmentSize: SEGMENT_BYTES,
    parallel: DEFLATE_PARALLEL,
    windowBits: ZLIB_WINDOW_BITS,
    // A chunk of one of this writer's buffers comes back whole (not a row larger than a buffer, not other parts).
    release: (chunk) => {
      if (chunk.byteOffset === 0 && chunk.buffer.byteLength === CHUNK_BYTES && spare.length < DEFLATE_PARALLEL + 2)
        spare.push(Buffer.from(chunk.buffer, 0, CHUNK_BYTES));
    },
    signal: gone.signal,
  });

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
  const kinds = d.columns.map((c) => (c.text === "shared" ? SHARED : c.text === "plain" ? PLAIN : ESCAPED));
  const shared = new SharedStrings(SHARED_MAX_VALUES, SHARED_MAX_CHARS);
  const head = sheetHead(d.columns);
  const headerRow = rowXml(
    1,
    cols,
    d.columns.map((c) => () => c.header),
    null,
    d.columns.map(() => ESCAPED),
    shared,
  );
  let sheet: ZipEntryWriter | undefined;
  let buf = freshBuffer();
  let used = 0;
  const full: Buffer[] = [];
  /** Encodes a piece of XML into the current buffer; a full buffer waits in `full` for `send`. */
  const add = (xml: string) => {
    if (used + xml.length * 3 > buf.length) {
      if (used > 0) full.push(buf.subarray(0, used));
      buf = freshBuffer();
      used = 0;
      if (xml.length * 3 > buf.length) return void full.push(Buffer.from(xml)); // a row larger than a chunk
    }
    used += buf.write(xml, used);
  };
  /** Hands the full buffers (and with `all`, the current one) to the zip, waiting while it is busy. */
  const send = async (all = false) => {
    if (all && used > 0) {
      full.push(buf.subarray(0, used));
      buf = freshBuffer();
      used = 0;
    }
    for (const chunk of full.splice(0)) await sheet!.write(chunk);
  };
  const openSheet = async () => {
    names.push(names.length === 0 ? baseName : sheetName(`${baseName.slice(0, 24)} (${names.length + 1})`));
    sheet = await zip.entry(`xl/worksheets/sheet${names.length}.xml`);
    add(head);
    add(headerRow);
  };
  const closeSheet = async () => {
    add(SHEET_TAIL);
    await send(true);
    await sheet!.end();
  };

  try {
    await openSheet();
    let r = 1;
    let n = 0;
    let written = 0;
    while (!next.done) {
      if (r === sheetRows) {
        await closeSheet();
        await openSheet();
        r = 1;
      }
      const row = next.value;
      add(rowXml(++r, cols, values, row, kinds, shared));
      if (res.locals) res.locals.rowsWritten = ++written;
      if (full.length > 0) await send();
      if (++n % YIELD_EVERY === 0) await new Promise((ok) => setImmediate(ok));
      if (gone.signal.aborted) throw new Error("client closed the download");
      next = source.next();
      if (next instanceof Promise) next = await next;
    }
    await closeSheet();
    const withShared = shared.values.length > 0;
    if (withShared) {
      const table = await zip.entry("xl/sharedStrings.xml");
      for (const piece of shared.xml()) await table.write(Buffer.from(piece));
      await table.end();
    }
    await zip.add("xl/workbook.xml", workbookXml(names));
    await zip.add("xl/_rels/workbook.xml.rels", workbookRels(names.length, withShared));
    await zip.add("xl/styles.xml", STYLES);
    await zip.add("[Content_Types].xml", contentTypes(names.length, withShared));
    await zip.add("_rels/.rels", ROOT_RELS);
    await zip.finish();
  } catch (err) {
    zip.abort();
    await source.return();
    if (gone.signal.aborted) return; // the client went away: nothing to answer
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    res.off("close", onClose);
  }
}

type Next<T> = IteratorResult<T, unknown> | Promise<IteratorResult<T, unknown>>;

/**
 * The download's rows one after the other: `next` answers at once when the row is at hand (rows in memory, the rest
 * of a page) and with a promise when it must be read (a cursor's next row, the next page). A turn of the microtask
 * queue a row was a tenth of the xlsx writer's thread (docs/bench.md, Downloads).
 */
function rowSource<T>(d: XlsxDownload<T>): { next(): Next<T>; return(): Promise<unknown> } {
  if (d.pages) {
    const pages = d.pages[Symbol.asyncIterator]();
    let page: readonly T[] = [];
    let i = 0;
    const nextPage = async (): Promise<IteratorResult<T, unknown>> => {
      for (;;) {
        const p = await pages.next();
        if (p.done) return { done: true, value: undefined };
        page = p.value;
        i = 0;
        if (page.length > 0) return { done: false, value: page[i++] };
      }
    };
    return {
      next: () => (i < page.length ? { done: false, value: page[i++] } : nextPage()),
      return: async () => pages.return?.(),
    };
  }
  if (!d.rows) throw new Error("streamXlsx: rows or pages");
  if (Symbol.asyncIterator in d.rows) {
    const it = (d.rows as AsyncIterable<T>)[Symbol.asyncIterator]();
    return { next: () => it.next(), return: async () => it.return?.() };
  }
  const it = (d.rows as Iterable<T>)[Symbol.iterator]();
  return { next: () => it.next(), return: async () => it.return?.() };
}
