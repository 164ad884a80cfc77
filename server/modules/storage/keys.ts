/**
 * What a storage key may look like, and the content type its extension gives. One rule for both
 * drivers: a key that is fine on S3 is fine on disk, and none can leave the storage root.
 */
import { StorageKeyError } from './storage';

/**
 * A segment starts with a letter, digit, `_` or `-` (so never `.`, `..` or a hidden file: the
 * disk driver's half-written temp files start with a dot and no key can name them), then up to
 * 127 of the same or dots. Only URL-safe characters, so S3 paths need no escaping.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;
const MAX_SEGMENTS = 8;

/**
 * First segments that name the app's own state, not files: the disk driver's root is DATA_DIR
 * (so the profile pictures already in DATA_DIR/avatars stay where they are), and PGlite keeps the
 * database in DATA_DIR/pglite.
 */
const RESERVED_FOLDERS = new Set(['pglite']);

export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS) return false;
  if (RESERVED_FOLDERS.has(segments[0]!.toLowerCase())) return false;
  return segments.every((s) => SEGMENT.test(s));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new StorageKeyError(String(key));
}

/**
 * A list prefix: whole segments, optionally followed by the start of one more (`avatars/`,
 * `avatars/ab`), or empty for everything.
 */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const probe = prefix.endsWith('/') ? `${prefix}x` : prefix;
  if (!isValidKey(probe)) throw new StorageKeyError(prefix);
}

/** Content types by extension: the only place a stored file's type comes from. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The type a key's file is stored and served with; unknown extensions are plain bytes. */
export function contentTypeOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
