/**
 * Business logos, kept through the storage adapter (server/modules/storage). An upload streams
 * into storage under the `logo` kind (type from the bytes, size limit), is decoded once through
 * sharp — which refuses a damaged file or a decompression bomb — and a copy at most LOGO.size
 * pixels on each side, WebP, without metadata, is stored as `logos/<random>.webp`; the upload
 * itself is then removed. The business row keeps the copy's public path (`companyLogo`).
 *
 * sharp (native libvips) is loaded on first use, so starting the server does not pay for it.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BUSINESS_INFO_API, LOGO } from '../../../src/domain/business/business-info';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { type FileRead, type FileStorage, storeUpload } from '../storage';

/** A stored logo's name: what the public URL carries. */
export const LOGO_FILE = /^[0-9a-f]{32}\.webp$/;
const FOLDER = 'logos';
const keyOf = (name: string) => `${FOLDER}/${name}`;

/** The public path of a stored logo. */
export const logoUrl = (name: string) => `${BUSINESS_INFO_API.logo}/${name}`;

/** The stored logo's name behind a `companyLogo` path of ours, or null (none, or not ours). */
export function logoNameOf(companyLogo: string | null | undefined): string | null {
  const prefix = `${BUSINESS_INFO_API.logo}/`;
  if (!companyLogo?.startsWith(prefix)) return null;
  const name = companyLogo.slice(prefix.length);
  return LOGO_FILE.test(name) ? name : null;
}

/** The logo's resized copy; a file that is not a usable image is a 400 naming `field`. */
async function resize(field: string, body: Readable): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: LOGO.maxPixels, failOn: 'error' });
  let sourceError: unknown = null;
  body.on('error', (err) => {
    sourceError = err;
    image.destroy(err);
  });
  body.pipe(image);
  try {
    return await image
      .rotate()
      .resize({ width: LOGO.size, height: LOGO.size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch (err) {
    body.destroy();
    // A storage read that fails is the server's fault, not a damaged image: it stays a 500.
    if (sourceError) throw sourceError;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw badRequest(MESSAGES.logoPixels, { [field]: MESSAGES.logoPixels });
    throw badRequest(MESSAGES.logoUnreadable, { [field]: MESSAGES.logoUnreadable });
  }
}

export function logoStore(storage: FileStorage) {
  return {
    /**
     * Stores an uploaded logo's resized copy and answers its name. A wrong type, a file over the
     * limit or one that does not decode is a 400 naming `field`, with nothing kept.
     */
    async save(field: string, upload: Readable): Promise<string> {
      const { key } = await storeUpload(storage, 'logo', field, upload);
      try {
        const original = await storage.get(key);
        if (!original) throw new Error(`the uploaded logo ${key} is gone`);
        const resized = await resize(field, original.body);
        const name = `${randomBytes(16).toString('hex')}.webp`;
        await storage.put(keyOf(name), Readable.from([resized]), { maxBytes: LOGO.maxBytes });
        return name;
      } finally {
        await storage.delete(key);
      }
    },
    /** The logo, or null for a name that is not ours or is gone. */
    async read(name: string): Promise<FileRead | null> {
      if (!LOGO_FILE.test(name)) return null;
      return storage.get(keyOf(name));
    },
    async remove(name: string | null): Promise<void> {
      if (!name || !LOGO_FILE.test(name)) return;
      await storage.delete(keyOf(name));
    },
  };
}
