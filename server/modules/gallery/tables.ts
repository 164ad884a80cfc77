/**
 * A business's gallery (club_gallery_management): images in the storage adapter, each with a
 * resized thumbnail, an order and at most one cover per venue.
 */
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/tables/core';
import { venuesRef } from '../../db/venue-ref';

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The venue it shows, or null for the business as a whole. */
    venueId: uuid('venue_id').references(() => venuesRef.id, { onDelete: 'cascade' }),
    /** Storage keys of the image and its thumbnail. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption').notNull().default(''),
    position: integer('position').notNull().default(0),
    isCover: boolean('is_cover').notNull().default(false),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gallery_images_business_idx').on(t.businessId, t.position)],
);
