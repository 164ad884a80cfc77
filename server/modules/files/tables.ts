/**
 * The file manager's tree (file_management; product brief section 3: id, name, parentId,
 * isFolder, color, children by parentId). One tree per owner: a business's (`owner` = its id) or
 * the platform's (`owner` = 'platform', business_id null) for the administrator. Each tree has
 * one root row (parent_id null) made on the first open; every other node hangs below it.
 *
 * A file's bytes are in the storage adapter under storage_key. Copies share the key (a copy is
 * one row, made inside the transaction); the bytes go when the last row naming them is purged.
 * A deleted node keeps its place with deleted_at set (the trash); what is below it stays as it
 * was, hidden with it, so a restore gives back the same tree and the same bytes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { businesses, createdAt, id, users } from '../../db/tables/core';

export const fileNodes = pgTable(
  'file_nodes',
  {
    id: id(),
    /** The tree: the business id as text, or 'platform'. */
    owner: text('owner').notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => fileNodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isFolder: boolean('is_folder').notNull(),
    color: text('color').notNull().default('#45caf1'),
    /** Bumped by every change of the node; a write naming an older version answers 409. */
    version: integer('version').notNull().default(1),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mime: text('mime'),
    storageKey: text('storage_key'),
    /** CRC-32 of the bytes, taken while they were stored: a folder's zip names it before the bytes. */
    crc32: bigint('crc32', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A sample folder's key ('documents'…, src/domain/files/rules.ts SAMPLE_FOLDERS) while it keeps
     * the product's name, shown in the reader's language; any new name clears it (tree.ts, update).
     */
    sample: text('sample'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One root per tree.
    uniqueIndex('file_nodes_root_idx')
      .on(t.owner)
      .where(sql`${t.parentId} is null`),
    // Names are unique among live siblings, whatever their case (as people read them).
    uniqueIndex('file_nodes_sibling_name_idx')
      .on(t.parentId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('file_nodes_owner_idx').on(t.owner),
    // The purge finds the trash's old items, and whether a key is still named.
    index('file_nodes_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('file_nodes_storage_key_idx').on(t.storageKey),
  ],
);

export type FileNodeRow = typeof fileNodes.$inferSelect;
