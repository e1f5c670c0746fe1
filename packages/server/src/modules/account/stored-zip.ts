import type { Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** A fixed DOS time (2021-01-01 00:00) for every entry: the export's dates are in its JSON. */
const DOS_TIME = 0;
const DOS_DATE = ((2021 - 1980) << 9) | (1 << 5) | 1;
/** Bit 11: names are UTF-8. */
const UTF8 = 0x0800;
const MAX_ZIP32 = 0xffffffff;

/**
 * Writes a ZIP of stored (uncompressed) entries to a stream, one entry at a time, so memory stays at one
 * file; waits for the stream to drain between entries. Names are `/`-separated relative paths. For data
 * exports, whose files are uploads already compressed (PNG, WebP…) and small JSON; refuses past 4 GiB.
 */
export function createStoredZip(output: Writable) {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  const write = async (chunk: Buffer) => {
    offset += chunk.length;
    if (!output.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => {
          output.off('drain', onDrain);
          reject(error);
        };
        const onDrain = () => {
          output.off('error', onError);
          resolve();
        };
        output.once('drain', onDrain);
        output.once('error', onError);
      });
    }
  };
  return {
    /** Adds one file. */
    async add(name: string, data: Buffer): Promise<void> {
      const nameBytes = Buffer.from(name, 'utf8');
      const checksum = crc32(data);
      if (offset + data.length + nameBytes.length + 30 > MAX_ZIP32) {
        throw new Error('The export passed 4 GiB, more than a ZIP without ZIP64 holds');
      }
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(UTF8, 6);
      local.writeUInt16LE(0, 8);
      local.writeUInt16LE(DOS_TIME, 10);
      local.writeUInt16LE(DOS_DATE, 12);
      local.writeUInt32LE(checksum, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      local.writeUInt16LE(0, 28);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(UTF8, 8);
      entry.writeUInt16LE(0, 10);
      entry.writeUInt16LE(DOS_TIME, 12);
      entry.writeUInt16LE(DOS_DATE, 14);
      entry.writeUInt32LE(checksum, 16);
      entry.writeUInt32LE(data.length, 20);
      entry.writeUInt32LE(data.length, 24);
      entry.writeUInt16LE(nameBytes.length, 28);
      entry.writeUInt32LE(offset, 42);
      central.push(entry, nameBytes);
      count++;
      await write(Buffer.concat([local, nameBytes]));
      await write(data);
    },
    /** Writes the central directory and ends the stream. */
    async finish(): Promise<void> {
      const directory = Buffer.concat(central);
      const start = offset;
      await write(directory);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(count, 8);
      end.writeUInt16LE(count, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(start, 16);
      output.end(end);
    },
  };
}
