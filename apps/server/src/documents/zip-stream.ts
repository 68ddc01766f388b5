import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw, type ZlibOptions } from 'node:zlib';

/**
 * A minimal streaming ZIP writer (PKWARE APPNOTE 6.3): deflated entries, each either given whole or
 * streamed with its sizes and CRC in a data descriptor after the data, then the central directory.
 * Enough for an Office Open XML package; no ZIP64, so an archive and each entry stay under 4 GiB.
 */

const LOCAL_FILE_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
/** Bit 3: sizes and CRC follow the data. Bit 11: the name is UTF-8. */
const FLAGS_STREAMED = 0x0008 | 0x0800;
const FLAGS_WHOLE = 0x0800;
const DEFLATE = 8;
const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export interface ZipEntryStream {
  /** Compresses `text`; resolves when the writer may take more. */
  write(text: string): Promise<void>;
  /** Ends the entry once everything written has reached the output. */
  end(): Promise<void>;
}

export interface ZipWriter {
  /** Throws the output's failure, if it has failed. */
  assertWritable(): void;
  addFile(name: string, content: string): Promise<void>;
  /** One entry at a time: the next entry may start only after this one's `end()`. */
  streamFile(name: string): ZipEntryStream;
  /** Writes the central directory and ends the output; resolves once it has finished. */
  finish(): Promise<void>;
}

/** MS-DOS date and time fields, as ZIP keeps modification times. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(date.getFullYear(), 1980);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export function createZipWriter(output: NodeJS.WritableStream, modified = new Date()): ZipWriter {
  const stamp = dosDateTime(modified);
  const entries: Entry[] = [];
  let offset = 0;
  let failure: Error | undefined;
  let active: DeflateRaw | undefined;

  output.on('error', (error: Error) => {
    failure ??= error;
    active?.destroy(error);
  });

  const check = () => {
    if (failure) throw failure;
  };

  async function put(buffer: Buffer): Promise<void> {
    check();
    offset += buffer.length;
    if (!output.write(buffer)) await waitForDrain();
  }

  async function waitForDrain(): Promise<void> {
    // `once` rejects when the output fails while we wait.
    await once(output as NodeJS.EventEmitter, 'drain');
    check();
  }

  function localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_FILE_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(stamp.time, 10);
    header.writeUInt16LE(stamp.date, 12);
    const streamed = entry.flags & 0x0008;
    header.writeUInt32LE(streamed ? 0 : entry.crc, 14);
    header.writeUInt32LE(streamed ? 0 : entry.compressedSize, 18);
    header.writeUInt32LE(streamed ? 0 : entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, entry.name]);
  }

  function assertSize(entry: Entry) {
    if (entry.size > MAX_32 || entry.compressedSize > MAX_32 || offset > MAX_32) {
      throw new Error('The document is too large for a ZIP archive without ZIP64.');
    }
  }

  return {
    assertWritable: check,

    async addFile(name, content) {
      if (active) throw new Error('A streamed ZIP entry is still open.');
      const data = Buffer.from(content, 'utf8');
      const compressed = deflateRawSync(data);
      const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: FLAGS_WHOLE, crc: crc32(data), compressedSize: compressed.length, size: data.length, offset };
      assertSize(entry);
      entries.push(entry);
      await put(localHeader(entry));
      await put(compressed);
    },

    streamFile(name) {
      if (active) throw new Error('A streamed ZIP entry is still open.');
      const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: FLAGS_STREAMED, crc: 0, compressedSize: 0, size: 0, offset };
      const deflate = createDeflateRaw({ level: 1, chunkSize: 64 * 1024, writableHighWaterMark: 1024 * 1024 } as ZlibOptions);
      active = deflate;
      let started: Promise<void> | undefined = put(localHeader(entry));
      // Compressed bytes go straight to the output; when it is full the compressor pauses, its
      // input fills, and `write` below waits: memory stays bounded however long the entry is.
      deflate.on('data', (chunk: Buffer) => {
        entry.compressedSize += chunk.length;
        offset += chunk.length;
        if (!output.write(chunk)) {
          deflate.pause();
          output.once('drain', () => deflate.resume());
        }
      });
      const ended = once(deflate, 'end');
      ended.catch(() => {});

      return {
        async write(text) {
          if (started) {
            await started;
            started = undefined;
          }
          check();
          const data = Buffer.from(text, 'utf8');
          entry.crc = crc32(data, entry.crc);
          entry.size += data.length;
          if (!deflate.write(data)) await once(deflate, 'drain');
          check();
        },
        async end() {
          if (started) await started;
          check();
          deflate.end();
          await ended;
          active = undefined;
          check();
          assertSize(entry);
          entries.push(entry);
          const descriptor = Buffer.alloc(16);
          descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
          descriptor.writeUInt32LE(entry.crc, 4);
          descriptor.writeUInt32LE(entry.compressedSize, 8);
          descriptor.writeUInt32LE(entry.size, 12);
          await put(descriptor);
        },
      };
    },

    async finish() {
      if (active) throw new Error('A streamed ZIP entry is still open.');
      const start = offset;
      for (const entry of entries) {
        const header = Buffer.alloc(46);
        header.writeUInt32LE(CENTRAL_DIRECTORY_HEADER, 0);
        header.writeUInt16LE(VERSION, 4);
        header.writeUInt16LE(VERSION, 6);
        header.writeUInt16LE(entry.flags, 8);
        header.writeUInt16LE(DEFLATE, 10);
        header.writeUInt16LE(stamp.time, 12);
        header.writeUInt16LE(stamp.date, 14);
        header.writeUInt32LE(entry.crc, 16);
        header.writeUInt32LE(entry.compressedSize, 20);
        header.writeUInt32LE(entry.size, 24);
        header.writeUInt16LE(entry.name.length, 28);
        // Extra field, comment, disk number, internal and external attributes: none.
        header.writeUInt32LE(entry.offset, 42);
        await put(Buffer.concat([header, entry.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      await put(end);
      const finished = once(output as NodeJS.EventEmitter, 'finish');
      output.end();
      await finished;
    },
  };
}
