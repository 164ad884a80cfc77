/**
 * The platform's own mails as they were written before they became templates (docs/email-templates.md), in
 * English and Spanish: the seed of the administrator's templates, and the built-in English a mail
 * falls back to when its template is missing or broken (platform-mail.ts).
 *
 * Same wording and facts as the plain-text mails they replace: tests and people read them (the
 * 6-digit code after "code is", the links, the amounts). Each sentence a person or a test parses
 * is a paragraph of its own, so the text part's 78-column wrap never splits "code is 123456".
 */
import type { PlatformMailKind, PlatformMailLocale } from '../../../src/domain/email-templates/kinds';

import { ACCOUNT_SOURCES } from './platform-sources-account';
import { CHANGE_SOURCES } from './platform-sources-changes';
import { link, mail, p, type PlatformSource } from './platform-blocks';

export type { PlatformSource } from './platform-blocks';

type FirstKinds = 'recovery' | 'invitation' | 'booking' | 'reservation' | 'ticket' | 'quote' | 'invoice';

const en: Record<FirstKinds, PlatformSource> = {
  recovery: {
    name: 'Password recovery (English)',
    subject: 'Your password recovery code',
    mjml: mail([
      p('Hello {{user.firstName | "there"}},'),
      p('Your password recovery code is {{code}}.'),
      p('It expires in {{expiresMinutes}} minutes.'),
      p('If you did not ask for it, you can ignore this message.'),
    ]),
  },
  invitation: {
    name: 'Team invitation (English)',
    subject: "You're invited to join {{business.name}}",
    mjml: mail([
      p('Hello {{member.name}},'),
      p('{{business.name}} invited you to their team on Back Office.'),
      p('Your invitation code is {{code}}. It expires in 7 days.'),
      p(`Open ${link('inviteLink')} , enter the code and choose your password.`),
    ]),
  },
  booking: {
    name: 'Booking confirmation (English)',
    subject: 'Booking confirmed: {{booking.service}} with {{business.name}}',
    mjml: mail([
      p('Hello {{contact.name}},'),
      p('Your booking is confirmed: {{booking.service}}.'),
      p('When: {{booking.when}}<br />Where: {{booking.location | "ask us"}}'),
      p('The attached calendar file adds it to your calendar.'),
      p('{{business.name}}'),
    ]),
  },
  reservation: {
    name: 'Table reservation (English)',
    subject: 'Your reservation at {{venue.name}}',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p(
        'Your table at {{venue.name}} is booked for {{reservation.partySize}} on {{reservation.when}} (table {{reservation.tables}}).',
      ),
      p('Your pass code: {{reservation.passCode}}'),
      p(`Show this pass at the door: ${link('reservation.link')}`),
      p('See you soon.'),
    ]),
  },
  ticket: {
    name: 'Event ticket (English)',
    subject: 'Your ticket for {{event.name}}',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p('Your {{ticket.type}} ticket ({{ticket.price}}) for {{event.name}}, {{event.when}}.'),
      p('Pass code: {{ticket.code}}'),
      p(`Show this at the door: ${link('ticket.link')}`),
    ]),
  },
  quote: {
    name: 'Moving quote (English)',
    subject: 'Moving quote {{quote.number}} from {{business.name}}',
    mjml: mail([
      p('Hello {{contact.name}},'),
      p(
        '{{business.name}} has sent you quote {{quote.number}} for your move on {{quote.moveDate}} at {{quote.startTime}}: {{quote.price}}.',
      ),
      p('From: {{quote.from}}<br />To: {{quote.to}}'),
      p(`See it and accept or decline it here (valid until {{quote.validUntil}}):<br />${link('quote.link')}`),
      p('Thank you.'),
    ]),
  },
  invoice: {
    name: 'Invoice (English)',
    subject: 'Invoice {{invoice.number}}',
    mjml: mail([
      p('Hello {{contact.name}},'),
      p('Invoice {{invoice.number}} for {{invoice.total}} is due on {{invoice.dueDate}}.'),
      // An invoice under the card minimum has no pay link (invoice-service.ts): a dash instead.
      p(`Pay it online: ${link('invoice.link', '—')}<br />Download the PDF: ${link('invoice.pdfLink', '—')}`),
      p('Thank you for your business.'),
    ]),
  },
};

const es: Record<FirstKinds, PlatformSource> = {
  recovery: {
    name: 'Recuperación de contraseña (Español)',
    subject: 'Tu código para recuperar la contraseña',
    mjml: mail([
      p('Hola {{user.firstName | ""}}:'),
      p('Tu código para recuperar la contraseña es {{code}}.'),
      p('Caduca en {{expiresMinutes}} minutos.'),
      p('Si no lo pediste, puedes ignorar este mensaje.'),
    ]),
  },
  invitation: {
    name: 'Invitación al equipo (Español)',
    subject: 'Te invitan a unirte a {{business.name}}',
    mjml: mail([
      p('Hola, {{member.name}}:'),
      p('{{business.name}} te invitó a su equipo en Back Office.'),
      p('Tu código de invitación es {{code}}. Caduca en 7 días.'),
      p(`Abre ${link('inviteLink')} , escribe el código y elige tu contraseña.`),
    ]),
  },
  booking: {
    name: 'Confirmación de reserva (Español)',
    subject: 'Reserva confirmada: {{booking.service}} con {{business.name}}',
    mjml: mail([
      p('Hola, {{contact.name}}:'),
      p('Tu reserva está confirmada: {{booking.service}}.'),
      p('Cuándo: {{booking.when}}<br />Dónde: {{booking.location | "pregúntanos"}}'),
      p('El archivo de calendario adjunto la añade a tu calendario.'),
      p('{{business.name}}'),
    ]),
  },
  reservation: {
    name: 'Reserva de mesa (Español)',
    subject: 'Tu reserva en {{venue.name}}',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p(
        'Tu mesa en {{venue.name}} está reservada para {{reservation.partySize}} el {{reservation.when}} (mesa {{reservation.tables}}).',
      ),
      p('Tu código de pase: {{reservation.passCode}}'),
      p(`Muestra este pase en la puerta: ${link('reservation.link')}`),
      p('¡Hasta pronto!'),
    ]),
  },
  ticket: {
    name: 'Entrada de evento (Español)',
    subject: 'Tu entrada para {{event.name}}',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p('Tu entrada {{ticket.type}} ({{ticket.price}}) para {{event.name}}, {{event.when}}.'),
      p('Código del pase: {{ticket.code}}'),
      p(`Muéstralo en la puerta: ${link('ticket.link')}`),
    ]),
  },
  quote: {
    name: 'Presupuesto de mudanza (Español)',
    subject: 'Presupuesto de mudanza {{quote.number}} de {{business.name}}',
    mjml: mail([
      p('Hola, {{contact.name}}:'),
      p(
        '{{business.name}} te ha enviado el presupuesto {{quote.number}} para tu mudanza del {{quote.moveDate}} a las {{quote.startTime}}: {{quote.price}}.',
      ),
      p('Desde: {{quote.from}}<br />Hasta: {{quote.to}}'),
      p(`Míralo y acéptalo o recházalo aquí (válido hasta el {{quote.validUntil}}):<br />${link('quote.link')}`),
      p('Gracias.'),
    ]),
  },
  invoice: {
    name: 'Factura (Español)',
    subject: 'Factura {{invoice.number}}',
    mjml: mail([
      p('Hola, {{contact.name}}:'),
      p('La factura {{invoice.number}} por {{invoice.total}} vence el {{invoice.dueDate}}.'),
      p(`Págala en línea: ${link('invoice.link', '—')}<br />Descarga el PDF: ${link('invoice.pdfLink', '—')}`),
      p('Gracias por confiar en nosotros.'),
    ]),
  },
};

export const PLATFORM_SOURCES: Record<PlatformMailLocale, Record<PlatformMailKind, PlatformSource>> = {
  en: { ...en, ...CHANGE_SOURCES.en, ...ACCOUNT_SOURCES.en },
  es: { ...es, ...CHANGE_SOURCES.es, ...ACCOUNT_SOURCES.es },
};
