/**
 * Document chat (chat_with_pdf): a business's PDFs, their text in per-page chunks searched with
 * PostgreSQL full-text search (the same in PGlite), and each document's chat. A deleted
 * document keeps its row (deletedAt) so the monthly upload quota still counts it; its file,
 * chunks and messages go.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Citation, DocumentStatus, OcrWord } from '../../../src/domain/documents/documents';
import { businesses, users } from '../../db/tables/core';
import type { LayoutHeading } from './layout';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The id the viewer's URL, the download and the chat server use (chat_with_pdf/{fileId}). */
    fileId: uuid('file_id').notNull().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pages: integer('pages').notNull(),
    /**
     * SHA-256 of the file's bytes (hex): the same PDF uploaded again to the business is refused
     * while a copy is ready or being read (document-service.ts addDocument). Null for uploads made
     * before it was kept.
     */
    contentHash: text('content_hash'),
    status: text('status').$type<DocumentStatus>().notNull().default('processing'),
    /** Why extraction failed (status failed), in words the user can read. */
    error: text('error'),
    /** 1-based numbers of the pages with no text layer (scans). */
    pagesWithoutText: jsonb('pages_without_text').$type<number[]>().notNull().default([]),
    /** 1-based numbers of the pages read by OCR (no text layer; their citations say so). */
    ocrPages: jsonb('ocr_pages').$type<number[]>().notNull().default([]),
    /**
     * The headings found by their type at indexing (layout.ts: "OPTIONS", "Getting started"), as
     * offsets into their page's stored text; what sections.ts reads beside the numbered ones.
     */
    headings: jsonb('headings').$type<LayoutHeading[]>().notNull().default([]),
    /**
     * The indexer that wrote this document's index (INDEX_VERSION, indexer.ts); one written by an
     * older indexer is indexed again when the server starts. 1: before headings were kept.
     */
    indexVersion: integer('index_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('documents_file_id_idx').on(t.fileId),
    index('documents_business_idx').on(t.businessId, t.createdAt),
    index('documents_business_hash_idx').on(t.businessId, t.contentHash),
  ],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** 1-based page the text is on. */
    page: integer('page').notNull(),
    /** Order within the page: the page's text is its chunks joined with one space. */
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('english', "text")`),
  },
  (t) => [
    index('document_chunks_document_idx').on(t.documentId, t.page, t.ordinal),
    index('document_chunks_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * The words OCR read on a scanned page and their places (ocr-words.ts): the viewer marks a quote
 * on a page with no text layer by them. Only pages read by OCR have a row.
 */
export const documentOcrWords = pgTable(
  'document_ocr_words',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    words: jsonb('words').$type<OcrWord[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.page] })],
);

/**
 * A document's chat (documentId), or the business's chat over all its documents (businessId, no
 * documentId; its citations name their documents).
 */
export const documentMessages = pgTable(
  'document_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isUserMessage: boolean('is_user_message').notNull(),
    /** The user who asked (null for answers). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_messages_document_idx').on(t.documentId, t.createdAt, t.id),
    index('document_messages_business_idx').on(t.businessId, t.createdAt, t.id),
  ],
);
