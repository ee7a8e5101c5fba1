import { once } from "node:events";
import type { Writable } from "node:stream";
import zlib from "node:zlib";

/**
 * A streaming zip writer for downloads (server/http/xlsx.ts): deflated entries of unknown size written as they come
 * (general purpose bit 3: sizes and CRC in a data descriptor after the data), a central directory at the end, ZIP64
 * records where a size, an offset or the entry count needs them (as archiver/compress-commons writes them: the data
 * descriptor of an entry over 4 GiB carries 8-byte sizes, the central directory a ZIP64 extra field).
 *
 * Why not archiver, which wrote the sheets before (it still writes the month-end pack): one zlib stream deflates an
 * entry on one thread at a time, and a sheet's deflate was as long as the thread making its XML (issue 39's xlsx
 * figure, docs/bench.md); its CRC-32 is JavaScript (`crc-32`), a twentieth of that thread. Here an entry is cut into
 * segments deflated side by side on libuv's pool (see `entry`), the CRC is zlib's native `crc32`, and the response's
 * backpressure holds the caller's next write while the socket is full.
 */
export interface ZipWriterOptions {
  /** Deflate level (zlib), 0–9. */
  level: number;
  /** Deflate's output buffer, bytes: a segment whose output does not fit in what is left of it takes another round through the pool. */
  chunkSize: number;
  /**
   * An entry is deflated in segments of at least this many bytes (default 256 KB): each is a round trip to libuv's
   * pool (~35 µs of the calling thread measured for a segment, whatever its size) and ends with a flush marker.
   * Writes are gathered until they reach it; a write of at least this size is a segment as it is (not copied).
   */
  segmentSize?: number;
  /** Chunks of an entry deflated at once (each on a thread of libuv's pool). */
  parallel: number;
  /** Deflate's window, as zlib's windowBits (9–15; 15 = 32 KB, the format's largest). */
  windowBits?: number;
  /**
   * Called with each buffer given to an entry's `write` once the zip reads it no more (deflated, or copied into a
   * larger segment): the writer may fill it again.
   */
  release?: (chunk: Buffer) => void;
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

/** zlib's native CRC-32 (Node ≥ 20.15); a table-driven one where it is missing. */
const crc32: (data: Buffer, value: number) => number = typeof (zlib as { crc32?: unknown }).crc32 === "function" ? zlib.crc32 : tableCrc32;

let crcTable: Uint32Array | null = null;
export function tableCrc32(data: Buffer, value: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = ~value >>> 0;
  for (let i = 0; i < data.length; i++) c = crcTable[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
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

/** A final deflate block with no data (fixed Huffman codes, the end-of-block code): what zlib writes on Z_FINISH. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A deflate stream kept for an entry's segments: every write is deflated with a full flush (zlib's `flush` option:
 * one request to the pool a segment, where write-then-flush made two), and its output collected.
 */
function deflateSlot(opts: { level: number; chunkSize: number; windowBits?: number }) {
  const stream = zlib.createDeflateRaw({
    level: opts.level,
    chunkSize: opts.chunkSize,
    windowBits: opts.windowBits ?? 15,
    flush: zlib.constants.Z_FULL_FLUSH,
  });
  let parts: Buffer[] = [];
  let failed: Error | null = null;
  stream.on("data", (b: Buffer) => parts.push(b));
  stream.on("error", (err) => (failed = err));
  let queue: Promise<unknown> = Promise.resolve();
  return {
    /** The segment's deflated bytes, as the pieces deflate's output buffers gave them (not copied into one). */
    segment(input: Buffer): Promise<Buffer[]> {
      const run = queue.then(
        () =>
          new Promise<Buffer[]>((resolve, reject) => {
            if (failed) return reject(failed);
            stream.write(input, (err) => {
              if (err || failed) return reject(err ?? failed);
              const out = parts;
              parts = [];
              resolve(out);
            });
          }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    close() {
      stream.destroy();
    },
  };
}

export function createZipWriter(out: Writable, opts: ZipWriterOptions) {
  const limit = opts.zip64Above ?? MAGIC;
  const segmentSize = opts.segmentSize ?? 256 * 1024;
  const entries: Entry[] = [];
  let offset = 0;
  const now = new Date();
  const dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
  const dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  let busy = false;
  /** The deflate streams of the entry being written (closed by its end, or by abort). */
  let open: { close(): void }[] = [];

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
      // The entry's bytes are cut into segments of at least segmentSize, each deflated by one of `parallel` deflate
      // streams (libuv's pool: several at once) and ended with a full flush: its output is byte-aligned, not final,
      // and refers to nothing before it, so the segments are written in order as one deflate stream, ended by an
      // empty final block (as pigz writes one). A stream is taken by one segment at a time.
      const inFlight: Promise<Buffer[]>[] = [];
      // Made as segments need them: a small entry takes one.
      const slots: ReturnType<typeof deflateSlot>[] = [];
      open = slots;
      let nextSlot = 0;
      const deflate = (chunk: Buffer) => {
        slots[nextSlot] ??= deflateSlot(opts);
        const slot = slots[nextSlot];
        nextSlot = (nextSlot + 1) % Math.max(1, opts.parallel);
        return slot.segment(chunk);
      };
      /** The oldest segment to the response, once deflated. */
      const writeOldest = async () => {
        for (const out of await inFlight.shift()!) {
          e.csize += out.length;
          await put(out);
        }
      };
      // Input is gathered into segments of at least segmentSize bytes.
      let gathered: Buffer[] = [];
      let gatheredBytes = 0;
      const startSegment = async () => {
        const whole = gathered.length === 1;
        const input = whole ? gathered[0] : Buffer.concat(gathered, gatheredBytes);
        if (!whole && opts.release) for (const chunk of gathered) opts.release(chunk);
        gathered = [];
        gatheredBytes = 0;
        const segment = deflate(input);
        // Awaited in order by writeOldest; a failure before then must not be an unhandled rejection. A buffer
        // deflated as it was goes back to the writer once deflated.
        const release = whole ? opts.release : undefined;
        segment.then(release && (() => release(input)), () => undefined);
        inFlight.push(segment);
        if (inFlight.length >= opts.parallel) await writeOldest();
      };
      return {
        async write(chunk) {
          e.crc = crc32(chunk, e.crc);
          e.size += chunk.length;
          gathered.push(chunk);
          gatheredBytes += chunk.length;
          if (gatheredBytes >= segmentSize) await startSegment();
        },
        async end() {
          if (gatheredBytes > 0) await startSegment();
          while (inFlight.length > 0) await writeOldest();
          for (const slot of slots) slot.close();
          open = [];
          e.csize += FINAL_EMPTY_BLOCK.length;
          await put(FINAL_EMPTY_BLOCK);
          await put(dataDescriptor(e));
          entries.push(e);
          busy = false;
        },
      };
    },
    /** Frees the open entry's deflate streams (the download was cut short); the caller ends the response. */
    abort() {
      for (const slot of open) slot.close();
      open = [];
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
