/**
 * One recipient's mail from the approved template version: the contact's values filled in (a
 * fallback where a value is empty: src/domain/email-templates/variables.ts), every http(s) link
 * rewritten through our click redirect, an open pixel, and the unsubscribe part every campaign
 * mail carries — a visible link in both parts and the one-click headers of RFC 8058
 * (`List-Unsubscribe` with an https and a mailto address, `List-Unsubscribe-Post`). The footer is
 * in the contact's language (the contacts' `language` field), else the business's (its club
 * owner account's language, the one its platform mails use).
 */
import { escapeHtml, placeholdersOf, substitute } from '../../../src/domain/email-templates/variables';
import {
  CAMPAIGN_API,
  RECIPIENT_REF_HEADER,
  UNSUBSCRIBE_LANGUAGE_PARAM,
  UNSUBSCRIBE_PAGE,
} from '../../../src/domain/campaigns/api';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { isMailLocale } from '../../../src/domain/email-templates/locale';
import type { MailMessage } from '../mail';
import type { TemplateVersionSource } from '../email-templates';
import type { TokenKind } from './tokens';

export interface ContactValues {
  fullName: string;
  email: string;
}

/** What the campaign's templates may name ('general' kind: src/domain/email-templates/kinds.ts). */
export function valuesOf(contact: ContactValues, business: { name: string; email: string }): Record<string, string> {
  const name = contact.fullName.trim();
  const space = name.indexOf(' ');
  return {
    'contact.firstName': space < 0 ? name : name.slice(0, space),
    'contact.lastName': space < 0 ? '' : name.slice(space + 1).trim(),
    'contact.name': name,
    'contact.email': contact.email,
    'business.name': business.name,
    'business.email': business.email,
    'business.phone': '',
  };
}

/** The variables of subject and body that would be empty for these values (no value, no fallback). */
export function unresolved(
  source: Pick<TemplateVersionSource, 'html' | 'text'>,
  subject: string,
  values: Record<string, string>,
) {
  const names = new Set<string>();
  for (const p of [...placeholdersOf(subject), ...placeholdersOf(source.html), ...placeholdersOf(source.text)]) {
    const name = p.name ?? p.raw;
    if (p.name && (values[p.name] ?? '').trim()) continue;
    if (p.name && p.fallback) continue;
    names.add(name);
  }
  return [...names];
}

/** The footer's words per language (campaign mail is the business's, not the app's UI). */
const FOOTER: Record<PlatformMailLocale, { unsubscribe: string; why: string }> = {
  en: { unsubscribe: 'Unsubscribe', why: 'You get this email as a contact of {{business}}.' },
  es: { unsubscribe: 'Darse de baja', why: 'Recibes este correo como contacto de {{business}}.' },
};

/** The contact's language when it has one, else the business's. */
export const footerLanguage = (contact: string | undefined, business: PlatformMailLocale): PlatformMailLocale =>
  isMailLocale(contact) ? contact : business;

export type Sign = (kind: TokenKind, recipientId: string, extra?: string) => string;

const HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

export function recipientMail(opts: {
  origin: string;
  source: Pick<TemplateVersionSource, 'html' | 'text'>;
  subject: string;
  values: Record<string, string>;
  recipientId: string;
  to: string;
  businessName: string;
  /** The mailto half of List-Unsubscribe: an address of the sender's. */
  unsubscribeMailbox: string;
  sign: Sign;
  language?: PlatformMailLocale;
}): MailMessage {
  const { origin, source, values, recipientId, sign } = opts;
  const language = opts.language ?? 'en';
  const unsubscribe = `${origin}${UNSUBSCRIBE_PAGE}?token=${sign('u', recipientId)}&${UNSUBSCRIBE_LANGUAGE_PARAM}=${language}`;
  const oneClick = `${origin}${CAMPAIGN_API.unsubscribe}?token=${sign('u', recipientId)}`;
  const pixel = `${origin}${CAMPAIGN_API.open}?token=${sign('o', recipientId)}`;
  const click = (url: string) => `${origin}${CAMPAIGN_API.click}?token=${sign('c', recipientId, url)}`;
  const body = substitute(source.html, values, true).replace(
    HREF,
    (_m, head: string, q: string, url: string) => `${head}${q}${escapeHtml(click(url.replace(/&amp;/g, '&')))}${q}`,
  );
  const words = FOOTER[language];
  const why = words.why.replace('{{business}}', opts.businessName);
  const footer =
    `<p style="font:12px sans-serif;color:#666;text-align:center">${escapeHtml(why)} · ` +
    `<a href="${escapeHtml(unsubscribe)}">${words.unsubscribe}</a></p>` +
    `<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" />`;
  const html = /<\/body>/i.test(body) ? body.replace(/<\/body>/i, `${footer}</body>`) : body + footer;
  const [user, domain] = opts.unsubscribeMailbox.split('@');
  return {
    to: opts.to,
    subject: substitute(opts.subject, values),
    html,
    text: `${substitute(source.text, values)}\n\n--\n${why}\n${words.unsubscribe}: ${unsubscribe}\n`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>, <mailto:${user}+unsubscribe@${domain}?subject=unsubscribe%20${recipientId}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      [RECIPIENT_REF_HEADER]: recipientId,
      // SendGrid copies unique_args into each event of its webhook (sendgrid.ts).
      'X-SMTPAPI': { prepared: true, value: JSON.stringify({ unique_args: { campaign_ref: recipientId } }) },
    },
  };
}
