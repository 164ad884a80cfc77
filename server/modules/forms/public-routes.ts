/**
 * The public form (the product brief's form builder: at its own URL, lazy-loaded, validated by
 * the server with the same schema): read a published form by its slug, and submit an answer.
 * An old slug answers 308 to the new one, so printed links and QR codes keep working.
 */
import { z } from 'zod';
import { FORM_API, formPath } from '../../../src/domain/forms/api';
import { submissionSchema } from '../../../src/domain/forms/requests';
import { publicFormAnswer, receivedAnswer } from '../../../src/domain/forms/wire';
import { errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { fieldOut } from './form-routes';
import { publishedForm } from './form-service';
import { startToken } from './start-token';
import { submit } from './submission-service';

const tags = ['Forms'];
const PUBLIC = { access: 'public' as const };
const slugParams = z.object({ slug: z.string().max(80) });
const moved = { 308: z.null().describe('The form moved to a new slug (the `Location` header)') };

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

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
};
export default publicRoutes;
