/**
 * Files on the local disk under one root (DATA_DIR), a key being a path below it. A write goes
 * to a hidden temp file in the target's folder (same file system), is flushed, then renamed over
 * the key: rename is atomic, so a reader gets the old file or the whole new one, and a failed or
 * oversized upload leaves nothing under the key. Several server processes must share the root.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { ByteLimit } from './byte-limit';
import { assertValidKey, assertValidPrefix, contentTypeOf, isValidKey } from './keys';
import type { FileInfo, FileStorage, GetOptions, ListedFile, PutOptions } from './storage';

const errCode = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;
/** Answers for "there is no file under this key". */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** A new inode per write, so two writes of the same size in the same millisecond still differ. */
const etagOf = (s: Stats) => `${s.ino.toString(16)}-${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}`;

const infoOf = (key: string, s: Stats): FileInfo => ({
  size: s.size,
  etag: etagOf(s),
  contentType: contentTypeOf(key),
  lastModified: s.mtime,
});

export function diskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };

  async function* walk(dir: string, keyPrefix: string, depth: number): AsyncGenerator<ListedFile> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (MISSING.has(errCode(err) ?? '')) return;
      throw err;
    }
    // Sorted as their keys sort (a folder as `name/`), so the walk yields keys in S3's order.
    const named = entries
      .filter((e) => (e.isFile() || e.isDirectory()) && !e.name.startsWith('.'))
      .map((e) => ({ entry: e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
      .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    for (const { entry } of named) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (depth < 8 && isValidKey(`${key}/x`)) yield* walk(join(dir, entry.name), `${key}/`, depth + 1);
      } else if (isValidKey(key)) {
        const s = await stat(join(dir, entry.name)).catch(() => null);
        if (s?.isFile()) yield { key, size: s.size, lastModified: s.mtime };
      }
    }
  }

  return {
    driver: 'disk',

    async put(key: string, body: Readable, { maxBytes }: PutOptions) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const temp = join(dirname(target), `.${basename(target)}.${randomBytes(8).toString('hex')}.part`);
      // `wx`: never reuse a file; `flush`: on disk before it is renamed into place.
      const out = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
      try {
        await pipeline(body, new ByteLimit(maxBytes), out);
        const s = await stat(temp);
        await rename(temp, target);
        return { size: s.size, etag: etagOf(s) };
      } catch (err) {
        // A first chunk already over the limit fails the pipeline before the temp file is open;
        // the stream opens it after and only then closes: removed before that, it would stay.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await unlink(temp).catch(() => undefined);
        throw err;
      }
    },

    async get(key: string, { firstBytes }: GetOptions = {}) {
      const path = pathOf(key);
      let file;
      try {
        file = await open(path, 'r');
      } catch (err) {
        if (MISSING.has(errCode(err) ?? '')) return null;
        throw err;
      }
      // Read from the handle opened above: a delete or replace from now on does not cut this read.
      const s = await file.stat().catch(async (err: unknown) => {
        await file.close();
        throw err;
      });
      if (!s.isFile()) {
        await file.close();
        return null;
      }
      const length = firstBytes === undefined ? s.size : Math.max(0, Math.min(s.size, firstBytes));
      // A stream with an `end` reads that far and no further (`end` counts inclusively).
      if (length === 0) {
        await file.close();
        return { ...infoOf(key, s), body: Readable.from([]), length };
      }
      return { ...infoOf(key, s), body: file.createReadStream({ start: 0, end: length - 1 }), length };
    },

    async head(key: string) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? infoOf(key, s) : null;
      } catch (err) {
        if (MISSING.has(errCode(err) ?? '')) return null;
        throw err;
      }
    },

    async delete(key: string) {
      try {
        await unlink(pathOf(key));
      } catch (err) {
        if (!MISSING.has(errCode(err) ?? '')) throw err;
      }
    },

    async *list(prefix: string) {
      assertValidPrefix(prefix);
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      for await (const file of walk(join(root, folder), folder, folder.split('/').length - 1)) {
        if (file.key.startsWith(prefix)) yield file;
      }
    },
  };
}
