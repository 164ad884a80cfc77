/**
 * A picture kept as a small copy — a profile or bot picture (avatar-image.ts), a business logo
 * (server/modules/business/logo-store.ts) — by one rule. The upload is stored first under its kind
 * (kinds.ts: type from the bytes, size limit), then decoded once through sharp, which refuses a
 * damaged file or a small file that claims a huge picture (a decompression bomb: a 4 KB PNG of
 * 20,000 × 20,000 pixels); what is kept is a copy at most `size` pixels a side, WebP, without
 * metadata (a phone photo's GPS position is not served to whoever sees the picture), under a random
 * name; the upload itself is removed. An animated GIF keeps its first frame.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { decodeImage, type DecodeImageRule } from './decode-image';
import type { FileKindName } from './kinds';
import type { FileStorage } from './storage';
import { storeUpload } from './upload';

/** How one kind of picture is kept (and, from DecodeImageRule, its pixel limit and its 400s). */
export interface ResizedImageRule extends DecodeImageRule {
  /** The upload's kind: its types and size limit. */
  kind: FileKindName;
  /** Where the copies are kept (`<folder>/<random>.webp`). */
  folder: string;
  /** The copy's longest side at most, in pixels. */
  size: number;
  /** The copy's size limit in bytes. */
  maxBytes: number;
}

/** The upload's resized copy; a file that is not a usable image is a 400 naming `field`. */
const shrink = (rule: ResizedImageRule, field: string, body: Readable) =>
  decodeImage(rule, field, body, (image) =>
    image
      .rotate()
      .resize({ width: rule.size, height: rule.size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer(),
  );

/**
 * Stores an uploaded picture's resized copy and answers its name (`<random>.webp`, kept at
 * `<rule.folder>/<name>`). A wrong type, a file over the limit or one that does not decode is a 400
 * naming `field`, with nothing kept.
 */
export async function storeResizedImage(
  storage: FileStorage,
  rule: ResizedImageRule,
  field: string,
  upload: Readable,
): Promise<string> {
  const { key } = await storeUpload(storage, rule.kind, field, upload);
  try {
    const original = await storage.get(key);
    if (!original) throw new Error(`the uploaded picture ${key} is gone`);
    const resized = await shrink(rule, field, original.body);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await storage.put(`${rule.folder}/${name}`, Readable.from([resized]), { maxBytes: rule.maxBytes });
    return name;
  } finally {
    await storage.delete(key);
  }
}
