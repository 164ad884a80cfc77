/**
 * The only writer of form submissions, and their reads (the form builder, product brief
 * section 2). A submission is checked by the same evaluator the public renderer runs
 * (src/domain/forms/evaluate.ts), strictly, against the version the person opened, and records
 * that version, so a later edit never reshapes an old answer.
 *
 * Spam without a CAPTCHA, answered with the very answer a person gets, so a bot learns nothing
 * from trying. What only a bot does is dropped quietly: a filled honeypot, a missing or forged
 * start token, more than the per-IP limit in the window. A submission faster than the minimum
 * fill time (3 s by default) is kept but marked spam, since a person whose browser fills the
 * form in can send that fast too: it stays out of the answers, their counts and the CSV, and
 * brings no notification or contact, until the form's admin marks it "Not spam" (markNotSpam),
 * which takes it through the same path a real answer takes when it comes in (welcome). A
 * person's own mistakes (a required field left empty, a bad email) answer 400 with each field's
 * message, however fast. One opening of the form (its start token) stores one answer: sent
 * again, it is answered the same.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { FormField } from '../../../src/domain/forms/definition';
import { answerSearchTerms, answerText } from '../../../src/domain/forms/answer-text';
import { evaluateForm } from '../../../src/domain/forms/evaluate';
import { MESSAGES } from '../../../src/domain/messages';
import { isUuid } from '../../../src/domain/uuid';
import type { Db, DbOrTx } from '../../db/client';
import { foldedLike } from '../../db/folded-like';
import { badRequest, notFound, ValidationError } from '../../http/errors';
import { csvLine } from '../../resources/csv';
import { likePattern } from '../../resources/query';
import { createNotification } from '../notifications';
import { saveContact } from './contact-answers';
import { type FormRow, type FormVersionRow, versionOf } from './form-service';
import { ipHash, readStartToken } from './start-token';
import { formSubmissions, formUploads, formVersions } from './tables';
import { claimUploads, filesOf, uploadErrors } from './upload-service';

export interface SubmissionRequest {
  answers: Record<string, unknown>;
  startToken: string;
  website: string;
  ip: string;
}

/** Stores a person's submission; a bot's is dropped. Either way the caller answers the same. */
export async function submit(app: FastifyInstance, form: FormRow, input: SubmissionRequest): Promise<void> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const { formSubmissionsPerIp, formMinFillMs, windowMinutes } = app.ctx.config.rateLimit;
  if (input.website.trim() !== '') return;
  const start = await readStartToken(app, form.id, input.startToken);
  if (!start) return;
  const spam = now - start.startedAt < formMinFillMs;
  const version = await versionOf(db, form.id, start.version);
  if (!version) return;
  // This opening's answer is stored already: a send again (its files claimed by that answer
  // now) is answered as the first was.
  const [first] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, form.id), eq(formSubmissions.startKey, start.key)))
    .limit(1);
  if (first) return;
  const checked = evaluateForm(version.fields, input.answers, { strict: true });
  // A file field's answer must be an upload to this very field, not claimed yet (upload-service.ts).
  const fileErrors = Object.keys(checked.errors).length
    ? {}
    : await uploadErrors(db, form.id, version.version, version.fields, checked.values);
  const errors = Object.entries({ ...checked.errors, ...fileErrors });
  if (errors.length)
    throw badRequest(MESSAGES.invalidInput, Object.fromEntries(errors.map(([k, m]) => [`answers.${k}`, m])));

  const sender = await ipHash(app, input.ip);
  const since = new Date(now - windowMinutes * 60_000);
  const uploads = version.fields.filter((f) => f.type === 'file' && typeof checked.values[f.key] === 'string');
  const stored = await db.transaction(async (tx) => {
    // The per-IP limit is counted under this sender's lock on the form: sends fired at once
    // (each with its own opening) are counted one after the other, not all against the same count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-sender:${form.id}:${sender}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.ipHash, sender),
          eq(formSubmissions.formId, form.id),
          gte(formSubmissions.createdAt, since),
        ),
      );
    if ((recent?.n ?? 0) >= formSubmissionsPerIp) return false;
    // Two sends of one opening racing past the check above: the unique index keeps the first.
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        formId: form.id,
        version: version.version,
        answers: checked.values,
        ipHash: sender,
        startKey: start.key,
        spam,
        createdAt: new Date(now),
      })
      .onConflictDoNothing({ target: [formSubmissions.formId, formSubmissions.startKey] })
      .returning({ id: formSubmissions.id });
    if (!row) return false;
    await claimUploads(
      tx,
      row.id,
      uploads.map((f) => checked.values[f.key] as string),
    );
    if (!spam) await welcome.inTransaction(app, tx, version, checked.values);
    return true;
  });
  if (stored && !spam) await welcome.afterCommit(app, form, version.version);
}

/**
 * What a real answer brings, as it comes in or when marked "Not spam": its contact (inside the
 * answer's transaction, so a contact the mapping refuses stores neither), then the admins'
 * notification. The one path both take.
 */
const welcome = {
  inTransaction: (app: FastifyInstance, tx: DbOrTx, version: FormVersionRow, answers: Record<string, unknown>) =>
    saveContact(app, tx, version.contactMapping, answers),
  afterCommit: (app: FastifyInstance, form: FormRow, version: number) =>
    createNotification(app, {
      audience: 'role',
      role: 'ADMIN',
      type: 'form',
      notice: 'formSubmission',
      params: { form: form.name, version },
    }),
};

/**
 * "Not spam": a submission kept as spam joins the answers and is welcomed as a real answer is.
 * Not found unless it is this form's and still spam, so a second click (or two admins at once)
 * moves and announces it once.
 *
 * A contact the mapping refuses (an answer the form took but the contact's rules do not, e.g. a
 * one-letter name) does not keep the answer in Spam: a person who sends a refused answer fixes it
 * on the form, but this person was told "received" long ago and the admin cannot edit it, so
 * refusing would leave a real answer in Spam for good. It joins the answers without a contact
 * (the contact's writes undone in their own savepoint), the admins are told as for any answer,
 * and the refusal is answered, by form field, for the screen to say why no contact was saved.
 */
export async function markNotSpam(
  app: FastifyInstance,
  form: FormRow,
  id: string,
): Promise<{ contactRefused: Record<string, string> | null }> {
  if (!isUuid(id)) throw notFound();
  const { db } = app.ctx.database;
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(formSubmissions)
      .set({ spam: false })
      .where(and(eq(formSubmissions.id, id), eq(formSubmissions.formId, form.id), eq(formSubmissions.spam, true)))
      .returning({ version: formSubmissions.version, answers: formSubmissions.answers });
    if (!row) throw notFound();
    const answered = await versionOf(tx, form.id, row.version);
    if (!answered) throw notFound();
    try {
      await tx.transaction((contact) => welcome.inTransaction(app, contact, answered, row.answers));
      return { version: row.version, contactRefused: null };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return { version: row.version, contactRefused: err.errors };
    }
  });
  await welcome.afterCommit(app, form, moved.version);
  return { contactRefused: moved.contactRefused };
}

export async function listSubmissions(
  db: Db,
  formId: string,
  q: { version?: number; q?: string; spam: 'true' | 'false'; page: number; perPage: number },
) {
  // The search reads each answer's value as text (not the keys), case and accents apart ('jose'
  // finds José, as the app's other searches do), and finds a date or a phone as the screen shows
  // it (answerSearchTerms): a scan of the form's own rows, which the (form, version, time) index narrows.
  const likes = q.q ? answerSearchTerms(q.q).map((term) => foldedLike(sql`a.value`, likePattern(term))) : null;
  const where = and(
    eq(formSubmissions.formId, formId),
    eq(formSubmissions.spam, q.spam === 'true'),
    q.version === undefined ? undefined : eq(formSubmissions.version, q.version),
    likes === null
      ? undefined
      : sql`exists (select 1 from jsonb_each_text(${formSubmissions.answers}) a where ${sql.join(likes, sql` or `)})`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: formSubmissions.id,
        version: formSubmissions.version,
        answers: formSubmissions.answers,
        createdAt: formSubmissions.createdAt,
      })
      .from(formSubmissions)
      .where(where)
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(formSubmissions).where(where),
  ]);
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, files: files.get(r.id) ?? [] })), total: total?.n ?? 0 };
}

/**
 * Every submission as CSV, grouped by version (newest version first): a line naming the
 * version, its own header (its fields' labels, as they read in that version), then its
 * submissions oldest first, and an empty line. Each version keeps its own columns, so an answer
 * to a field removed later is still there under its old label.
 */
export async function* submissionsCsv(db: Db, formId: string): AsyncGenerator<string> {
  const versions = await db
    .select({ version: formVersions.version, fields: formVersions.fields })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version));
  // MM/DD/YYYY h:mm A (product brief, formats), in UTC: the platform's forms have no business time zone.
  const clock = new Intl.DateTimeFormat('en-US', {
    ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' },
    timeZone: 'UTC',
  });
  const when = (d: Date) => clock.format(d).replace(',', '');
  // A file field's cell is the file's name (its answer holds the upload's id).
  const names = new Map(
    (
      await db
        .select({ id: formUploads.id, name: formUploads.name })
        .from(formUploads)
        .where(and(eq(formUploads.formId, formId), isNotNull(formUploads.submissionId)))
    ).map((u) => [u.id, u.name]),
  );
  const value = (f: FormField, answer: unknown) =>
    f.type === 'file' && typeof answer === 'string' ? (names.get(answer) ?? answer) : answerText(f.type, answer, '; ');
  for (const v of versions) {
    const fields: FormField[] = v.fields;
    yield csvLine([`Version ${v.version}`]);
    yield csvLine(['Submitted at (UTC)', ...fields.map((f) => f.label)]);
    const rows = await db
      .select({ answers: formSubmissions.answers, createdAt: formSubmissions.createdAt })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.formId, formId),
          eq(formSubmissions.version, v.version),
          eq(formSubmissions.spam, false),
        ),
      )
      .orderBy(formSubmissions.createdAt, formSubmissions.id);
    for (const r of rows) yield csvLine([when(r.createdAt), ...fields.map((f) => value(f, r.answers[f.key]))]);
    yield '\r\n';
  }
}
