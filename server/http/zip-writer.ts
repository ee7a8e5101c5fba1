import { once } from "node:events";
import type { Writable } from "node:stream";
import zlib from "node:zlib";

/**
 * A streaming zip writer for downloads (server/http/xlsx.ts): deflated entries of unknown size written as they come
 * (general purpose bit 3: sizes and CRC in a data descriptor after the data), a central directory at the end, ZIP64
 * records where a size, an offset or the entry count needs them (as archiver/compress-commons writes them: the data
 * descriptor of an entry over 4 GiB carries 8-byte sizes, the central directory a ZIP64 extra field).
 *
 * Why not archiver, which wrote the files before: its CRC-32 is JavaScript (`crc-32`), a tenth of the xlsx writer's
 * thread in a profile of the downloads bench, and each chunk went through three JavaScript streams of its own. Here
 * the CRC is zlib's native `crc32`, deflate's output goes to the response as it comes, and the response's
 * backpressure stops deflate (and the caller's next write) while the socket is full.
 */
export interface ZipWriterOptions {
  /** Deflate level (zlib), 0–9. */
  level: number;
  /** Deflate's output buffer, bytes. */
  chunkSize: number;
  /** Aborted: a write waiting for the response to drain rejects (the client went away). */
  signal?: AbortSignal;
  /** Above this, sizes and offsets take ZIP64 records: 0xFFFFFFFF (tests force them with less). */
  zip64Above?: number;
}

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  csize: number;
  offset: number;
}

const MAGIC = 0xffffffff;
const FLAGS = 0x0808; // bit 3: data descriptor; bit 11: names in UTF-8
const DEFLATED = 8;

export interface ZipEntryWriter {
  /** Adds uncompressed bytes; resolves once deflate and the response can take more. */
  write(chunk: Buffer): Promise<void>;
  /** Ends the entry: the rest of its deflate stream, then its data descriptor. */
  end(): Promise<void>;
}

export function createZipWriter(out: Writable, opts: ZipWriterOptions) {
  const limit = opts.zip64Above ?? MAGIC;
  const entries: Entry[] = [];
  let offset = 0;
  const now = new Date();
  const dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
  const dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  let busy = false;

  /** Writes to the response, waiting for it to drain when it is full. */
  async function put(buf: Buffer) {
    offset += buf.length;
    if (!out.write(buf)) await once(out, "drain", { signal: opts.signal });
  }

  function localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed: 2.0 (deflate, data descriptor)
    h.writeUInt16LE(FLAGS, 6);
    h.writeUInt16LE(DEFLATED, 8);
    h.writeUInt16LE(dosTime, 10);
    h.writeUInt16LE(dosDate, 12);
    // CRC and sizes: 0, in the data descriptor.
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  }

  function dataDescriptor(e: Entry): Buffer {
    const big = e.size > limit || e.csize > limit;
    const d = Buffer.alloc(big ? 24 : 16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc, 4);
    if (big) {
      d.writeBigUInt64LE(BigInt(e.csize), 8);
      d.writeBigUInt64LE(BigInt(e.size), 16);
    } else {
      d.writeUInt32LE(e.csize, 8);
      d.writeUInt32LE(e.size, 12);
    }
    return d;
  }

  function centralHeader(e: Entry): Buffer {
    const big = e.size > limit || e.csize > limit || e.offset > limit;
    const extra = Buffer.alloc(big ? 28 : 0);
    if (big) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(e.size), 4);
      extra.writeBigUInt64LE(BigInt(e.csize), 12);
      extra.writeBigUInt64LE(BigInt(e.offset), 20);
    }
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(big ? 45 : 20, 4); // version made by
    h.writeUInt16LE(big ? 45 : 20, 6); // version needed
    h.writeUInt16LE(FLAGS, 8);
    h.writeUInt16LE(DEFLATED, 10);
    h.writeUInt16LE(dosTime, 12);
    h.writeUInt16LE(dosDate, 14);
    h.writeUInt32LE(e.crc, 16);
    h.writeUInt32LE(big ? MAGIC : e.csize, 20);
    h.writeUInt32LE(big ? MAGIC : e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt16LE(extra.length, 30);
    // comment length, disk number, internal and external attributes: 0.
    h.writeUInt32LE(big ? MAGIC : e.offset, 42);
    return Buffer.concat([h, e.name, extra]);
  }

  return {
    /** Starts an entry (one at a time); its bytes go through `write`, then `end`. */
    async entry(name: string): Promise<ZipEntryWriter> {
      if (busy) throw new Error("zip: an entry is still open");
      busy = true;
      const e: Entry = { name: Buffer.from(name), crc: 0, size: 0, csize: 0, offset };
      await put(localHeader(e.name));
      // Input buffered up to a few chunks: the caller makes the next ones while deflate (on libuv's pool) works.
      const deflate = zlib.createDeflateRaw({
        level: opts.level,
        chunkSize: opts.chunkSize,
        writableHighWaterMark: 4 * opts.chunkSize,
      } as zlib.ZlibOptions);
      // Deflate's output to the response as it comes; a full response pauses deflate, which then refuses input.
      let failed: Error | null = null;
      deflate.on("error", (err) => (failed = err));
      let paused = false;
      deflate.on("data", (chunk: Buffer) => {
        e.csize += chunk.length;
        offset += chunk.length;
        if (!out.write(chunk) && !paused) {
          paused = true;
          deflate.pause();
          out.once("drain", () => {
            paused = false;
            deflate.resume();
          });
        }
      });
      const ended = once(deflate, "end", { signal: opts.signal });
      // Awaited by end(); a client gone before then must not leave a rejection nobody handles.
      ended.catch(() => undefined);
      return {
        async write(chunk) {
          if (failed) throw failed;
          e.crc = zlib.crc32(chunk, e.crc);
          e.size += chunk.length;
          if (!deflate.write(chunk)) await once(deflate, "drain", { signal: opts.signal });
        },
        async end() {
          deflate.end();
          await ended;
          if (failed) throw failed;
          await put(dataDescriptor(e));
          entries.push(e);
          busy = false;
        },
      };
    },
    /** A whole entry from a string. */
    async add(name: string, text: string) {
      const w = await this.entry(name);
      await w.write(Buffer.from(text));
      await w.end();
    },
    /** The central directory and its end records; the response is ended. */
    async finish() {
      if (busy) throw new Error("zip: an entry is still open");
      const start = offset;
      for (const e of entries) await put(centralHeader(e));
      const length = offset - start;
      if (entries.length > 0xffff || start > limit || length > limit) {
        const at = offset;
        const z = Buffer.alloc(56);
        z.writeUInt32LE(0x06064b50, 0);
        z.writeBigUInt64LE(44n, 4); // size of the rest of this record
        z.writeUInt16LE(45, 12);
        z.writeUInt16LE(45, 14);
        // this disk, the central directory's disk: 0
        z.writeBigUInt64LE(BigInt(entries.length), 24);
        z.writeBigUInt64LE(BigInt(entries.length), 32);
        z.writeBigUInt64LE(BigInt(length), 40);
        z.writeBigUInt64LE(BigInt(start), 48);
        const loc = Buffer.alloc(20);
        loc.writeUInt32LE(0x07064b50, 0);
        loc.writeBigUInt64LE(BigInt(at), 8);
        loc.writeUInt32LE(1, 16); // disks
        await put(Buffer.concat([z, loc]));
      }
      const big = entries.length > 0xffff || start > limit || length > limit;
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(big ? 0xffff : entries.length, 8);
      end.writeUInt16LE(big ? 0xffff : entries.length, 10);
      end.writeUInt32LE(big ? MAGIC : length, 12);
      end.writeUInt32LE(big ? MAGIC : start, 16);
      await new Promise<void>((resolve, reject) => out.end(end, () => resolve()).once("error", reject));
    },
  };
}
