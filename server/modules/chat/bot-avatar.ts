/**
 * A bot's picture as every visitor's widget shows it. The upload's type and size are checked by
 * storage (the `avatar` kind); the picture is then decoded once through sharp, which refuses a
 * damaged file or a small file that claims a huge picture (a 4 KB PNG of 20,000 × 20,000 pixels
 * was stored as it came, and each visitor's browser had 1.6 GB to decode for a 64 px circle, which
 * it drew empty). What is kept is a copy at most CHAT_LIMITS.avatarSize pixels on each side, WebP,
 * without metadata (a phone photo's GPS position is not served to the public), under a random name.
 *
 * sharp (native libvips) is loaded on first use, so starting the server does not pay for it.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { CHAT_LIMITS } from '../../../src/domain/chat/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { FILE_KINDS, storeUpload, type FileStorage } from '../storage';

export const avatarKey = (name: string) => `${FILE_KINDS.avatar.folder}/${name}`;

/** The upload's resized copy; a file that is not a usable image is a 400 naming `field`. */
async function shrink(field: string, body: Readable): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: CHAT_LIMITS.avatarMaxPixels, failOn: 'error' });
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
      .resize({
        width: CHAT_LIMITS.avatarSize,
        height: CHAT_LIMITS.avatarSize,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90 })
      .toBuffer();
  } catch (err) {
    body.destroy();
    if (sourceError) throw sourceError;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw badRequest(MESSAGES.botAvatarPixels, { [field]: MESSAGES.botAvatarPixels });
    throw badRequest(MESSAGES.botAvatarUnreadable, { [field]: MESSAGES.botAvatarUnreadable });
  }
}

/**
 * Stores an uploaded bot picture's resized copy and answers its name (`<random>.webp`). A wrong
 * type, a file over the limit or one that does not decode is a 400 naming `field`, nothing kept.
 */
export async function saveBotAvatar(storage: FileStorage, field: string, upload: Readable): Promise<string> {
  const { key } = await storeUpload(storage, 'avatar', field, upload);
  try {
    const original = await storage.get(key);
    if (!original) throw new Error(`the uploaded bot picture ${key} is gone`);
    const resized = await shrink(field, original.body);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await storage.put(avatarKey(name), Readable.from([resized]), { maxBytes: FILE_KINDS.avatar.maxBytes });
    return name;
  } finally {
    await storage.delete(key);
  }
}
