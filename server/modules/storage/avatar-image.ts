/**
 * A picture shown as someone's face — a profile picture (server/modules/profile) and a chat bot's
 * (server/modules/chat) — kept by one rule. The upload's type and size are checked as the `avatar`
 * kind (kinds.ts); the picture is then decoded once through sharp, which refuses a damaged file or
 * a small file that claims a huge picture (a 4 KB PNG of 20,000 × 20,000 pixels was stored as it
 * came, and each browser showing it had 1.6 GB to decode for a small circle, which it drew empty).
 * What is kept is a copy at most AVATAR.size pixels a side, WebP, without metadata (a phone photo's
 * GPS position is not served to whoever sees the picture), under a random name; an animated GIF
 * keeps its first frame.
 *
 * sharp (native libvips) is loaded on first use, so starting the server does not pay for it.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MESSAGES } from '../../../src/domain/messages';
import { AVATAR } from '../../../src/domain/schemas/profile';
import { badRequest } from '../../http/errors';
import { FILE_KINDS } from './kinds';
import type { FileStorage } from './storage';
import { storeUpload } from './upload';

/** Where a stored picture named `name` (`<random>.<ext>`) is kept. */
export const avatarKey = (name: string) => `${FILE_KINDS.avatar.folder}/${name}`;

/** The upload's resized copy; a file that is not a usable image is a 400 naming `field`. */
async function shrink(field: string, body: Readable): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: AVATAR.maxPixels, failOn: 'error' });
  // A storage read that fails is the server's fault, not a damaged image: it stays a 500.
  let sourceError: unknown = null;
  body.on('error', (err) => {
    sourceError = err;
    image.destroy(err);
  });
  body.pipe(image);
  try {
    return await image
      .rotate()
      .resize({ width: AVATAR.size, height: AVATAR.size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch (err) {
    body.destroy();
    if (sourceError) throw sourceError;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw badRequest(MESSAGES.avatarPixels, { [field]: MESSAGES.avatarPixels });
    throw badRequest(MESSAGES.avatarUnreadable, { [field]: MESSAGES.avatarUnreadable });
  }
}

/**
 * Stores an uploaded picture's resized copy and answers its name (`<random>.webp`). A wrong type, a
 * file over the limit or one that does not decode is a 400 naming `field`, with nothing kept.
 */
export async function storeAvatarImage(storage: FileStorage, field: string, upload: Readable): Promise<string> {
  const { key } = await storeUpload(storage, 'avatar', field, upload);
  try {
    const original = await storage.get(key);
    if (!original) throw new Error(`the uploaded picture ${key} is gone`);
    const resized = await shrink(field, original.body);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await storage.put(avatarKey(name), Readable.from([resized]), { maxBytes: FILE_KINDS.avatar.maxBytes });
    return name;
  } finally {
    await storage.delete(key);
  }
}
