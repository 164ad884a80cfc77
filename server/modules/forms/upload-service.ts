/**
 * The only writer of form_uploads: a public form's file field takes its file here, through the
 * server's one multipart reader (server/modules/storage/multipart.ts) to the storage adapter,
 * with the field's own size and types (decided from the bytes) and messages; a refused file
 * leaves nothing stored. The submission then names the upload by id (claimUploads, inside the
 * submission's transaction), and the admins read it back through their sign-in (readUpload).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { fileMaxBytes, fileMessages, type FormField, type FormFileType } from '../../../src/domain/forms/definition';
import { MESSAGES } from '../../../src/domain/messages';
import { isUuid } from '../../../src/domain/uuid';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound, tooManyRequests } from '../../http/errors';
import { cleanFileName, readParts, storeUpload, type StoredUpload } from '../storage';
import { type FormRow, versionOf } from './form-service';
import { ipHash, readStartToken } from './start-token';
import { formUploads } from './tables';

/** The multipart part that carries the file. */
export const UPLOAD_PART = 'file';
/** Uploads kept unclaimed this long (a form left half-filled) are removed by the next upload. */
const UNCLAIMED_MS = 24 * 60 * 60_000;
/** Files one sender may upload to forms within the rate window: a few per submission allowed. */
const UPLOADS_PER_SUBMISSION = 5;

export async function saveUpload(
  app: FastifyInstance,
  form: FormRow,
  request: FastifyRequest,
  query: { field: string; startToken: string },
) {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const start = await readStartToken(app, form.id, query.startToken);
  const version = start ? await versionOf(db, form.id, start.version) : null;
  if (!start || !version) throw badRequest(MESSAGES.formFileInvalid, { [UPLOAD_PART]: MESSAGES.formFileInvalid });
  const field = version.fields.find((f) => f.key === query.field && f.type === 'file');
  if (!field) throw badRequest(MESSAGES.formFieldUnknown, { field: MESSAGES.formFieldUnknown });

  const sender = await ipHash(app, request.ip);
  const { formSubmissionsPerIp, windowMinutes } = app.ctx.config.rateLimit;
  const overLimit = async (q: DbOrTx) => {
    const [recent] = await q
      .select({ n: count() })
      .from(formUploads)
      .where(and(eq(formUploads.ipHash, sender), gte(formUploads.createdAt, new Date(now - windowMinutes * 60_000))));
    return (recent?.n ?? 0) >= formSubmissionsPerIp * UPLOADS_PER_SUBMISSION;
  };
  // Before reading the file, so a sender over the limit sends no bytes to storage...
  if (await overLimit(db)) throw tooManyRequests(windowMinutes * 60);

  const stored = await receiveFile(app, request, field);
  try {
    const row = await db.transaction(async (tx) => {
      // ...and again under the sender's lock: uploads fired at once all passed the first count.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-uploads:${sender}`}))`);
      if (await overLimit(tx)) throw tooManyRequests(windowMinutes * 60);
      const [inserted] = await tx
        .insert(formUploads)
        .values({
          formId: form.id,
          version: version.version,
          fieldKey: field.key,
          storageKey: stored.key,
          name: stored.name,
          size: stored.size,
          contentType: stored.contentType,
          ipHash: sender,
          createdAt: new Date(now),
        })
        .returning({ id: formUploads.id, name: formUploads.name, size: formUploads.size });
      return inserted!;
    });
    await sweepUnclaimed(app, now).catch((err: unknown) => app.log.warn({ err }, 'form upload sweep failed'));
    return row;
  } catch (err) {
    await app.ctx.storage.delete(stored.key).catch(() => undefined);
    throw err;
  }
}

/** Reads the request's one file part into storage as the field's kind of file. */
async function receiveFile(app: FastifyInstance, request: FastifyRequest, field: FormField) {
  const maxBytes = fileMaxBytes(field);
  const { tooLarge, wrongType } = fileMessages(field);
  const kind = { folder: 'form-files', maxBytes, accept: field.accept as FormFileType[], tooLarge, wrongType };
  let stored: (StoredUpload & { name: string }) | null = null;
  if (!request.isMultipart()) throw badRequest(MESSAGES.fieldRequired, { [UPLOAD_PART]: MESSAGES.fieldRequired });
  await readParts(request, {
    files: [UPLOAD_PART],
    tooLarge,
    refuseOtherFiles: true,
    // One byte over the field's size is the storage's cue to stop (registerMultipart).
    limits: { fileSize: maxBytes + 1, files: 1 },
    onFile: async (_, part) => {
      const file = await storeUpload(app.ctx.storage, kind, UPLOAD_PART, part.file);
      stored = { ...file, name: cleanFileName(part.filename, 'file') };
    },
  });
  if (!stored) throw badRequest(MESSAGES.fieldRequired, { [UPLOAD_PART]: MESSAGES.fieldRequired });
  return stored as StoredUpload & { name: string };
}

/** Removes stored files whose rows are gone (a deleted form's); one that fails is logged, not thrown. */
export async function removeFiles(app: FastifyInstance, keys: readonly string[]) {
  for (const key of keys)
    await app.ctx.storage.delete(key).catch((err: unknown) => app.log.warn({ err, key }, 'form file removal failed'));
}

/** Removes a few uploads never claimed by a submission within a day, and their files. */
async function sweepUnclaimed(app: FastifyInstance, now: number) {
  const { db } = app.ctx.database;
  const old = await db
    .select({ id: formUploads.id, key: formUploads.storageKey })
    .from(formUploads)
    .where(and(isNull(formUploads.submissionId), lt(formUploads.createdAt, new Date(now - UNCLAIMED_MS))))
    .limit(20);
  if (!old.length) return;
  await db.delete(formUploads).where(
    and(
      inArray(
        formUploads.id,
        old.map((o) => o.id),
      ),
      isNull(formUploads.submissionId),
    ),
  );
  for (const o of old) await app.ctx.storage.delete(o.key);
}

/**
 * The file fields' answers of a submission checked against their uploads: each must be an
 * upload to this form, this version and this field, not claimed yet. Answers the fields' errors.
 */
export async function uploadErrors(
  db: Db,
  formId: string,
  version: number,
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, string>> {
  const wanted = fields.filter((f) => f.type === 'file' && typeof values[f.key] === 'string');
  if (!wanted.length) return {};
  const ids = wanted.map((f) => values[f.key] as string);
  const rows = await db
    .select({ id: formUploads.id, fieldKey: formUploads.fieldKey })
    .from(formUploads)
    .where(
      and(
        inArray(formUploads.id, ids),
        eq(formUploads.formId, formId),
        eq(formUploads.version, version),
        isNull(formUploads.submissionId),
      ),
    );
  const found = new Map(rows.map((r) => [r.id, r.fieldKey]));
  const errors: Record<string, string> = {};
  for (const f of wanted) if (found.get(values[f.key] as string) !== f.key) errors[f.key] = MESSAGES.formFileInvalid;
  return errors;
}

/** Claims the uploads for a submission in its transaction; one claimed meanwhile refuses it all. */
export async function claimUploads(tx: DbOrTx, submissionId: string, ids: readonly string[]) {
  if (!ids.length) return;
  const claimed = await tx
    .update(formUploads)
    .set({ submissionId })
    .where(and(inArray(formUploads.id, [...ids]), isNull(formUploads.submissionId)))
    .returning({ id: formUploads.id });
  if (claimed.length !== ids.length) throw badRequest(MESSAGES.formFileInvalid);
}

/** The files of these submissions, by submission id. */
export async function filesOf(db: Db, submissionIds: readonly string[]) {
  const out = new Map<string, { key: string; id: string; name: string; size: number }[]>();
  if (!submissionIds.length) return out;
  const rows = await db
    .select({
      submissionId: formUploads.submissionId,
      key: formUploads.fieldKey,
      id: formUploads.id,
      name: formUploads.name,
      size: formUploads.size,
    })
    .from(formUploads)
    .where(inArray(formUploads.submissionId, [...submissionIds]));
  for (const { submissionId, ...file } of rows) {
    const list = out.get(submissionId!) ?? [];
    list.push(file);
    out.set(submissionId!, list);
  }
  return out;
}

/** A submitted file of this form, for its admins; an unclaimed or unknown id is not found. */
export async function readUpload(app: FastifyInstance, formId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await app.ctx.database.db
    .select()
    .from(formUploads)
    .where(and(eq(formUploads.id, id), eq(formUploads.formId, formId)))
    .limit(1);
  if (!row?.submissionId) throw notFound();
  const file = await app.ctx.storage.get(row.storageKey);
  if (!file) throw notFound();
  return { ...file, name: row.name, contentType: row.contentType };
}
