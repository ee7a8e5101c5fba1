import { once } from "node:events";
import type { Response } from "express";
import ExcelJS from "exceljs";
import { AppError } from "./errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** One column of a download: Korean header and how to read the cell from a row. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  width?: number;
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
}

const YIELD_EVERY = 500;

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams an .xlsx into the response with exceljs' WorkbookWriter: a header row, then each row as it
 * comes, pausing whenever the socket is full, so memory stays flat however many rows there are. An
 * empty result is answered with the spec's message (code 404) instead of an empty file. A failure
 * after the first byte can only cut the download short (the client sees an incomplete file).
 */
export async function streamXlsx<T>(res: Response, d: XlsxDownload<T>): Promise<void> {
  const it = Symbol.asyncIterator in d.rows ? (d.rows as AsyncIterable<T>)[Symbol.asyncIterator]() : toAsync((d.rows as Iterable<T>)[Symbol.iterator]());
  let next = await it.next();
  if (next.done) throw new AppError(Code.NOT_FOUND, d.emptyMessage ?? Msg.noResults);

  res.status(200);
  res.setHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  res.setHeader("Content-Disposition", contentDisposition(d.fileName));
  res.setHeader("Cache-Control", "no-store");
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(d.sheetName ?? "Sheet1");
  ws.columns = d.columns.map((c, i) => ({ key: String(i), width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  ws.addRow(d.columns.map((c) => c.header)).commit();
  try {
    let n = 0;
    while (!next.done) {
      const row = next.value;
      ws.addRow(d.columns.map((c) => c.value(row) ?? null)).commit();
      if (++n % YIELD_EVERY === 0) {
        if (res.writableNeedDrain) await once(res, "drain");
        await new Promise((r) => setImmediate(r));
      }
      next = await it.next();
    }
    ws.commit();
    await wb.commit();
  } catch (err) {
    await it.return?.();
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

async function* toAsync<T>(it: Iterator<T>): AsyncGenerator<T> {
  for (let n = it.next(); !n.done; n = it.next()) yield n.value;
}
