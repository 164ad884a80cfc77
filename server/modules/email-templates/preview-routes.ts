/**
 * Unsaved source: the preview (html, text part and findings, with the kind's sample data filled
 * in) and the test send, which mails that preview to the signed-in user through the mail adapter
 * (the outbox records it; with SMTP configured it goes out). Neither stores a template.
 */
import { EMAIL_TEMPLATES_API } from '../../../src/domain/email-templates/api';
import { emailSourceSchema } from '../../../src/domain/email-templates/rules';
import { emailPreviewAnswer, emailTestSendAnswer } from '../../../src/domain/email-templates/wire';
import { formatMessage } from '../../../src/domain/messages';
import { caller, tenantOf } from '../../auth/access';
import { errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { renderChecked, sourceOf } from './checked-render';
import { withSampleData } from './render';
import { ACCESS } from './template-routes';

const tags = ['Email templates'];

const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    EMAIL_TEMPLATES_API.preview,
    {
      schema: {
        tags,
        summary:
          'Render unsaved source with the sample data of its kind: html, text part and findings. MJML that ' +
          'does not parse answers 400 with its line',
        body: emailSourceSchema,
        response: { 200: ok(emailPreviewAnswer), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => {
      const source = sourceOf(request);
      const rendered = await renderChecked(app, tenantOf(request), source);
      return { result: { ...withSampleData(source, rendered), findings: rendered.findings } };
    },
  );

  app.post(
    EMAIL_TEMPLATES_API.testSend,
    {
      schema: {
        tags,
        summary: 'Mail the preview (sample data filled in) to the signed-in user, subject marked [Test]',
        body: emailSourceSchema,
        response: { 200: ok(emailTestSendAnswer), ...errorResponses },
      },
      config: ACCESS,
    },
    async (request) => {
      const source = sourceOf(request);
      const rendered = await renderChecked(app, tenantOf(request), source);
      const filled = withSampleData(source, rendered);
      const to = caller(request).email;
      const subject = formatMessage('emailTemplateTestSubject', { subject: filled.subject });
      // From the business's default sender, as its real mail would be (the platform's for an administrator).
      const businessId = tenantOf(request) ?? undefined;
      await app.ctx.mail.send({ to, subject, text: filled.text, html: filled.html, businessId });
      return { result: { to, subject, transport: app.ctx.mail.transport } };
    },
  );
};
export default previewRoutes;
