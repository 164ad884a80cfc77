/**
 * A render with every check, the sender's included: the checks on the source itself
 * (render.ts) and `sender-unverified`, which needs the business's mail set-up. A business's mail
 * goes out from its default sender (the mail set-up's senderOf: the domains module's senderFor,
 * which send() uses too); when that sender's domain is not a verified domain of the business, the mail goes From
 * MAIL_FROM with the sender as Reply-To (mail/compose.ts says why) and the template says so. The platform's own templates (an administrator's)
 * go from MAIL_FROM, which is the operator's to set up: no sender finding. A business may not
 * use the platform-only kinds.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Finding } from '../../../src/domain/email-templates/checks';
import { PLATFORM_ONLY_KINDS } from '../../../src/domain/email-templates/kinds';
import { resolvedSource } from '../../../src/domain/email-templates/blocks-mjml';
import { EMAIL_TEMPLATE_LIMITS, type EmailSource } from '../../../src/domain/email-templates/rules';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { badRequest } from '../../http/errors';
import { unclosedMessage } from '../../../src/domain/templates/braces';
import { renderSource, type Rendered } from './render';
import { publicOrigin } from '../../http/public-origin';

async function senderFindings(app: FastifyInstance, businessId: string | null): Promise<Finding[]> {
  if (!businessId) return [];
  const sender = await app.ctx.mail.senderOf(businessId);
  return sender && !sender.dkim ? [{ id: 'sender-unverified', values: { address: sender.address } }] : [];
}

export async function renderChecked(
  app: FastifyInstance,
  businessId: string | null,
  source: EmailSource,
): Promise<Rendered> {
  // A password recovery or an invitation is the platform's mail only (platform-mail.ts).
  if (businessId && PLATFORM_ONLY_KINDS.includes(source.kind))
    throw badRequest(MESSAGES.invalidInput, { kind: MESSAGES.emailTemplateKindInvalid });
  const [rendered, sender] = await Promise.all([renderSource(source), senderFindings(app, businessId)]);
  return { ...rendered, findings: [...rendered.findings, ...sender] };
}

/**
 * The source a write renders and stores: a visual template's MJML made here from its blocks (the
 * MJML the browser sent for it is not trusted), held to the same size as written source.
 */
export function sourceOf<T extends EmailSource>(request: FastifyRequest & { body: T }): T {
  // A picture uploaded here is named by the app's address: the mail needs it whole.
  const origin = publicOrigin(request.server.ctx.config, request);
  const source = resolvedSource(request.body, origin);
  if (source.mjml.length > EMAIL_TEMPLATE_LIMITS.mjml) {
    const mjml = formatMessage('emailTemplateSourceTooLarge', { max: EMAIL_TEMPLATE_LIMITS.mjml / 1024 });
    throw badRequest(MESSAGES.invalidInput, { mjml });
  }
  // The MJML made here from a visual template's blocks is held to the rule the schema holds the
  // MJML sent to: a `{{` never closed is refused where it is (src/domain/templates/braces.ts).
  const unclosed = unclosedMessage(source.mjml);
  if (unclosed) throw badRequest(MESSAGES.invalidInput, { mjml: unclosed });
  return source;
}
