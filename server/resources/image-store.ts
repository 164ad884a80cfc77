/**
 * The pictures of declared resources' image fields, kept through the storage adapter
 * (server/modules/storage). An upload streams into storage under the `recordImage` kind (type
 * from the bytes, size limit), is decoded once through sharp — which refuses a damaged file or a
 * decompression bomb — and two WebP copies without metadata are kept: the picture (at most
 * RECORD_IMAGE.size px a side) and its list thumbnail (RECORD_IMAGE.thumbnailSize), as
 * `record-images/<table>/<random>.webp` and `…/<random>.thumb.webp`; the upload itself is then
 * removed. The record's column keeps the picture's public path (recordImageUrl).
 *
 * sharp (native libvips) is loaded on first use, so starting the server does not pay for it.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MESSAGES } from '../../src/domain/messages';
import { RECORD_IMAGE, RECORD_IMAGE_FILE } from '../../src/domain/resources/image-paths';
import { badRequest } from '../http/errors';
import { type FileRead, type FileStorage, storeUpload } from '../modules/storage';

/** The picture and its thumbnail; a file that is not a usable image is a 400 naming `field`. */
async function resize(field: string, body: Readable): Promise<{ picture: Buffer; thumbnail: Buffer }> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: RECORD_IMAGE.maxPixels, failOn: 'error' });
  let sourceError: unknown = null;
  body.on('error', (err) => {
    sourceError = err;
    image.destroy(err);
  });
  body.pipe(image);
  const copy = (size: number, quality: number) =>
    image
      .clone()
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  try {
    const [picture, thumbnail] = await Promise.all([copy(RECORD_IMAGE.size, 85), copy(RECORD_IMAGE.thumbnailSize, 75)]);
    return { picture, thumbnail };
  } catch (err) {
    body.destroy();
    // A storage read that fails is the server's fault, not a damaged picture: it stays a 500.
    if (sourceError) throw sourceError;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw badRequest(MESSAGES.recordImagePixels, { [field]: MESSAGES.recordImagePixels });
    throw badRequest(MESSAGES.recordImageUnreadable, { [field]: MESSAGES.recordImageUnreadable });
  }
}

export function recordImageStore(storage: FileStorage, tableName: string) {
  const folder = `record-images/${tableName.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const keyOf = (name: string, thumbnail: boolean) =>
    `${folder}/${thumbnail ? name.replace(/\.webp$/, '.thumb.webp') : name}`;
  return {
    /**
     * Keeps an uploaded picture's copies and answers the picture's file name. A wrong type, a
     * file over the limit or one that does not decode is a 400 naming `field`, with nothing kept.
     */
    async save(field: string, upload: Readable): Promise<string> {
      const { key } = await storeUpload(storage, 'recordImage', field, upload);
      try {
        const original = await storage.get(key);
        if (!original) throw new Error(`the uploaded picture ${key} is gone`);
        const { picture, thumbnail } = await resize(field, original.body);
        const name = `${randomBytes(16).toString('hex')}.webp`;
        await storage.put(keyOf(name, false), Readable.from([picture]), { maxBytes: RECORD_IMAGE.maxBytes });
        await storage.put(keyOf(name, true), Readable.from([thumbnail]), { maxBytes: RECORD_IMAGE.maxBytes });
        return name;
      } finally {
        await storage.delete(key);
      }
    },
    /** The picture or its thumbnail, or null for a name that is not ours or is gone. */
    async read(name: string, thumbnail: boolean): Promise<FileRead | null> {
      if (!RECORD_IMAGE_FILE.test(name)) return null;
      return storage.get(keyOf(name, thumbnail));
    },
    /** Does this picture exist (a test, or a check before answering its path)? */
    async exists(name: string): Promise<boolean> {
      return RECORD_IMAGE_FILE.test(name) && (await storage.head(keyOf(name, false))) !== null;
    },
    async remove(name: string | null): Promise<void> {
      if (!name || !RECORD_IMAGE_FILE.test(name)) return;
      await storage.delete(keyOf(name, false));
      await storage.delete(keyOf(name, true));
    },
  };
}

export type RecordImageStore = ReturnType<typeof recordImageStore>;
