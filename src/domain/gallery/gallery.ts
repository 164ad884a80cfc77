/**
 * The gallery's rules (club_gallery_management), shared by the screen and the server: the API
 * paths, what an image may be, and the inputs of the caption, cover and order changes.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { recordIdSchema } from '../schemas/record-id';

export const GALLERY_API = {
  /** POST one image (multipart: file part `image`, fields venueId, caption); GET the list; DELETE ?imageId=. */
  gallery: '/api/Business/gallery',
  order: '/api/Business/gallery/order',
  image: '/api/Business/gallery/:id',
  /** The bytes: signed-in GETs (the screen reads them with its token). */
  file: '/api/Business/gallery/:id/file',
  thumbnail: '/api/Business/gallery/:id/thumbnail',
} as const;

export const GALLERY_IMAGE = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /**
   * The most pixels an image may decode to (a 40-megapixel camera's frame). A small file can
   * claim a huge size and expand to gigabytes when decoded; such a file is refused unread.
   */
  maxPixels: 40_000_000,
  thumbnailWidth: 400,
  captionMax: 300,
  /** The most images one order change may list. */
  maxOrder: 500,
} as const;

/**
 * Why a picked file cannot be a gallery image, checked in the browser before a byte is sent (the
 * server checks the same limits again, on what arrives): its message, or null when it may go up.
 */
export function galleryFileRefusal(file: { size: number; type: string }): string | null {
  if (!(GALLERY_IMAGE.types as readonly string[]).includes(file.type)) return MESSAGES.galleryImageType;
  if (file.size > GALLERY_IMAGE.maxBytes) return MESSAGES.galleryImageTooLarge;
  return null;
}

/**
 * The longest upload request that can still hold an image within the limit: the image, its few
 * text parts (venue, a caption of at most 300 characters) and the multipart framing, with room
 * to spare. A longer request is refused from its Content-Length, before its body is read.
 */
export const GALLERY_UPLOAD_MAX_REQUEST_BYTES = GALLERY_IMAGE.maxBytes + 64 * 1024;

const captionField = z
  .string({ error: MESSAGES.mustBeText })
  .check(
    z.trim(),
    z.maxLength(GALLERY_IMAGE.captionMax, formatMessage('textTooLong', { max: GALLERY_IMAGE.captionMax })),
  );

const uuidField = recordIdSchema;

/** The multipart text fields of an upload. */
export const galleryUploadFieldsSchema = z.object({
  venueId: z.optional(uuidField),
  caption: z.optional(captionField),
});

/** PATCH an image: its caption, and/or make it (or stop it being) the cover. */
export const galleryImagePatchSchema = z
  .object({ caption: z.optional(captionField), isCover: z.optional(z.boolean({ error: MESSAGES.mustBeBoolean })) })
  .check(
    z.refine((v) => v.caption !== undefined || v.isCover !== undefined, {
      path: ['_'],
      message: MESSAGES.galleryNothingToChange,
    }),
  );
export type GalleryImagePatch = z.infer<typeof galleryImagePatchSchema>;

/** The images in their new order (first shown first), among the places they hold; the others keep theirs. */
export const galleryOrderSchema = z.object({
  ids: z.array(uuidField, { error: MESSAGES.invalidValue }).check(
    z.minLength(1, MESSAGES.galleryOrderEmpty),
    z.maxLength(GALLERY_IMAGE.maxOrder, formatMessage('tooLarge', { max: GALLERY_IMAGE.maxOrder })),
    z.refine((ids) => new Set(ids).size === ids.length, MESSAGES.galleryOrderTwice),
  ),
});

/** GET the list: the caller's business, optionally one venue's images and a caption search. */
export const galleryListQuerySchema = z.object({
  businessId: z.string({ error: MESSAGES.fieldRequired }).check(z.maxLength(64, MESSAGES.invalidValue)),
  venueId: z.optional(uuidField),
  query: z.optional(z.string().check(z.trim(), z.maxLength(200, formatMessage('tooLarge', { max: 200 })))),
});

export const galleryDeleteQuerySchema = z.object({
  imageId: z.string({ error: MESSAGES.fieldRequired }).check(z.maxLength(64, MESSAGES.invalidValue)),
});

/** An image as the list answers it. */
export interface GalleryImage {
  id: string;
  venueId: string | null;
  caption: string;
  position: number;
  isCover: boolean;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
  createdAt: string;
  /** Signed-in paths of the bytes and the thumbnail. */
  fileUrl: string;
  thumbnailUrl: string;
}
