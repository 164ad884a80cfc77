/**
 * Business logos, kept through the storage adapter (server/modules/storage) by its resized-image
 * rule: the upload under the `logo` kind, decoded once (a damaged file or a decompression bomb
 * refused), and a copy at most LOGO.size pixels on each side, WebP, without metadata, stored as
 * `logos/<random>.webp`. The business row keeps the copy's public path (`companyLogo`).
 */
import type { Readable } from 'node:stream';
import { BUSINESS_INFO_API, LOGO } from '../../../src/domain/business/business-info';
import { type FileRead, type FileStorage, type ResizedImageRule, storeResizedImage } from '../storage';

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

/** How a logo is kept: the resized-image rule of storage, in `logos/`. */
const LOGO_IMAGE: ResizedImageRule = {
  kind: 'logo',
  folder: FOLDER,
  maxPixels: LOGO.maxPixels,
  size: LOGO.size,
  maxBytes: LOGO.maxBytes,
  messages: { pixels: 'logoPixels', unreadable: 'logoUnreadable' },
};

export function logoStore(storage: FileStorage) {
  return {
    /**
     * Stores an uploaded logo's resized copy and answers its name. A wrong type, a file over the
     * limit or one that does not decode is a 400 naming `field`, with nothing kept.
     */
    save(field: string, upload: Readable): Promise<string> {
      return storeResizedImage(storage, LOGO_IMAGE, field, upload);
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
