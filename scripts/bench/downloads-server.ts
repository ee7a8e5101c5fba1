/**
 * The process whose memory the downloads bench measures (scripts/bench/downloads.ts starts one per format, so
 * each peak RSS is its own): an Express app answering GET /download with N dashboard rows, as xlsx through the
 * project's streamXlsx and the dashboard download's own columns, a page of 100 rows at a time from an async
 * generator as the dashboard's download reads its query, or as a CSV of the same cells (the anchor).
 * GET /rss answers the process's peak RSS so far (VmHWM). Prints its port on stdout.
 *
 *   node --import tsx scripts/bench/downloads-server.ts xlsx|csv ROWS
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { streamXlsx } from "../../server/http/xlsx";
import { ROW_FILE } from "../../server/features/dashboard/dashboard.routes";
import { dashboardPages, dashboardRows, streamCsv } from "./download-rows";

const [format, rowsArg] = process.argv.slice(2);
const ROWS = Number(rowsArg);
if ((format !== "xlsx" && format !== "csv") || !(ROWS > 0)) throw new Error("usage: downloads-server.ts xlsx|csv ROWS");

const app = express();
app.get("/download", async (_req, res) => {
  if (format === "xlsx")
    await streamXlsx(res, { fileName: "dashboard_list.xlsx", sheetName: "거래 내역", columns: ROW_FILE, pages: dashboardPages(ROWS) });
  else await streamCsv(res, ROW_FILE, dashboardRows(ROWS));
});
app.get("/rss", (_req, res) => {
  res.json({ maxRssMb: peakRssMb(), rssMb: process.memoryUsage().rss / 2 ** 20 });
});

/**
 * This process's peak RSS: VmHWM of /proc/self/status (its own address space's high-water mark). Not getrusage's
 * maxrss on Linux: exec carries the parent's high-water mark into it, so a child of a big bench process would
 * report the parent's size before it did anything.
 */
function peakRssMb(): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    /* not Linux: getrusage below */
  }
  return process.resourceUsage().maxRSS / 1024;
}
const server = app.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
