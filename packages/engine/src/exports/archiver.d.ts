// Types for the part of archiver 8 (ESM, no bundled types) that the ZIP export uses.
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  export interface ZipEntryData {
    name: string;
    /** STORE instead of DEFLATE (for data that is already compressed, like PNG). */
    store?: boolean;
    date?: Date;
  }
  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; forceZip64?: boolean; store?: boolean });
    append(source: Buffer | NodeJS.ReadableStream | string, data: ZipEntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
