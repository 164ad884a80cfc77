/**
 * The form builder's tables (product brief section 2: form_builder, ADMIN; the platform's own
 * forms, so no business column). A form's draft is edited freely; publishing copies it into an
 * immutable numbered version, and each submission names the version it answered, so a later
 * edit never hides or reshapes an old answer. A slug given up by a rename stays in
 * form_slug_aliases for good: printed links keep reaching the form (308), and no form takes it.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContactMapping } from '../../../src/domain/forms/contact-mapping';
import type { FormField } from '../../../src/domain/forms/definition';
import type { AnswerValue } from '../../../src/domain/forms/evaluate';
import { id, users } from '../../db/tables/core';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull();

export const forms = pgTable('forms', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  draft: jsonb('draft').$type<FormField[]>().notNull().default([]),
  /** The draft's "save answers as contacts" mapping (null: off); published with the fields. */
  contactMapping: jsonb('contact_mapping').$type<ContactMapping | null>(),
  /** The newest version's number, null until the first publish. */
  publishedVersion: integer('published_version'),
  /**
   * When its admin stopped it taking answers (null: it takes them): its public address says it
   * takes no more, and a submission or an upload to it is refused (409 formClosed).
   */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at'),
  updatedAt: at('updated_at'),
});

export const formVersions = pgTable(
  'form_versions',
  {
    id: id(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    /** The mapping this version's submissions follow: it names this version's own fields. */
    contactMapping: jsonb('contact_mapping').$type<ContactMapping | null>(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: at('published_at'),
  },
  (t) => [uniqueIndex('form_versions_form_version_idx').on(t.formId, t.version)],
);

export const formSlugAliases = pgTable(
  'form_slug_aliases',
  {
    slug: text('slug').primaryKey(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    retiredAt: at('retired_at'),
  },
  (t) => [index('form_slug_aliases_form_idx').on(t.formId)],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: id(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    answers: jsonb('answers').$type<Record<string, AnswerValue>>().notNull(),
    /** HMAC of the sender's IP (never the address itself): the per-IP limit counts by it. */
    ipHash: text('ip_hash').notNull(),
    /**
     * The start token's MAC (start-token.ts): one opening of the form stores one answer, so Send
     * again after an answer was lost on its way back stores nothing new. Null on older rows.
     */
    startKey: text('start_key'),
    /**
     * Sent faster than the minimum fill time (submission-service.ts): kept for the form's owner
     * to judge, outside the answers, their counts and export, until marked "Not spam".
     */
    spam: boolean('spam').notNull().default(false),
    createdAt: at('created_at'),
  },
  (t) => [
    // The submissions list (per form, per version, newest first) and the CSV read by it.
    index('form_submissions_form_version_idx').on(t.formId, t.version, t.createdAt),
    uniqueIndex('form_submissions_start_key_idx').on(t.formId, t.startKey),
    // The per-IP limit: this sender's recent submissions.
    index('form_submissions_ip_idx').on(t.ipHash, t.createdAt),
  ],
);

/**
 * Files given to a public form's file fields (on the storage adapter, under a random key). An
 * upload names the form, the version opened and the field; a submission claims it by its id
 * (submission_id set in the submission's transaction), so an id from elsewhere, another field's
 * or one claimed already is refused. Unclaimed uploads (a form abandoned) are swept after a day.
 */
export const formUploads = pgTable(
  'form_uploads',
  {
    id: id(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fieldKey: text('field_key').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The uploader's file name, cleaned (shown and offered on download). */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    ipHash: text('ip_hash').notNull(),
    submissionId: uuid('submission_id').references(() => formSubmissions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at'),
  },
  (t) => [
    index('form_uploads_submission_idx').on(t.submissionId),
    // The per-IP limit, and the sweep of old unclaimed uploads.
    index('form_uploads_ip_idx').on(t.ipHash, t.createdAt),
    index('form_uploads_created_idx').on(t.createdAt),
  ],
);
