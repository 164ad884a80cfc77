/**
 * The public form (the product brief's form builder: at its own URL, lazy-loaded, validated by
 * the server with the same schema): read a published form by its slug, and submit an answer.
 * An old slug answers 308 to the new one, so printed links and QR codes keep working. A form its
 * admin closed answers its page as closed (no fields, no start token) and refuses a submission or
 * an upload with 409 formClosed.
 */
import { z } from 'zod';
import { FORM_API, formPath } from '../../../src/domain/forms/api';
import { FORM_FILE } from '../../../src/domain/forms/definition';
import { submissionSchema, uploadQuery } from '../../../src/domain/forms/requests';
import { publicFormAnswer, receivedAnswer, uploadAnswer } from '../../../src/domain/forms/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { conflict } from '../../http/errors';
import { conflictResponse, errorResponses, ok, tooManyResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { fieldOut } from './form-routes';
import { type FormRow, publishedForm } from './form-service';
import { startToken } from './start-token';
import { registerMultipart } from '../storage';
import { submit } from './submission-service';
import { saveUpload } from './upload-service';

const tags = ['Forms'];
const PUBLIC = { access: 'public' as const };
const slugParams = z.object({ slug: z.string().max(80) });
const moved = { 308: z.null().describe('The form moved to a new slug (the `Location` header)') };
const closed = { 409: conflictResponse[409].describe('The form takes no answers now (formClosed)') };

/** A closed form takes nothing: 409 with the sentence its page shows. */
function refuseClosed(form: FormRow) {
  if (form.closedAt) throw conflict(MESSAGES.formClosed);
}

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  // The largest file any file field may take; each field's own limit is set per request.
  await registerMultipart(app, { maxBytes: FORM_FILE.maxMb * 1024 * 1024 });

  app.get(
    FORM_API.publicForm,
    {
      schema: {
        tags,
        summary:
          'Public: a published form’s newest version, with a signed start token to send back with the answer. ' +
          'An old slug answers 308 to the new one. A closed form answers closed: true, without fields or token',
        params: slugParams,
        response: { 200: ok(publicFormAnswer), ...moved, 400: errorResponses[400], 404: errorResponses[404] },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const found = await publishedForm(db, request.params.slug);
      if ('moved' in found) return reply.redirect(formPath('publicForm', found.moved), 308);
      const { form, version } = found;
      reply.header('cache-control', 'no-store');
      const page = { slug: form.slug, name: form.name, version: version.version };
      // Closed: its name and that it takes no answers; no fields to fill, no opening to send back.
      if (form.closedAt) return { result: { ...page, closed: true, fields: [], startToken: '' } };
      const token = await startToken(app, { formId: form.id, version: version.version, startedAt: app.ctx.now() });
      return { result: { ...page, closed: false, fields: version.fields.map(fieldOut), startToken: token } };
    },
  );

  app.post(
    FORM_API.submit,
    {
      schema: {
        tags,
        summary:
          'Public: submit an answer to the version the start token names. Each field’s error answers 400 ' +
          '(errors under answers.<key>); a form never published answers 404; anything else answers ' +
          '{ received: true }, also when it is dropped as spam. A closed form answers 409',
        params: slugParams,
        body: submissionSchema,
        response: {
          200: ok(receivedAnswer),
          ...moved,
          400: errorResponses[400],
          404: errorResponses[404],
          ...closed,
        },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      // A form never published has no public page: 404, as its GET answers (the quiet success
      // is for spam on a published form). The version comes from the start token (the one the
      // person opened), not the newest.
      const found = await publishedForm(db, request.params.slug);
      if ('moved' in found) return reply.redirect(formPath('submit', found.moved), 308);
      // Before any spam rule: a person whose page was open when the form closed is told so.
      refuseClosed(found.form);
      await submit(app, found.form, { ...request.body, ip: request.ip });
      return { result: { received: true } };
    },
  );

  app.post(
    FORM_API.upload,
    {
      schema: {
        tags,
        summary:
          'Public: a file for a file field of the form opened (query field and startToken; multipart part file). ' +
          'Over the field’s size or of a type it does not take answers 400 with the field’s message, nothing ' +
          'stored; the answer’s id is the field’s answer in the submission. A closed form answers 409',
        consumes: ['multipart/form-data'],
        params: slugParams,
        querystring: uploadQuery,
        response: {
          200: ok(uploadAnswer),
          ...moved,
          400: errorResponses[400],
          404: errorResponses[404],
          ...closed,
          ...tooManyResponse,
        },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const found = await publishedForm(db, request.params.slug);
      if ('moved' in found) return reply.redirect(formPath('upload', found.moved), 308);
      refuseClosed(found.form);
      return { result: await saveUpload(app, found.form, request, request.query) };
    },
  );
};
export default publicRoutes;
