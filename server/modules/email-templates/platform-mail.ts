/**
 * The platform's own mails (password recovery, invitation, booking confirmation, ticket, quote,
 * invoice) render from the administrator's templates (docs/email-templates.md): business_id null, one per kind
 * and language (`locale`), seeded from platform-sources.ts. An administrator restyles one by
 * saving a new version on the setup page; the next such mail reads the new current version.
 *
 * A mail is never lost to a template: missing (deleted, or its name was taken before the seed
 * ran) or unreadable, it is sent from the built-in English source, and the server log says so.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformMailKind, PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { substitute } from '../../../src/domain/email-templates/variables';
import type { Db } from '../../db/client';
import { PLATFORM_SOURCES } from './platform-sources';
import { renderSource } from './render';
import { emailTemplates as e, emailTemplateVersions as v } from './tables';

export interface PlatformMail {
  subject: string;
  html: string;
  text: string;
}

interface Stored {
  subject: string;
  html: string;
  text: string;
}

/** Adds the platform templates a database lacks (a fresh one, or one from before they existed). */
export async function seedPlatformTemplates(db: Db, now = Date.now()): Promise<void> {
  const have = await db.select({ kind: e.kind, locale: e.locale }).from(e).where(isNull(e.businessId));
  const at = new Date(now);
  for (const [locale, sources] of Object.entries(PLATFORM_SOURCES)) {
    for (const [kind, source] of Object.entries(sources) as [PlatformMailKind, (typeof sources)[PlatformMailKind]][]) {
      if (have.some((h) => h.kind === kind && h.locale === locale)) continue;
      const rendered = await renderSource({ kind, subject: source.subject, mjml: source.mjml });
      await db.transaction(async (tx) => {
        // DO NOTHING: another process seeding at the same time, or an administrator's template
        // already named so (that kind then keeps the built-in text until the name is freed).
        const [row] = await tx
          .insert(e)
          .values({
            businessId: null,
            name: source.name,
            kind,
            locale,
            currentVersion: 1,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: e.id });
        if (!row) return;
        await tx.insert(v).values({
          templateId: row.id,
          version: 1,
          subject: source.subject,
          mjml: source.mjml,
          html: rendered.html,
          text: rendered.text,
          findings: rendered.findings,
          createdAt: at,
        });
      });
    }
  }
}

async function currentVersion(db: Db, kind: PlatformMailKind, locale: PlatformMailLocale): Promise<Stored | null> {
  const [row] = await db
    .select({ subject: v.subject, html: v.html, text: v.text })
    .from(e)
    .innerJoin(v, and(eq(v.templateId, e.id), eq(v.version, e.currentVersion)))
    .where(and(isNull(e.businessId), eq(e.kind, kind), eq(e.locale, locale)));
  return row ?? null;
}

/** The built-in English, rendered once per process. */
const builtIns = new Map<PlatformMailKind, Promise<Stored>>();
function builtIn(kind: PlatformMailKind): Promise<Stored> {
  let found = builtIns.get(kind);
  if (!found) {
    const source = PLATFORM_SOURCES.en[kind];
    found = renderSource({ kind, subject: source.subject, mjml: source.mjml }).then((r) => ({
      subject: source.subject,
      html: r.html,
      text: r.text,
    }));
    builtIns.set(kind, found);
  }
  return found;
}

/** The same filling as the preview's (render.ts withSampleData): escaped in the HTML only. */
const fill = (stored: Stored, values: Readonly<Record<string, string>>): PlatformMail => ({
  subject: substitute(stored.subject, values).replace(/\s+/g, ' ').trim(),
  html: substitute(stored.html, values, true),
  text: substitute(stored.text, values),
});

/**
 * The mail of this kind in `locale` (its English when that language has none), from the current
 * version of the platform's template, its placeholders filled with `variables`.
 */
export async function renderPlatformMail(
  app: FastifyInstance,
  kind: PlatformMailKind,
  locale: PlatformMailLocale,
  variables: Readonly<Record<string, string>>,
): Promise<PlatformMail> {
  return (await platformMailFiller(app, kind, locale))(variables);
}

/**
 * renderPlatformMail in two steps: the template is read now, and filled for each recipient
 * later without reading the database — for mails written inside a transaction (the moved
 * event's, recorded with the change), where only the transaction may be queried.
 */
export async function platformMailFiller(
  app: FastifyInstance,
  kind: PlatformMailKind,
  locale: PlatformMailLocale,
): Promise<(variables: Readonly<Record<string, string>>) => PlatformMail> {
  const { db } = app.ctx.database;
  try {
    const stored =
      (await currentVersion(db, kind, locale)) ?? (locale === 'en' ? null : await currentVersion(db, kind, 'en'));
    if (stored) return (variables) => fill(stored, variables);
    app.log.warn({ kind, locale }, 'no platform email template of this kind: sending the built-in English');
  } catch (err) {
    app.log.error({ err, kind, locale }, 'platform email template unreadable: sending the built-in English');
  }
  const stored = await builtIn(kind);
  return (variables) => fill(stored, variables);
}
