/**
 * Email templates (email_templates_management) and their versions. A template belongs to a
 * business, or to the platform when an administrator made it (business_id null); its name is
 * unique within its owner whatever its case (the platform's are one owner too). Every save writes
 * a new version and moves `current_version`; versions are never changed or deleted while their
 * template lives, so a send approved with version 3 still reads version 3 after later saves.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EmailDesign } from '../../../src/domain/email-templates/blocks';
import type { Finding } from '../../../src/domain/email-templates/checks';
import type { EmailTemplateKind } from '../../../src/domain/email-templates/kinds';
import { businesses, createdAt, id, users } from '../../db/tables/core';

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<EmailTemplateKind>().notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    /**
     * Set on the platform's own mails' templates only (platform-mail.ts seeds them): the language
     * the mail of this kind renders in. One per kind and language; null on every other template.
     */
    locale: text('locale'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A name is its owner's once, whatever its case ("Welcome" and "welcome" are one name to the
    // people picking a template by it), as file and folder names are; accents still tell names
    // apart, as they do there. The platform's own (business null) are one owner.
    uniqueIndex('email_templates_business_name_key')
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.businessId} is not null`),
    uniqueIndex('email_templates_platform_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.businessId} is null`),
    uniqueIndex('email_templates_platform_mail_key')
      .on(t.kind, t.locale)
      .where(sql`${t.businessId} is null and ${t.locale} is not null`),
  ],
);

export const emailTemplateVersions = pgTable(
  'email_template_versions',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => emailTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    subject: text('subject').notNull(),
    mjml: text('mjml').notNull(),
    /**
     * A visual template's blocks (src/domain/email-templates/blocks.ts), its `mjml` made from them;
     * null for source written by hand.
     */
    blocks: jsonb('blocks').$type<EmailDesign>(),
    /** Rendered once at save, placeholders still in: a send only fills them. */
    html: text('html').notNull(),
    text: text('text').notNull(),
    findings: jsonb('findings').$type<Finding[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

/**
 * The pictures uploaded for image blocks (image-routes.ts), by owner: the business (null: the
 * platform's, an administrator's), so its designers can pick one again and a picture no saved
 * version references any more can be removed (image-store.ts). `name` is the stored file's name
 * (`<32 hex>.<ext>`), unique like the storage key it stands for.
 */
export const emailTemplateImages = pgTable(
  'email_template_images',
  {
    name: text('name').primaryKey(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_template_images_business_idx').on(t.businessId, t.createdAt)],
);
