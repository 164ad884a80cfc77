/**
 * The form builder's calls for ADMIN (product brief section 2: form_builder and
 * form_builder/{slug}/edit; section 7 names /api/Form, our reading in src/domain/forms/api.ts):
 * list and create forms, read one, rename it or move its slug, save the draft, publish it as a
 * version, stop it taking answers (or take them again), delete it with its answers and files,
 * read its submissions (or those kept as spam, and mark one "Not spam") and export them as CSV.
 * The platform's own forms: no business, so no tenant to check beyond the role (ADMIN).
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FORM_API, FORM_BUILDER_ROLES } from '../../../src/domain/forms/api';
import type { FormField } from '../../../src/domain/forms/definition';
import {
  acceptingSchema,
  createFormSchema,
  draftSchema,
  listQuery,
  publishSchema,
  renameFormSchema,
  submissionsQuery,
} from '../../../src/domain/forms/requests';
import {
  formDeletedAnswer,
  formDetail,
  formSummary,
  notSpamAnswer,
  submissionAnswer,
} from '../../../src/domain/forms/wire';
import { caller } from '../../auth/access';
import { conflictResponse, errorResponses, fileResponse, ok, okList, sendDownload } from '../../http/response';
import { paged } from '../../http/paging';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import {
  createForm,
  deleteForm,
  formAtLink,
  getForm,
  listForms,
  publishForm,
  saveDraft,
  setAccepting,
  updateForm,
} from './form-service';
import { listSubmissions, markNotSpam, submissionsCsv } from './submission-service';
import { readUpload, removeFiles } from './upload-service';

const tags = ['Forms'];
const ADMIN = { access: { roles: FORM_BUILDER_ROLES } };
const slugParams = z.object({ slug: z.string().max(80) });
const fileParams = slugParams.extend({ id: z.string().max(64) });
const submissionParams = fileParams;
/** A call at a form's old slug (the preHandler below). */
const moved = { 308: z.null().describe('The form moved to a new slug: the same call there (the `Location` header)') };

/** A field as the wire carries it: every property present, null where unset. */
export const fieldOut = (f: FormField) => ({
  ...f,
  min: f.min ?? null,
  max: f.max ?? null,
  pattern: f.pattern ?? null,
  showIf: f.showIf ?? null,
  requiredIf: f.requiredIf ?? null,
  param: f.param ?? null,
  // Versions published before file fields have no `accept`.
  accept: f.accept ?? [],
});

const detailOut = async (request: FastifyRequest, slug: string) => {
  const form = await getForm(request.server.ctx.database.db, slug);
  return {
    id: form.id,
    name: form.name,
    slug: form.slug,
    aliases: form.aliases,
    draft: form.draft.map(fieldOut),
    contactMapping: form.contactMapping ?? null,
    versions: form.versions.map((v) => ({ ...v, fields: v.fields.map(fieldOut) })),
    spam: form.spam,
    closedAt: form.closedAt,
    updatedAt: form.updatedAt,
  };
};

const now = (request: FastifyRequest) => new Date(request.server.ctx.now());

const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  // A form's old slug (left by a move) answers 308 to the same call at its slug, as its public
  // link does: a builder tab opened before the move saves its draft, a bookmark opens the form.
  // After the access check (onRequest), so only an admin learns where a form went.
  app.addHook('preHandler', async (request, reply) => {
    const { slug } = request.params as { slug?: string };
    if (!slug) return;
    const found = await formAtLink(db, slug).catch(() => null);
    if (found && 'moved' in found)
      return reply.redirect(request.url.replace(`${FORM_API.forms}/${slug}`, `${FORM_API.forms}/${found.moved}`), 308);
  });

  app.get(
    FORM_API.forms,
    {
      schema: {
        tags,
        summary: 'The forms, last changed first (paged)',
        querystring: listQuery,
        response: { 200: okList(formSummary), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listForms(db, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    FORM_API.forms,
    {
      schema: {
        tags,
        summary: 'A new form with a name and a slug (its public address); a slug in use or retired answers 409',
        body: createFormSchema,
        response: { 201: ok(formDetail), ...errorResponses, ...conflictResponse },
      },
      config: ADMIN,
    },
    async (request, reply) => {
      const form = await createForm(db, request.body, caller(request).userId, now(request));
      return reply.code(201).send({ result: await detailOut(request, form.slug) });
    },
  );

  app.get(
    FORM_API.form,
    {
      schema: {
        tags,
        summary: 'One form: its draft, its versions (newest first, each with its submission count), its old slugs',
        params: slugParams,
        response: { ...moved, 200: ok(formDetail), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => ({ result: await detailOut(request, request.params.slug) }),
  );

  app.patch(
    FORM_API.form,
    {
      schema: {
        tags,
        summary:
          'Rename a form or move it to a new slug: the old slug stays an alias (its public link answers 308); ' +
          'a slug in use or retired answers 409',
        params: slugParams,
        body: renameFormSchema,
        response: { ...moved, 200: ok(formDetail), ...errorResponses, ...conflictResponse },
      },
      config: ADMIN,
    },
    async (request) => {
      const form = await updateForm(db, request.params.slug, request.body, now(request));
      return { result: await detailOut(request, form.slug) };
    },
  );

  app.delete(
    FORM_API.form,
    {
      schema: {
        tags,
        summary:
          'Delete a form with its versions, its submissions (spam included) and their files. Its slug and old ' +
          'slugs are free again; its public address answers 404. Answers how many submissions went with it',
        params: slugParams,
        response: { ...moved, 200: ok(formDeletedAnswer), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => {
      const { submissions, storageKeys } = await deleteForm(db, request.params.slug);
      // After the commit: a file whose row is gone is removed; one left by a failure is only an orphan.
      await removeFiles(app, storageKeys);
      return { result: { submissions } };
    },
  );

  app.put(
    FORM_API.accepting,
    {
      schema: {
        tags,
        summary:
          'Stop the form taking answers (accepting false): its public address says it takes no more and a ' +
          'submission or upload is refused (409). accepting true takes them again. Its draft and versions stay',
        params: slugParams,
        body: acceptingSchema,
        response: { ...moved, 200: ok(formDetail), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => {
      const { slug } = request.params;
      await setAccepting(db, slug, request.body.accepting, now(request));
      return { result: await detailOut(request, slug) };
    },
  );

  app.put(
    FORM_API.draft,
    {
      schema: {
        tags,
        summary:
          'Save the draft (not public until published). An unknown field type is refused. With `updatedAt` ' +
          '(the form as the builder last had it), a form saved, renamed or published since answers 409',
        params: slugParams,
        body: draftSchema,
        response: { ...moved, 200: ok(formDetail), ...errorResponses, ...conflictResponse },
      },
      config: ADMIN,
    },
    async (request) => {
      const { updatedAt, ...draft } = request.body;
      const form = await saveDraft(db, request.params.slug, draft, now(request), updatedAt);
      return { result: await detailOut(request, form.slug) };
    },
  );

  app.post(
    FORM_API.publish,
    {
      schema: {
        tags,
        summary:
          'Publish the draft as the next numbered version. 409 when nothing changed, or when it removes or retypes ' +
          'a field or removes an option (errors name each, by field key) unless confirmBreaking',
        params: slugParams,
        body: publishSchema,
        response: { ...moved, 200: ok(formDetail), ...errorResponses, ...conflictResponse },
      },
      config: ADMIN,
    },
    async (request) => {
      const { slug } = request.params;
      await publishForm(db, slug, request.body.confirmBreaking, caller(request).userId, now(request));
      return { result: await detailOut(request, slug) };
    },
  );

  app.get(
    FORM_API.submissions,
    {
      schema: {
        tags,
        summary: 'A form’s submissions, newest first, of one version or all (paged)',
        params: slugParams,
        querystring: submissionsQuery,
        response: { ...moved, 200: okList(submissionAnswer), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request, reply) => {
      const form = await getForm(db, request.params.slug);
      const { page, perPage } = request.query;
      const { rows, total } = await listSubmissions(db, form.id, request.query);
      return paged(reply, rows, page, perPage, total);
    },
  );

  app.post(
    FORM_API.notSpam,
    {
      schema: {
        tags,
        summary:
          'Mark a submission kept as spam (sent faster than the minimum fill time) "Not spam": it joins the answers, ' +
          'and its contact and notification follow as for any answer. A contact the mapping refuses is not saved and ' +
          'the answer joins all the same: contactRefused names why, by form field. 404 unless it is this form’s and still spam',
        params: submissionParams,
        response: { ...moved, 200: ok(notSpamAnswer), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request) => {
      const form = await getForm(db, request.params.slug);
      return { result: await markNotSpam(app, form, request.params.id) };
    },
  );

  app.get(
    FORM_API.export,
    {
      schema: {
        tags,
        summary: 'Every submission as CSV, grouped by version (each with its own header), newest version first',
        params: slugParams,
        response: { ...moved, 200: fileResponse('text/csv', 'The submissions'), ...errorResponses },
      },
      config: ADMIN,
    },
    async (request, reply) => {
      const form = await getForm(db, request.params.slug);
      return sendDownload(reply, {
        name: `${form.slug}-submissions.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: Readable.from(submissionsCsv(db, form.id)),
      });
    },
  );

  app.get(
    FORM_API.file,
    {
      schema: {
        tags,
        summary: 'A file given in a submission to one of the form’s file fields, as an attachment',
        params: fileParams,
        response: {
          ...moved,
          200: fileResponse('application/octet-stream', 'The file as uploaded'),
          ...errorResponses,
        },
      },
      config: ADMIN,
    },
    async (request, reply) => {
      const form = await getForm(db, request.params.slug);
      const file = await readUpload(app, form.id, request.params.id);
      return sendDownload(reply, file);
    },
  );
};
export default formRoutes;
