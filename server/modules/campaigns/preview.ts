/** One contact's mail as the send would build it (the form's preview): same merge, no tracking recorded. */
import type { FastifyInstance } from 'fastify';
import type { PreviewAnswer } from '../../../src/domain/campaigns/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { templateVersionOf } from '../email-templates';
import { businessName } from './campaign-service';
import { footerLanguage, recipientMail, unresolved, valuesOf } from './merge';
import { contactOf } from './segment';
import { publicOrigin } from '../../http/public-origin';

export async function previewFor(
  app: FastifyInstance,
  businessId: string,
  input: { templateId: string; subject: string; contactId: string },
): Promise<PreviewAnswer> {
  const { db } = app.ctx.database;
  const [source, contact, business] = await Promise.all([
    templateVersionOf(db, businessId, input.templateId),
    contactOf(db, businessId, input.contactId),
    businessName(db, businessId),
  ]);
  if (!source) throw badRequest(MESSAGES.emailTemplateNotFound, { templateId: MESSAGES.emailTemplateNotFound });
  if (!contact) throw badRequest(MESSAGES.notFound, { contactId: MESSAGES.notFound });
  const values = valuesOf(contact, { name: business.name, email: '' });
  const origin = publicOrigin(app.ctx.config, null);
  // The preview's links are inert: no recipient row stands behind them.
  const mail = recipientMail({
    origin,
    source,
    subject: input.subject,
    values,
    recipientId: 'preview',
    to: contact.email,
    businessName: business.name,
    unsubscribeMailbox: 'preview@example.com',
    sign: () => 'preview',
    language: footerLanguage(contact.language, business.language),
  });
  return {
    to: contact.email,
    subject: mail.subject,
    html: mail.html ?? '',
    text: mail.text,
    unresolved: unresolved(source, input.subject, values),
  };
}
