/**
 * Reading an uploaded image for real: its size in pixels and a small WebP thumbnail for the
 * gallery grid. The bytes' signature was already checked (storage/upload.ts); decoding here
 * (storage's decodeImage) catches the rest — a damaged file, or a small file that claims a huge
 * picture (a decompression bomb), which sharp refuses before decoding it. The thumbnail carries
 * no metadata (sharp drops EXIF, GPS and the like unless asked to keep them) and is turned upright
 * from the EXIF orientation first.
 */
import type { Readable } from 'node:stream';
import { GALLERY_IMAGE } from '../../../src/domain/gallery/gallery';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { decodeImage, type DecodeImageRule } from '../storage';

export interface ImageFacts {
  width: number;
  height: number;
  /** The thumbnail, WebP, GALLERY_IMAGE.thumbnailWidth wide at most. */
  thumbnail: Buffer;
}

const GALLERY_DECODE: DecodeImageRule = {
  maxPixels: GALLERY_IMAGE.maxPixels,
  messages: { pixels: 'galleryImagePixels', unreadable: 'galleryImageUnreadable' },
};

/** Reads the whole stream through sharp; a file that is not a usable image is a 400 naming `field`. */
export function readImage(field: string, body: Readable): Promise<ImageFacts> {
  return decodeImage(GALLERY_DECODE, field, body, async (image) => {
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
  });
}
