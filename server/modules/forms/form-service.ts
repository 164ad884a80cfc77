/**
 * The only writer of forms, their versions and their slug aliases (the form builder, product
 * brief section 2). Publishing and renaming lock the form's row, so two publishes of one form
 * never take the same number and a rename never loses its alias.
 *
 * Slugs: a slug names one form at a time; a slug a rename gave up stays reserved for that form
 * as an alias forever (its printed links answer 308), so a taken slug and a retired one both
 * answer 409, each with its message.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { breakingChanges, breakingErrors } from '../../../src/domain/forms/breaking';
import type { FormDefinition } from '../../../src/domain/forms/definition';
import { MESSAGES } from '../../../src/domain/messages';
import { sameVersion } from '../../../src/domain/resources/version';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { formSlugAliases, formSubmissions, formUploads, formVersions, forms } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbLike = Db | Tx;
export type FormRow = typeof forms.$inferSelect;
export type FormVersionRow = typeof formVersions.$inferSelect;

// "forms"."id" written out: inside the subquery an unqualified "id" would be the submission's own.
// Answers kept as spam (submission-service.ts) are not counted.
const submissionCount = sql<number>`(select count(*)::int from ${formSubmissions} where ${formSubmissions.formId} = "forms"."id" and not ${formSubmissions.spam})`;

export async function listForms(db: Db, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: forms.id,
        name: forms.name,
        slug: forms.slug,
        publishedVersion: forms.publishedVersion,
        closedAt: forms.closedAt,
        updatedAt: forms.updatedAt,
        submissions: submissionCount,
      })
      .from(forms)
      .orderBy(desc(forms.updatedAt), forms.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(forms),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** 409 when the slug names a form now, or named one before (an alias). */
async function checkSlugFree(db: DbLike, slug: string) {
  const [taken] = await db.select({ id: forms.id }).from(forms).where(eq(forms.slug, slug)).limit(1);
  if (taken) throw conflict(MESSAGES.formSlugTaken, { slug: MESSAGES.formSlugTaken });
  const [retired] = await db
    .select({ slug: formSlugAliases.slug })
    .from(formSlugAliases)
    .where(eq(formSlugAliases.slug, slug));
  if (retired) throw conflict(MESSAGES.formSlugRetired, { slug: MESSAGES.formSlugRetired });
}

export async function createForm(db: Db, input: { name: string; slug: string }, userId: string, now: Date) {
  return db.transaction(async (tx) => {
    await checkSlugFree(tx, input.slug);
    const [row] = await tx
      .insert(forms)
      .values({ ...input, createdBy: userId, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}

async function formBySlug(db: DbLike, slug: string, lock = false) {
  const query = db.select().from(forms).where(eq(forms.slug, slug)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getForm(db: Db, slug: string) {
  const form = await formBySlug(db, slug);
  const [versions, aliases, counts] = await Promise.all([
    db.select().from(formVersions).where(eq(formVersions.formId, form.id)).orderBy(desc(formVersions.version)),
    db.select({ slug: formSlugAliases.slug }).from(formSlugAliases).where(eq(formSlugAliases.formId, form.id)),
    db
      .select({ version: formSubmissions.version, spam: formSubmissions.spam, n: count() })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id))
      .groupBy(formSubmissions.version, formSubmissions.spam),
  ]);
  // Each version counts its answers; those kept as spam are counted apart (submission-service.ts).
  const byVersion = new Map(counts.filter((c) => !c.spam).map((c) => [c.version, c.n]));
  return {
    ...form,
    aliases: aliases.map((a) => a.slug).sort(),
    versions: versions.map((v) => ({ ...v, submissions: byVersion.get(v.version) ?? 0 })),
    spam: counts.filter((c) => c.spam).reduce((sum, c) => sum + c.n, 0),
  };
}

export async function updateForm(db: Db, slug: string, input: { name?: string; slug?: string }, now: Date) {
  return db.transaction(async (tx) => {
    const form = await formBySlug(tx, slug, true);
    if (input.slug && input.slug !== form.slug) {
      await checkSlugFree(tx, input.slug);
      await tx.insert(formSlugAliases).values({ slug: form.slug, formId: form.id, retiredAt: now });
    }
    const [row] = await tx
      .update(forms)
      .set({ name: input.name ?? form.name, slug: input.slug ?? form.slug, updatedAt: nextVersion(now) })
      .where(eq(forms.id, form.id))
      .returning();
    return row!;
  });
}

/**
 * Stops the form taking answers (closed since now; closed already, since then) or takes them
 * again. Not a change of the form's draft or address, so `updatedAt` (the version a builder tab's
 * draft save is checked against) stays: a tab open on the form still saves its draft.
 */
export async function setAccepting(db: Db, slug: string, accepting: boolean, now: Date) {
  const form = await formBySlug(db, slug);
  await db
    .update(forms)
    .set({ closedAt: accepting ? null : (form.closedAt ?? now) })
    .where(eq(forms.id, form.id));
}

/**
 * Deletes a form and everything of it: its versions, old slugs, submissions (spam included) and
 * the rows of its uploaded files (each table's rows go with the form's, on delete cascade).
 * Answers how many submissions went, and the storage keys of its files for the caller to remove
 * once this has committed (upload-service.ts removeFiles), as the sweep of unclaimed uploads does:
 * a failure to remove one leaves an orphan file, never a row pointing at no file. The contacts
 * its answers created are the CRM's and stay.
 *
 * Its slug, and any old slug kept as its alias, are free again (their rows go with the form): a
 * test form's or a spammed form's address is the one its owner wants for the real form, as on
 * Google Forms or Tally, and nothing remains to keep it for. Until a new form takes it, the
 * public address answers 404, as any address that leads to no form does.
 */
export async function deleteForm(db: Db, slug: string) {
  return db.transaction(async (tx) => {
    // Locked: a publish, a rename or "Not spam" of this form waits, then finds it gone (404).
    const form = await formBySlug(tx, slug, true);
    const [answers] = await tx.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formId, form.id));
    const files = await tx
      .select({ key: formUploads.storageKey })
      .from(formUploads)
      .where(eq(formUploads.formId, form.id));
    await tx.delete(forms).where(eq(forms.id, form.id));
    return { submissions: answers?.n ?? 0, storageKeys: files.map((f) => f.key) };
  });
}

/**
 * A write's new `updatedAt`: now, but always after the one it replaces, so two writes within one
 * millisecond (or under a test's fixed clock) still leave two versions a builder tab can tell apart.
 */
const nextVersion = (now: Date) =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${forms.updatedAt} + interval '1 millisecond')`;

/**
 * Saves the draft. `seen` is the form's `updatedAt` as the builder tab last had it (its own writes
 * move it on): saved, renamed or published since from elsewhere, 409 recordChangedMeanwhile and
 * nothing is written — checked under the row's lock, so a write landing in between is seen.
 * Without it (an API script) the draft is written as before.
 */
export async function saveDraft(db: Db, slug: string, draft: FormDefinition, now: Date, seen?: string | null) {
  return db.transaction(async (tx) => {
    const form = await formBySlug(tx, slug, true);
    if (seen && !sameVersion(form.updatedAt, seen)) throw conflict(MESSAGES.recordChangedMeanwhile);
    const [row] = await tx
      .update(forms)
      .set({ draft: draft.fields, contactMapping: draft.contactMapping, updatedAt: nextVersion(now) })
      .where(eq(forms.id, form.id))
      .returning();
    return row!;
  });
}

/** The newest version of a form, or null before its first publish. */
export async function latestVersion(db: DbLike, formId: string) {
  const [v] = await db
    .select()
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return v ?? null;
}

/**
 * The draft becomes the next numbered version. Refused: an empty form (400), a draft equal to
 * the newest version (409), and a draft that breaks old answers unless `confirmBreaking` (409
 * naming each change by field, breaking.ts).
 */
export async function publishForm(db: Db, slug: string, confirmBreaking: boolean, userId: string, now: Date) {
  return db.transaction(async (tx) => {
    const form = await formBySlug(tx, slug, true);
    if (form.draft.length === 0) throw badRequest(MESSAGES.formFieldsRequired, { fields: MESSAGES.formFieldsRequired });
    const latest = await latestVersion(tx, form.id);
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (latest && same(latest.fields, form.draft) && same(latest.contactMapping, form.contactMapping))
      throw conflict(MESSAGES.formUnchanged);
    const changes = latest ? breakingChanges(latest.fields, form.draft) : [];
    if (changes.length && !confirmBreaking) throw conflict(MESSAGES.formBreakingChanges, breakingErrors(changes));
    const version = (latest?.version ?? 0) + 1;
    const [row] = await tx
      .insert(formVersions)
      .values({
        formId: form.id,
        version,
        fields: form.draft,
        contactMapping: form.contactMapping,
        publishedBy: userId,
        publishedAt: now,
      })
      .returning();
    await tx
      .update(forms)
      .set({ publishedVersion: version, updatedAt: nextVersion(now) })
      .where(eq(forms.id, form.id));
    return row!;
  });
}

/** The form a public link names, or where an old slug went (404 when neither). */
export async function formAtLink(db: Db, slug: string): Promise<{ moved: string } | { form: FormRow }> {
  const [form] = await db.select().from(forms).where(eq(forms.slug, slug)).limit(1);
  if (form) return { form };
  const [alias] = await db
    .select({ slug: forms.slug })
    .from(formSlugAliases)
    .innerJoin(forms, eq(forms.id, formSlugAliases.formId))
    .where(eq(formSlugAliases.slug, slug));
  if (alias) return { moved: alias.slug };
  throw notFound();
}

/** The published form a public link names: its newest version, or where an old slug went. */
export async function publishedForm(
  db: Db,
  slug: string,
): Promise<{ moved: string } | { form: FormRow; version: typeof formVersions.$inferSelect }> {
  const found = await formAtLink(db, slug);
  if ('moved' in found) return found;
  const version = await latestVersion(db, found.form.id);
  if (!version) throw notFound();
  return { form: found.form, version };
}

/** One version of a form (the one a submission's start token names). */
export async function versionOf(db: DbLike, formId: string, version: number) {
  const [v] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
  return v ?? null;
}
