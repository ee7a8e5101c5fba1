import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createZipWriter, tableCrc32 } from "./zip-writer";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-zip-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes a zip of a streamed entry (Korean text, several chunks) and a small one, as the xlsx writer does. */
async function write(file: string, zip64Above?: number, segmentSize?: number, chunkSize = 64 * 1024) {
  const out = fs.createWriteStream(file);
  const z = createZipWriter(out, { level: 1, chunkSize, parallel: 4, windowBits: 12, zip64Above, segmentSize });
  const e = await z.entry("xl/worksheets/sheet1.xml");
  const parts: Buffer[] = [];
  for (let i = 0; i < 20_000; i++) {
    const b = Buffer.from(`<row r="${i}"><c><is><t>선물 ${i} ${"x".repeat(i % 50)}</t></is></c></row>`);
    parts.push(b);
    await e.write(b);
  }
  await e.end();
  await z.add("[Content_Types].xml", "<Types/>");
  await z.finish();
  return Buffer.concat(parts);
}

/** The entries as Python's zipfile reads them (it checks every CRC and understands ZIP64), or null without python3. */
function pythonRead(file: string): { name: string; size: number; data: string }[] | null {
  try {
    const script =
      "import zipfile,sys,json,hashlib\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\n" +
      "print(json.dumps([{'name':i.filename,'size':i.file_size,'data':hashlib.sha256(z.read(i)).hexdigest()} for i in z.infolist()]))";
    return JSON.parse(execFileSync("python3", ["-c", script, file], { encoding: "utf8" }));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

describe("zip writer", () => {
  it("the CRC-32 used where zlib has none is zlib's, chunk by chunk", () => {
    let native = 0;
    let table = 0;
    for (const n of [0, 1, 7, 64, 1_000, 65_536]) {
      const b = crypto.randomBytes(n);
      native = zlib.crc32(b, native);
      table = tableCrc32(b, table);
      expect(table).toBe(native);
    }
    expect(tableCrc32(Buffer.from("123456789"), 0)).toBe(0xcbf43926);
  });

  it("writes entries a zip reader opens with their bytes and CRCs; ZIP64 records where sizes or offsets need them", async () => {
    // The sheet (~1.6 MB) in 256 KB segments deflated side by side, in 1 KB ones (1,600 segments), and in 256 KB
    // segments whose output comes in pieces of a 1 KB output buffer (each segment handed on in dozens of pieces).
    for (const [zip64Above, segmentSize, chunkSize] of [
      [undefined, undefined, undefined],
      [1_000, undefined, undefined],
      [undefined, 1_024, undefined],
      [undefined, undefined, 1_024],
    ]) {
      const file = path.join(dir, `z${zip64Above ?? ""}-${segmentSize ?? ""}-${chunkSize ?? ""}.zip`);
      const sheet = await write(file, zip64Above, segmentSize, chunkSize);
      const zip = fs.readFileSync(file);
      // The end record is the last 22 bytes; with ZIP64 the locator and record come before it.
      expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
      expect(zip.readUInt32LE(zip.length - 42) === 0x07064b50).toBe(zip64Above !== undefined);
      // The first entry's deflate stream inflates to the sheet.
      const nameLen = zip.readUInt16LE(26);
      const dataStart = 30 + nameLen;
      expect(zlib.inflateRawSync(zip.subarray(dataStart)).equals(sheet)).toBe(true);
      const read = pythonRead(file);
      if (read)
        expect(read).toEqual([
          { name: "xl/worksheets/sheet1.xml", size: sheet.length, data: sha(sheet) },
          { name: "[Content_Types].xml", size: 8, data: sha(Buffer.from("<Types/>")) },
        ]);
    }
  });
});
