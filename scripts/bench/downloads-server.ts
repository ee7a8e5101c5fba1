/**
 * The process whose memory the downloads bench measures (scripts/bench/downloads.ts starts one per format, so
 * each peak RSS is its own): an Express app answering GET /download with N dashboard rows, as xlsx through the
 * project's streamXlsx and the dashboard download's own columns, or as a CSV of the same cells (the anchor).
 * GET /rss answers the process's peak RSS so far. Prints its port on stdout.
 *
 *   node --import tsx scripts/bench/downloads-server.ts xlsx|csv ROWS
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { streamXlsx } from "../../server/http/xlsx";
import { ROW_FILE } from "../../server/routes/dashboard";
import { dashboardRows, streamCsv } from "./download-rows";

const [format, rowsArg] = process.argv.slice(2);
const ROWS = Number(rowsArg);
if ((format !== "xlsx" && format !== "csv") || !(ROWS > 0)) throw new Error("usage: downloads-server.ts xlsx|csv ROWS");

const app = express();
app.get("/download", async (_req, res) => {
  if (format === "xlsx") await streamXlsx(res, { fileName: "dashboard_list.xlsx", sheetName: "거래 내역", columns: ROW_FILE, rows: dashboardRows(ROWS) });
  else await streamCsv(res, ROW_FILE, dashboardRows(ROWS));
});
app.get("/rss", (_req, res) => {
  res.json({ maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb: process.memoryUsage().rss / 2 ** 20 });
});
const server = app.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
