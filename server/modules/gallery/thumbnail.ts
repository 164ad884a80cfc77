/**
 * Reading an uploaded image for real: its size in pixels and a small WebP thumbnail for the
 * gallery grid. The bytes' signature was already checked (storage/upload.ts); decoding here
 * catches the rest — a damaged file, or a small file that claims a huge picture (a decompression
 * bomb), which sharp refuses before decoding it (limitInputPixels). The thumbnail carries no
 * metadata (sharp drops EXIF, GPS and the like unless asked to keep them) and is turned upright
 * from the EXIF orientation first.
 *
 * sharp (native libvips) is loaded on first use, so starting the server does not pay for it.
 */
import type { Readable } from 'node:stream';
import { GALLERY_IMAGE } from '../../../src/domain/gallery/gallery';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, HttpError } from '../../http/errors';

export interface ImageFacts {
  width: number;
  height: number;
  /** The thumbnail, WebP, GALLERY_IMAGE.thumbnailWidth wide at most. */
  thumbnail: Buffer;
}

/** Reads the whole stream through sharp; a file that is not a usable image is a 400 naming `field`. */
export async function readImage(field: string, body: Readable): Promise<ImageFacts> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: GALLERY_IMAGE.maxPixels, failOn: 'error' });
  // A storage read that fails is the server's fault, not a damaged image: it stays a 500.
  let sourceError: unknown = null;
  body.on('error', (err) => {
    sourceError = err;
    image.destroy(err);
  });
  body.pipe(image);
  try {
    const [meta, thumbnail] = await Promise.all([
      image.metadata(),
      image
        .clone()
        .rotate()
        .resize({ width: GALLERY_IMAGE.thumbnailWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    const size = meta.autoOrient ?? meta;
    if (!size.width || !size.height)
      throw badRequest(MESSAGES.galleryImageUnreadable, { [field]: MESSAGES.galleryImageUnreadable });
    return { width: size.width, height: size.height, thumbnail };
  } catch (err) {
    body.destroy();
    if (sourceError) throw sourceError;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw badRequest(MESSAGES.galleryImagePixels, { [field]: MESSAGES.galleryImagePixels });
    if (err instanceof HttpError) throw err;
    throw badRequest(MESSAGES.galleryImageUnreadable, { [field]: MESSAGES.galleryImageUnreadable });
  }
}
