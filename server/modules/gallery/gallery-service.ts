/**
 * The gallery's writes and reads (club_gallery_management). Images live in the storage adapter
 * under `gallery/…`, each with a WebP thumbnail beside it; the row is written only once both
 * files are stored, and a failure on the way removes what was stored, so nothing is left half
 * made. At most one cover per venue (or per business, for images of no venue).
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, ilike, isNull, max, sql, type SQL } from 'drizzle-orm';
import { GALLERY_API, type GalleryImage, type GalleryImagePatch } from '../../../src/domain/gallery/gallery';
import { MESSAGES } from '../../../src/domain/messages';
import { venuePath } from '../../../src/domain/venue/api';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { FILE_KINDS, type FileRead, type StoredUpload } from '../storage';
import { venueOfBusiness } from '../venue';
import { galleryImages } from './tables';
import { readImage } from './thumbnail';
import { isUuid } from '../../../src/domain/uuid';

type Row = typeof galleryImages.$inferSelect;

export function toImage(row: Row): GalleryImage {
  return {
    id: row.id,
    venueId: row.venueId,
    caption: row.caption,
    position: row.position,
    isCover: row.isCover,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    fileUrl: venuePath(GALLERY_API.file, { id: row.id }),
    thumbnailUrl: venuePath(GALLERY_API.thumbnail, { id: row.id }),
  };
}

/** The image if it is the business's, else 404 (as if missing). */
export async function imageOfBusiness(db: Db, businessId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(MESSAGES.galleryImageNotFound);
  const [row] = await db
    .select()
    .from(galleryImages)
    .where(and(eq(galleryImages.id, id), eq(galleryImages.businessId, businessId)));
  if (!row) throw notFound(MESSAGES.galleryImageNotFound);
  return row;
}

/**
 * The business's gallery writes run one after the other: two uploads would take one position,
 * two cover choices would each clear the other's cover before it was committed (both kept), and
 * two orders updating the same rows in opposite order would deadlock.
 */
const lockGallery = (tx: DbOrTx, businessId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gallery:${businessId}`}))`);

/** Same venue (or both of no venue): the images a cover and an order are chosen among. */
const sameScope = (businessId: string, venueId: string | null) =>
  and(
    eq(galleryImages.businessId, businessId),
    venueId ? eq(galleryImages.venueId, venueId) : isNull(galleryImages.venueId),
  );

export async function listImages(
  db: Db,
  businessId: string,
  filter: { venueId?: string; query?: string },
): Promise<GalleryImage[]> {
  const where: SQL[] = [eq(galleryImages.businessId, businessId)];
  if (filter.venueId) where.push(eq(galleryImages.venueId, filter.venueId));
  if (filter.query) where.push(ilike(galleryImages.caption, `%${filter.query.replace(/[\\%_]/g, '\\$&')}%`));
  const rows = await db
    .select()
    .from(galleryImages)
    .where(and(...where))
    .orderBy(asc(galleryImages.position), asc(galleryImages.createdAt));
  return rows.map(toImage);
}

/**
 * Makes the thumbnail of an upload already stored, and writes its row last in the venue's
 * order. On any failure both files are removed (the caller owns only the original's key until
 * this returns).
 */
export async function addImage(
  app: FastifyInstance,
  input: {
    businessId: string;
    userId: string;
    venueId: string | null;
    caption: string;
    stored: StoredUpload;
    field: string;
  },
): Promise<GalleryImage> {
  const { db } = app.ctx.database;
  const { storage } = app.ctx;
  if (input.venueId) await venueOfBusiness(db, input.businessId, input.venueId);
  const original = await storage.get(input.stored.key);
  if (!original) throw new Error('an upload just stored could not be read back');
  const facts = await readImage(input.field, original.body);
  const thumbnailKey = `${FILE_KINDS.galleryImage.folder}/${randomBytes(16).toString('hex')}.thumb.webp`;
  try {
    await storage.put(thumbnailKey, Readable.from([facts.thumbnail]), { maxBytes: FILE_KINDS.galleryImage.maxBytes });
    const row = await db.transaction(async (tx) => {
      await lockGallery(tx, input.businessId);
      const [last] = await tx
        .select({ position: max(galleryImages.position) })
        .from(galleryImages)
        .where(sameScope(input.businessId, input.venueId));
      const [made] = await tx
        .insert(galleryImages)
        .values({
          businessId: input.businessId,
          venueId: input.venueId,
          storageKey: input.stored.key,
          thumbnailKey,
          contentType: input.stored.contentType,
          sizeBytes: input.stored.size,
          width: facts.width,
          height: facts.height,
          caption: input.caption,
          position: (last?.position ?? -1) + 1,
          uploadedBy: input.userId,
          createdAt: new Date(app.ctx.now()),
        })
        .returning();
      return made!;
    });
    return toImage(row);
  } catch (err) {
    await storage.delete(thumbnailKey).catch(() => undefined);
    throw err;
  }
}

/** Caption and cover. Making an image the cover takes it from the venue's other images, at once. */
export async function updateImage(db: Db, businessId: string, id: string, patch: GalleryImagePatch) {
  const row = await imageOfBusiness(db, businessId, id);
  const updated = await db.transaction(async (tx) => {
    await lockGallery(tx, businessId);
    if (patch.isCover) {
      await tx
        .update(galleryImages)
        .set({ isCover: false })
        .where(and(sameScope(businessId, row.venueId), eq(galleryImages.isCover, true)));
    }
    const [made] = await tx
      .update(galleryImages)
      .set({
        ...(patch.caption !== undefined ? { caption: patch.caption } : {}),
        ...(patch.isCover !== undefined ? { isCover: patch.isCover } : {}),
      })
      .where(eq(galleryImages.id, row.id))
      .returning();
    // Deleted since it was read (another screen): gone, as a missing image is.
    if (!made) throw notFound(MESSAGES.galleryImageNotFound);
    return made;
  });
  return toImage(updated);
}

/**
 * The images in the order given: the listed images take, in that order, the places they held
 * between them; every other image keeps its place. So a screen that shows only some images (a
 * venue's, those a search finds) moves them among themselves without pushing the rest behind.
 * Every id must be one of the business's images (else 404 and nothing moves). Positions are
 * written 0, 1, 2… over the whole business.
 */
export async function reorderImages(db: Db, businessId: string, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGallery(tx, businessId);
    const all = await tx
      .select({ id: galleryImages.id, position: galleryImages.position })
      .from(galleryImages)
      .where(eq(galleryImages.businessId, businessId))
      .orderBy(asc(galleryImages.position), asc(galleryImages.createdAt));
    const listed = new Set(ids);
    const slots = all.flatMap((row, index) => (listed.has(row.id) ? [index] : []));
    if (slots.length !== ids.length) throw notFound(MESSAGES.galleryImageNotFound);
    const order = all.map((row) => row.id);
    slots.forEach((slot, i) => (order[slot] = ids[i]!));
    for (const [position, id] of order.entries()) {
      if (all[position]!.id === id && all[position]!.position === position) continue;
      await tx.update(galleryImages).set({ position }).where(eq(galleryImages.id, id));
    }
  });
}

/** Removes the row, then its two files (a file left behind only costs space; it is logged). */
export async function deleteImage(app: FastifyInstance, businessId: string, id: string): Promise<void> {
  const { db } = app.ctx.database;
  const row = await imageOfBusiness(db, businessId, id);
  await db.delete(galleryImages).where(eq(galleryImages.id, row.id));
  for (const key of [row.storageKey, row.thumbnailKey]) {
    await app.ctx.storage
      .delete(key)
      .catch((err: unknown) => app.log.warn({ err, key }, 'could not delete a gallery file'));
  }
}

/** The bytes of the image or its thumbnail, or 404. */
export async function readImageFile(
  app: FastifyInstance,
  businessId: string,
  id: string,
  which: 'file' | 'thumbnail',
): Promise<FileRead> {
  const row = await imageOfBusiness(app.ctx.database.db, businessId, id);
  const file = await app.ctx.storage.get(which === 'file' ? row.storageKey : row.thumbnailKey);
  if (!file) throw notFound(MESSAGES.galleryImageNotFound);
  return file;
}
