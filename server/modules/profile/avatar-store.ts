/**
 * Profile pictures, kept through the storage adapter (server/modules/storage) as
 * `avatars/<random>.<ext>`: on disk that is DATA_DIR/avatars/<name>, where pictures have always
 * been, so no data moves. The profile row keeps only the name. Names are random 128-bit values
 * (the public URL cannot be guessed or enumerated) and the type is decided from the bytes, never
 * from the client's declared content type; SVG is not accepted (it can carry script).
 */
import type { Readable } from 'node:stream';
import { avatarKey, type FileRead, type FileStorage, storeAvatarImage } from '../storage';

/** A stored picture's name: what the profile row and the public URL carry. */
export const AVATAR_FILE = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export function avatarStore(storage: FileStorage) {
  return {
    /**
     * Streams an uploaded picture into storage and keeps its small WebP copy, without metadata
     * (storage's avatar-image.ts, as for a chat bot's picture); answers the copy's name. A wrong
     * type, a picture over the limit or one that does not decode is a 400 naming `field`, with
     * nothing stored.
     */
    save: (field: string, upload: Readable): Promise<string> => storeAvatarImage(storage, field, upload),
    /** The picture, or null for a name that is not ours or is gone. */
    async read(name: string): Promise<FileRead | null> {
      if (!AVATAR_FILE.test(name)) return null;
      return storage.get(avatarKey(name));
    },
    async remove(name: string | null | undefined): Promise<void> {
      if (!name || !AVATAR_FILE.test(name)) return;
      await storage.delete(avatarKey(name));
    },
  };
}

export const avatarUrl = (base: string, file: string | null | undefined) => (file ? `${base}/${file}` : null);
