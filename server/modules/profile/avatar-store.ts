/**
 * A small local file store for profile pictures under DATA_DIR/avatars. Files get a random
 * name (the public URL cannot be guessed or enumerated) and the type is decided from the bytes,
 * never from the client's declared content type. SVG is not accepted: it can carry script.
 * Several server processes must share DATA_DIR for pictures to show on all of them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const TYPE_BY_EXT: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]));

/** The image type of these bytes, or null when they are not a PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | null {
  const found = SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
  return found ? { type: found.type, ext: found.ext } : null;
}

export function avatarStore(dataDir: string) {
  const dir = join(dataDir, 'avatars');
  return {
    async save(bytes: Buffer, ext: string): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await writeFile(join(dir, name), bytes, { mode: 0o600 });
      return name;
    },
    /** The file and its content type, or null for a name that is not ours or is gone. */
    async read(name: string): Promise<{ bytes: Buffer; type: string } | null> {
      if (!FILE_NAME.test(name)) return null;
      try {
        return { bytes: await readFile(join(dir, name)), type: TYPE_BY_EXT[name.split('.')[1]!]! };
      } catch {
        return null;
      }
    },
    async remove(name: string | null | undefined): Promise<void> {
      if (!name || !FILE_NAME.test(name)) return;
      await unlink(join(dir, name)).catch(() => undefined);
    },
  };
}

export const avatarUrl = (base: string, file: string | null | undefined) => (file ? `${base}/${file}` : null);
