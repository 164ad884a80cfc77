/**
 * A declared resource's pictures (an `image` field, types.ts): the accepted types and limits, and
 * where a stored picture is served. Apart from the field's rule (image.ts, which needs the schema
 * library) so that a list showing thumbnails loads none of it.
 */
export const RECORD_IMAGE = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as readonly string[],
  /** The most pixels a picture may decode to; a small file claiming more is refused unread. */
  maxPixels: 40_000_000,
  /** The kept copy: WebP, at most this many pixels on each side, no metadata. */
  size: 1200,
  /** The list's thumbnail: WebP, at most this many pixels on each side. */
  thumbnailSize: 160,
} as const;

/** A stored picture's file name (128 random bits): what its public path ends with. */
export const RECORD_IMAGE_FILE = /^[0-9a-f]{32}\.webp$/;

/** The folder under a resource's API base that serves its pictures. */
export const imagesPath = (base: string) => `${base}/images`;

/** Where a stored picture is served (the value an image field holds and answers). */
export const recordImageUrl = (base: string, name: string) => `${imagesPath(base)}/${name}`;

/** The thumbnail of a picture the API answered (`…/images/<name>.webp` → `…?size=thumb`). */
export const thumbnailUrl = (url: string) => `${url}?size=thumb`;

/** The stored file name behind a picture path of this resource, or null (none, or not ours). */
export function imageNameOf(base: string, value: unknown): string | null {
  const prefix = `${imagesPath(base)}/`;
  if (typeof value !== 'string' || !value.startsWith(prefix)) return null;
  const name = value.slice(prefix.length);
  return RECORD_IMAGE_FILE.test(name) ? name : null;
}
