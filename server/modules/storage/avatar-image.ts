/**
 * A picture shown as someone's face — a profile picture (server/modules/profile) and a chat bot's
 * (server/modules/chat) — kept by the resized-image rule (resized-image.ts): a copy at most
 * AVATAR.size pixels a side, WebP, without metadata; a damaged file or a decompression bomb is
 * refused (a 4 KB PNG of 20,000 × 20,000 pixels was stored as it came, and each browser showing it
 * had 1.6 GB to decode for a small circle, which it drew empty).
 */
import type { Readable } from 'node:stream';
import { AVATAR } from '../../../src/domain/schemas/profile';
import { FILE_KINDS } from './kinds';
import { storeResizedImage, type ResizedImageRule } from './resized-image';
import type { FileStorage } from './storage';

const AVATAR_IMAGE: ResizedImageRule = {
  kind: 'avatar',
  folder: FILE_KINDS.avatar.folder,
  maxPixels: AVATAR.maxPixels,
  size: AVATAR.size,
  maxBytes: FILE_KINDS.avatar.maxBytes,
  messages: { pixels: 'avatarPixels', unreadable: 'avatarUnreadable' },
};

/** Where a stored picture named `name` (`<random>.<ext>`) is kept. */
export const avatarKey = (name: string) => `${AVATAR_IMAGE.folder}/${name}`;

/**
 * Stores an uploaded picture's resized copy and answers its name (`<random>.webp`). A wrong type, a
 * file over the limit or one that does not decode is a 400 naming `field`, with nothing kept.
 */
export const storeAvatarImage = (storage: FileStorage, field: string, upload: Readable): Promise<string> =>
  storeResizedImage(storage, AVATAR_IMAGE, field, upload);
