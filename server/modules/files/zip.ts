/**
 * A folder as a zip, streamed in one pass with constant memory: entries are stored, not
 * compressed (most of what people keep — photos, PDFs, office files — is compressed already),
 * and each file's CRC-32 and size come from its row (taken at upload), so every local header is
 * whole before its bytes and no data descriptor is needed. Names are UTF-8 (flag bit 11).
 * The format: PKWARE's APPNOTE.TXT, sections 4.3.7 (local header), 4.3.12 (central directory)
 * and 4.3.16 (end of central directory). No ZIP64: a folder over 4 GB or 65,535 entries is
 * refused before the first byte (the caller checks `zipFits`).
 */
import type { Readable } from 'node:stream';

export interface ZipEntry {
  /** Path inside the zip; a folder's ends with '/'. */
  path: string;
  size: number;
  crc32: number;
  /** The bytes (not called for folders). */
  open?: () => Promise<Readable>;
}

const LIMIT = 0xffffffff;

/** True when the entries fit a zip without ZIP64. */
export function zipFits(entries: readonly ZipEntry[]): boolean {
  if (entries.length >= 0xffff) return false;
  const total = entries.reduce((sum, e) => sum + 30 + 46 + 2 * Buffer.byteLength(e.path) + e.size, 22);
  return total < LIMIT;
}

/** MS-DOS time and date of `when` (the zip's only stamp; local fields read as UTC here). */
function dosStamp(when: Date): [number, number] {
  const time = (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1);
  const date = ((when.getUTCFullYear() - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate();
  return [time, date];
}

function header(signature: number, fields: [number, 2 | 4][]): Buffer {
  const size = 4 + fields.reduce((s, [, n]) => s + n, 0);
  const buf = Buffer.alloc(size);
  buf.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [value, n] of fields) {
    if (n === 2) buf.writeUInt16LE(value, at);
    else buf.writeUInt32LE(value >>> 0, at);
    at += n;
  }
  return buf;
}

export async function* zipStream(entries: readonly ZipEntry[], when: Date): AsyncGenerator<Buffer> {
  const [time, date] = dosStamp(when);
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const common: [number, 2 | 4][] = [
      [20, 2], // version needed: 2.0
      [0x0800, 2], // UTF-8 names
      [0, 2], // stored
      [time, 2],
      [date, 2],
      [entry.crc32, 4],
      [entry.size, 4],
      [entry.size, 4],
      [name.length, 2],
      [0, 2], // extra field length
    ];
    const local = Buffer.concat([header(0x04034b50, common), name]);
    yield local;
    if (entry.open) {
      let written = 0;
      for await (const chunk of await entry.open()) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (written !== entry.size) throw new Error(`zip entry ${entry.path}: ${written} bytes, expected ${entry.size}`);
    }
    const external = entry.path.endsWith('/') ? 0x10 : 0; // MS-DOS directory attribute
    central.push(
      header(0x02014b50, [
        [20, 2], // made by: 2.0
        ...common,
        [0, 2], // comment length
        [0, 2], // disk number
        [0, 2], // internal attributes
        [external, 4],
        [offset, 4],
      ]),
      name,
    );
    offset += local.length + entry.size;
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield header(0x06054b50, [
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [directory.length, 4],
    [offset, 4],
    [0, 2],
  ]);
}
