/**
 * The public form (the product brief's form builder: at its own URL, lazy-loaded, validated by
 * the server with the same schema): read a published form by its slug, and submit an answer.
 * An old slug answers 308 to the new one, so printed links and QR codes keep working.
 */
import { z } from 'zod';
import { FORM_API, formPath } from '../../../src/domain/forms/api';
import { FORM_FILE } from '../../../src/domain/forms/definition';
import { submissionSchema, uploadQuery } from '../../../src/domain/forms/requests';
import { publicFormAnswer, receivedAnswer, uploadAnswer } from '../../../src/domain/forms/wire';
import { errorResponses, ok, tooManyResponse } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { fieldOut } from './form-routes';
import { publishedForm } from './form-service';
import { startToken } from './start-token';
import { registerMultipart } from '../storage';
import { submit } from './submission-service';
import { saveUpload } from './upload-service';

const tags = ['Forms'];
const PUBLIC = { access: 'public' as const };
const slugParams = z.object({ slug: z.string().max(80) });
const moved = { 308: z.null().describe('The form moved to a new slug (the `Location` header)') };

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
          'An old slug answers 308 to the new one',
        params: slugParams,
        response: { 200: ok(publicFormAnswer), ...moved, 400: errorResponses[400], 404: errorResponses[404] },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const found = await publishedForm(db, request.params.slug);
      if ('moved' in found) return reply.redirect(formPath('publicForm', found.moved), 308);
      const { form, version } = found;
      const token = await startToken(app, { formId: form.id, version: version.version, startedAt: app.ctx.now() });
      reply.header('cache-control', 'no-store');
      return {
        result: {
          slug: form.slug,
          name: form.name,
          version: version.version,
          fields: version.fields.map(fieldOut),
          startToken: token,
        },
      };
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
          '{ received: true }, also when it is dropped as spam',
        params: slugParams,
        body: submissionSchema,
        response: { 200: ok(receivedAnswer), ...moved, 400: errorResponses[400], 404: errorResponses[404] },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      // A form never published has no public page: 404, as its GET answers (the quiet success
      // is for spam on a published form). The version comes from the start token (the one the
      // person opened), not the newest.
      const found = await publishedForm(db, request.params.slug);
      if ('moved' in found) return reply.redirect(formPath('submit', found.moved), 308);
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
          'stored; the answer’s id is the field’s answer in the submission',
        consumes: ['multipart/form-data'],
        params: slugParams,
        querystring: uploadQuery,
        response: {
          200: ok(uploadAnswer),
          ...moved,
          400: errorResponses[400],
          404: errorResponses[404],
          ...tooManyResponse,
        },
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const found = await publishedForm(db, request.params.slug);
      if ('moved' in found) return reply.redirect(formPath('upload', found.moved), 308);
      return { result: await saveUpload(app, found.form, request, request.query) };
    },
  );
};
export default publicRoutes;
