/**
 * The part of archiver (the streaming zip library exceljs depends on, see package.json) that
 * server/http/xlsx.ts uses. Its own types live in @types/archiver, not installed here.
 */
declare module "archiver" {
  import type { Readable, Transform } from "node:stream";
  interface ZipOptions {
    /** Passed to zlib.createDeflateRaw. */
    zlib?: { level?: number; chunkSize?: number };
    store?: boolean;
    forceZip64?: boolean;
  }
  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
  function archiver(format: "zip", options?: ZipOptions): Archiver;
  export default archiver;
}
