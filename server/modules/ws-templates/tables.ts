/**
 * WhatsApp message templates (ws_template_management) and their status history. A template
 * belongs to a business, or to the platform when an administrator made it (business_id null); its
 * name is unique within its owner and language whatever its case (the platform's templates are one
 * owner too).
 * Header, body, footer and buttons are columns of the template itself: the editor always reads
 * and writes them together, and the buttons (at most 3) are a jsonb list.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WsButton, WsCategory, WsHeaderFormat, WsLanguage } from '../../../src/domain/ws-templates/rules';
import type { WsStatus } from '../../../src/domain/ws-templates/status';
import { businesses, createdAt, id, users } from '../../db/tables/core';

export const wsTemplates = pgTable(
  'ws_templates',
  {
    id: id(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').$type<WsCategory>().notNull(),
    language: text('language').$type<WsLanguage>().notNull(),
    headerFormat: text('header_format').$type<WsHeaderFormat>().notNull().default('none'),
    headerText: text('header_text').notNull().default(''),
    headerExample: text('header_example').notNull().default(''),
    headerMediaUrl: text('header_media_url').notNull().default(''),
    body: text('body').notNull(),
    bodyExamples: jsonb('body_examples').$type<string[]>().notNull().default([]),
    footer: text('footer').notNull().default(''),
    buttons: jsonb('buttons').$type<WsButton[]>().notNull().default([]),
    status: text('status').$type<WsStatus>().notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A name is its owner's once per language, whatever its case: Meta keeps one template per name
    // and language (an en_US and an es "welcome" are two translations of one message). The editor
    // takes lower-case names only (src/domain/ws-templates/rules.ts); the index holds the rule for
    // any row written otherwise, as email template names are held (email-templates/tables.ts). The
    // platform's own (business null) are one owner.
    uniqueIndex('ws_templates_business_name_language_key')
      .on(t.businessId, sql`lower(${t.name})`, t.language)
      .where(sql`${t.businessId} is not null`),
    uniqueIndex('ws_templates_platform_name_language_key')
      .on(sql`lower(${t.name})`, t.language)
      .where(sql`${t.businessId} is null`),
  ],
);

/** Every status a template took: creation (from null), submission, approval, rejection, an edit back to draft. */
export const wsTemplateHistory = pgTable(
  'ws_template_history',
  {
    id: id(),
    /** The order entries were written in: `at` is the server's clock, which two quick moves may share. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => wsTemplates.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<WsStatus>(),
    toStatus: text('to_status').$type<WsStatus>().notNull(),
    note: text('note').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ws_template_history_template_idx').on(t.templateId, t.seq)],
);
